// A Streamable HTTP upstream (an MCP SDK server on 127.0.0.1 in this process): calls are decided and
// routed over HTTP, and the upstream's tools/list_changed reaches the client with the new list.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  ToolListChangedNotificationSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { addRule, connectGateway, startService, textOf, type Connected, type Service } from './support/harness.ts';

describe('gateway in front of a Streamable HTTP upstream', () => {
  let service: Service;
  let http: HttpServer;
  let upstream: Server;
  let gw: Connected;
  const tools: Tool[] = [
    { name: 'add_note', description: 'adds a note', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  ];
  const ran: unknown[] = [];
  const aborted: unknown[] = [];

  before(async () => {
    service = await startService('http-agent');
    await addRule(service, { name: 'notes-ok', effect: 'allow', match_path: '/tools/mcp/notes/*' });
    upstream = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    upstream.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    upstream.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      ran.push({ name: request.params.name, arguments: request.params.arguments });
      if (request.params.name === 'slow_note') {
        // Runs until the caller cancels: the gateway must pass the client's cancellation on.
        await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve(), { once: true }));
        aborted.push(request.params.arguments);
        return { content: [{ type: 'text', text: 'cancelled' }] };
      }
      return { content: [{ type: 'text', text: `${request.params.name}: ${JSON.stringify(request.params.arguments)}` }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    await upstream.connect(transport);
    http = createServer((req, res) => void transport.handleRequest(req, res));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const port = (http.address() as { port: number }).port;
    gw = await connectGateway({
      actiongate: { url: service.server.url, approvalWaitMs: 0 },
      mcpServers: { notes: { url: `http://127.0.0.1:${port}/mcp` } },
      agentKey: service.agentKey,
    });
  });

  after(async () => {
    await gw?.close();
    await upstream?.close();
    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
    await service?.server.close();
  });

  test('an allowed call reaches the HTTP upstream once, with the exact arguments', async () => {
    const result = await gw.client.callTool({ name: 'notes__add_note', arguments: { text: 'buy milk', tags: ['a'] } });
    assert.equal(textOf(result), 'add_note: {"text":"buy milk","tags":["a"]}');
    assert.deepEqual(ran, [{ name: 'add_note', arguments: { text: 'buy milk', tags: ['a'] } }]);
  });

  test("the upstream's list_changed is relayed, and the new tool is listed and routed", async () => {
    const changed = new Promise<void>((resolve) =>
      gw.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => resolve()),
    );
    tools.push({ name: 'remove_note', inputSchema: { type: 'object' } });
    await upstream.sendToolListChanged();
    await changed;
    const names = (await gw.client.listTools()).tools.map((t) => t.name);
    assert.deepEqual(names.sort(), ['notes__add_note', 'notes__remove_note']);
    const result = await gw.client.callTool({ name: 'notes__remove_note', arguments: { id: 1 } });
    assert.equal(textOf(result), 'remove_note: {"id":1}');
  });

  test('with approvalWaitMs 0 and no elicitation, a held call answers at once with the approval id', async () => {
    await addRule(service, {
      name: 'purge-needs-a-human',
      effect: 'require_approval',
      match_path: '/tools/mcp/notes/add_note',
      match_args: [{ field: 'text', op: 'eq', value: 'purge' }],
    });
    const before = ran.length;
    const result = await gw.client.callTool({ name: 'notes__add_note', arguments: { text: 'purge' } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^\[ActionGate\] HELD for approval apr_\S+: held by .*; not executed/);
    assert.equal(ran.length, before);
  });

  test("the client's cancellation reaches the upstream", async () => {
    tools.push({ name: 'slow_note', inputSchema: { type: 'object' } });
    await upstream.sendToolListChanged();
    // Each wait is bounded by time (30 s: notifications, decisions and the upstream are slow on a loaded machine).
    const within = () => Date.now() + 30_000;
    for (
      const deadline = within();
      Date.now() < deadline && !(await gw.client.listTools()).tools.some((t) => t.name === 'notes__slow_note');
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const controller = new AbortController();
    const call = gw.client.callTool({ name: 'notes__slow_note', arguments: { n: 7 } }, undefined, { signal: controller.signal });
    for (const deadline = within(); Date.now() < deadline && !ran.some((r: any) => r.name === 'slow_note');)
      await new Promise((r) => setTimeout(r, 10));
    assert.ok(
      ran.some((r: any) => r.name === 'slow_note'),
      'the upstream started the call',
    );
    controller.abort();
    await assert.rejects(call);
    for (const deadline = within(); Date.now() < deadline && aborted.length === 0;) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(aborted, [{ n: 7 }]);
  });
});
