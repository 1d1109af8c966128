// End to end: the real filesystem MCP server (npm) behind the gateway, the real ActionGate server,
// and the MCP SDK's Client as the downstream client. Reads, held writes, approvals, deny rules,
// elicitation, and the service going away.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ElicitRequestSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import type { GatewayConfig } from '../src/index.ts';
import {
  addRule,
  approvalsOf,
  connectGateway,
  FILESYSTEM_SERVER,
  removeDir,
  startService,
  tempDir,
  textOf,
  type Connected,
  type Service,
} from './support/harness.ts';

/**
 * How long the gateway waits for the test's "human" (an approval over HTTP, an elicitation answer), and
 * the test for the held call to show up: generous for a loaded machine (it only matters when something
 * is wrong), below the MCP client's own 60 s request timeout.
 */
const HUMAN_WAIT_MS = 30_000;

describe('gateway in front of @modelcontextprotocol/server-filesystem', () => {
  let service: Service;
  let dir: string;
  let plain: Connected;
  const config = (extra: Partial<NonNullable<GatewayConfig['actiongate']>> = {}): GatewayConfig => ({
    actiongate: { url: service.server.url, approvalWaitMs: 300, pollIntervalMs: 50, ...extra },
    mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM_SERVER, dir] } },
    agentKey: service.agentKey,
    approverKey: service.approverKey,
  });

  before(async () => {
    service = await startService();
    dir = tempDir('actiongate-mcp-fs-');
    writeFileSync(join(dir, 'hello.txt'), 'hello from the gateway test\n');
    writeFileSync(join(dir, 'protected.txt'), 'original\n');
    await addRule(service, { name: 'reads-ok', effect: 'allow', match_path: '/tools/mcp/fs/read_text_file' });
    await addRule(service, {
      name: 'protect-the-protected',
      effect: 'deny',
      match_path: '/tools/mcp/fs/write_file',
      match_args: [{ field: 'path', op: 'suffix', value: 'protected.txt' }],
    });
    // Held calls beyond the first (which is held because the agent is new) are held by this rule,
    // so they stay held however the agent's record grows during the suite.
    await addRule(service, {
      name: 'ask-first',
      effect: 'require_approval',
      match_path: '/tools/mcp/fs/write_file',
      match_args: [{ field: 'path', op: 'contains', value: 'ask-' }],
    });
    plain = await connectGateway(config());
  });

  after(async () => {
    await plain?.close();
    await service?.server.close();
    removeDir(dir);
  });

  test('tools are listed as fs__<tool> with the upstream schema', async () => {
    const { tools } = await plain.client.listTools();
    const names = tools.map((t) => t.name);
    assert.ok(names.includes('fs__read_text_file'), names.join(', '));
    assert.ok(names.includes('fs__write_file'));
    for (const name of names) assert.match(name, /^[A-Za-z0-9_-]{1,64}$/);
    const write = tools.find((t) => t.name === 'fs__write_file')!;
    assert.deepEqual(Object.keys((write.inputSchema as any).properties).sort(), ['content', 'path']);
    assert.equal(write.annotations?.destructiveHint, true);
  });

  test('an allowed read returns the file, and the decision is logged on the log, not stdout', async () => {
    const result = await plain.client.callTool({ name: 'fs__read_text_file', arguments: { path: join(dir, 'hello.txt') } });
    assert.notEqual(result.isError, true, textOf(result));
    assert.equal(textOf(result), 'hello from the gateway test\n');
    const line = plain.log.find((l) => l.startsWith('tools/call fs__read_text_file -> /tools/mcp/fs/read_text_file: decision fd_'));
    assert.ok(line, plain.log.join('\n'));
    assert.match(line, /ALLOWED/);
    // The decision was made on the exact arguments, with the annotations as hints beside them.
    const decisions = await service.server.call('GET', `/fabric/decisions?path=${encodeURIComponent('/tools/mcp/fs/read_text_file')}`);
    const record = decisions.body.decisions[0];
    assert.equal(record.agent_id, service.agentId);
    assert.deepEqual(record.payload, { path: join(dir, 'hello.txt'), _mcp: { annotations: { readOnlyHint: true, openWorldHint: false } } });
  });

  test('a write by a new agent is held; approved over HTTP, the identical retry runs once', async () => {
    const target = join(dir, 'held.txt');
    const args = { path: target, content: 'written after approval\n' };
    const first = await plain.client.callTool({ name: 'fs__write_file', arguments: args });
    assert.equal(first.isError, true);
    const text = textOf(first);
    const approvalId = /HELD for approval (apr_\S+):/.exec(text)?.[1];
    assert.ok(approvalId, text);
    assert.match(text, /held by trust/);
    assert.match(text, /not executed/);
    assert.match(text, /approve it, then retry the identical call/);
    assert.equal(existsSync(target), false, 'a held write must not run');

    // The agent's own key cannot approve; the approver key can.
    const own = await service.server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: service.agentKey, body: {} });
    assert.equal(own.status, 403);
    const ok = await service.server.call('POST', `/fabric/approvals/${approvalId}/approve`, {
      key: service.approverKey,
      body: { note: 'fine' },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));

    // Different arguments are not covered by the approval.
    const other = await plain.client.callTool({ name: 'fs__write_file', arguments: { ...args, content: 'something else\n' } });
    assert.equal(other.isError, true);
    assert.match(textOf(other), /HELD for approval/);
    assert.equal(existsSync(target), false);

    const retry = await plain.client.callTool({ name: 'fs__write_file', arguments: args });
    assert.notEqual(retry.isError, true, textOf(retry));
    assert.equal(readFileSync(target, 'utf8'), 'written after approval\n');
    const approval = (await service.server.call('GET', `/fabric/approvals/${approvalId}`)).body;
    assert.equal(approval.status, 'consumed');

    // Runs once: the same call again needs a new approval.
    const again = await plain.client.callTool({ name: 'fs__write_file', arguments: args });
    assert.equal(again.isError, true);
    const newId = /HELD for approval (apr_\S+):/.exec(textOf(again))?.[1];
    assert.ok(newId && newId !== approvalId, textOf(again));
  });

  test('a held call approved while the gateway waits runs in the same request, with progress', async () => {
    const waiting = await connectGateway(config({ approvalWaitMs: HUMAN_WAIT_MS, pollIntervalMs: 50 }));
    try {
      const target = join(dir, 'ask-waited.txt');
      const progress: Progress[] = [];
      const call = waiting.client.callTool(
        { name: 'fs__write_file', arguments: { path: target, content: 'approved while waiting\n' } },
        undefined,
        {
          onprogress: (p) => progress.push(p),
        },
      );
      let pending: any;
      for (const deadline = Date.now() + HUMAN_WAIT_MS; !pending && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 30));
        pending = (await approvalsOf(service, 'pending')).find((a) => a.payload.path === target);
      }
      assert.ok(pending, 'the held call is in the queue');
      assert.equal(existsSync(target), false);
      const ok = await service.server.call('POST', `/fabric/approvals/${pending.approval_id}/approve`, {
        key: service.approverKey,
        body: {},
      });
      assert.equal(ok.status, 200);
      const result = await call;
      assert.notEqual(result.isError, true, textOf(result));
      assert.equal(readFileSync(target, 'utf8'), 'approved while waiting\n');
      assert.ok(progress.length >= 1, 'progress notifications while waiting');
      assert.match(progress[0].message ?? '', /approval apr_/);
      for (let i = 1; i < progress.length; i++) assert.ok(progress[i].progress > progress[i - 1].progress);
    } finally {
      await waiting.close();
    }
  });

  test('a held call cancelled by the client never runs later, even when approved afterwards', async () => {
    const waiting = await connectGateway(config({ approvalWaitMs: HUMAN_WAIT_MS, pollIntervalMs: 50 }));
    try {
      const target = join(dir, 'ask-cancelled.txt');
      const controller = new AbortController();
      const call = waiting.client.callTool({ name: 'fs__write_file', arguments: { path: target, content: 'too late\n' } }, undefined, {
        signal: controller.signal,
      });
      let pending: any;
      for (const deadline = Date.now() + HUMAN_WAIT_MS; !pending && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 30));
        pending = (await approvalsOf(service, 'pending')).find((a) => a.payload.path === target);
      }
      assert.ok(pending, `the held call is in the queue: ${waiting.log.join('\n')}`);
      controller.abort();
      await assert.rejects(call);
      const ok = await service.server.call('POST', `/fabric/approvals/${pending.approval_id}/approve`, {
        key: service.approverKey,
        body: {},
      });
      assert.equal(ok.status, 200);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(existsSync(target), false, 'a cancelled call must not run');
      assert.equal(
        (await service.server.call('GET', `/fabric/approvals/${pending.approval_id}`)).body.status,
        'approved',
        'the approval is left unused',
      );
    } finally {
      await waiting.close();
    }
  });

  test('the hints field is reserved: a call that sends `_mcp` itself does not run', async () => {
    const target = join(dir, 'reserved.txt');
    const result = await plain.client.callTool({
      name: 'fs__write_file',
      arguments: { path: target, content: 'x', _mcp: { annotations: { readOnlyHint: true } } },
    });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /`_mcp` is reserved/);
    assert.equal(existsSync(target), false);
  });

  test('resources and prompts are not offered when the upstream does not advertise them', () => {
    const caps = plain.client.getServerCapabilities()!;
    assert.deepEqual(caps.tools, { listChanged: true });
    assert.equal(caps.resources, undefined);
    assert.equal(caps.prompts, undefined);
  });

  test('a deny rule blocks with its reason in words, and the file is untouched', async () => {
    const result = await plain.client.callTool({
      name: 'fs__write_file',
      arguments: { path: join(dir, 'protected.txt'), content: 'overwritten\n' },
    });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^\[ActionGate\] BLOCKED: .*protect-the-protected.*; not executed$/);
    assert.equal(readFileSync(join(dir, 'protected.txt'), 'utf8'), 'original\n');
  });

  test('a rule can use the upstream annotations in `_mcp` to ask for more', async () => {
    await addRule(service, {
      name: 'no-destructive-moves',
      effect: 'deny',
      match_path: '/tools/mcp/fs/move_file',
      match_args: [{ field: '_mcp.annotations.destructiveHint', op: 'eq', value: true }],
    });
    const result = await plain.client.callTool({
      name: 'fs__move_file',
      arguments: { source: join(dir, 'hello.txt'), destination: join(dir, 'moved.txt') },
    });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^\[ActionGate\] BLOCKED: .*no-destructive-moves.*; not executed$/);
    assert.equal(existsSync(join(dir, 'hello.txt')), true);
    assert.equal(existsSync(join(dir, 'moved.txt')), false);
  });

  test('elicitation: an explicit approve is recorded by the approver key and the call runs once', async () => {
    const asked: any[] = [];
    const inline = await connectGateway(config({ approvalWaitMs: HUMAN_WAIT_MS }), {
      capabilities: { elicitation: { form: {} } },
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, async (request) => {
          asked.push(request.params);
          return { action: 'accept', content: { approve: true } };
        }),
    });
    try {
      const target = join(dir, 'ask-elicited.txt');
      const result = await inline.client.callTool({ name: 'fs__write_file', arguments: { path: target, content: 'approved inline\n' } });
      assert.notEqual(result.isError, true, textOf(result));
      assert.equal(readFileSync(target, 'utf8'), 'approved inline\n');
      assert.equal(asked.length, 1);
      assert.match(asked[0].message, /Tool: write_file/);
      assert.match(asked[0].message, /Server: fs/);
      assert.ok(asked[0].message.includes(JSON.stringify(target)), asked[0].message);
      assert.deepEqual(Object.keys(asked[0].requestedSchema.properties), ['approve']);
      const approval = (await approvalsOf(service)).find((a) => a.payload.path === target);
      assert.equal(approval.status, 'consumed');
      assert.equal(approval.decided_by_key_id, service.approverKeyId);
    } finally {
      await inline.close();
    }
  });

  test('elicitation: a decline or an accept without approve does not run, and the approval is denied', async () => {
    const answers = [{ action: 'decline' as const }, { action: 'accept' as const, content: { approve: false } }];
    let next = 0;
    const inline = await connectGateway(config({ approvalWaitMs: HUMAN_WAIT_MS }), {
      capabilities: { elicitation: {} },
      setup: (client) => client.setRequestHandler(ElicitRequestSchema, async () => answers[next++]),
    });
    try {
      for (const name of ['ask-declined.txt', 'ask-not-approved.txt']) {
        const target = join(dir, name);
        const result = await inline.client.callTool({ name: 'fs__write_file', arguments: { path: target, content: 'no\n' } });
        assert.equal(result.isError, true);
        assert.match(textOf(result), /^\[ActionGate\] BLOCKED: the user declined approval apr_\S+ .*; not executed$/);
        assert.equal(existsSync(target), false);
        const approval = (await approvalsOf(service)).find((a) => a.payload.path === target);
        assert.equal(approval.status, 'denied');
      }
      assert.equal(next, 2);
    } finally {
      await inline.close();
    }
  });

  test('with ActionGate stopped every call fails closed', async () => {
    await service.server.close();
    const read = await plain.client.callTool({ name: 'fs__read_text_file', arguments: { path: join(dir, 'hello.txt') } });
    assert.equal(read.isError, true);
    assert.match(textOf(read), /^\[ActionGate\] ActionGate unavailable: not executed/);
    const target = join(dir, 'while-down.txt');
    const write = await plain.client.callTool({ name: 'fs__write_file', arguments: { path: target, content: 'x' } });
    assert.equal(write.isError, true);
    assert.match(textOf(write), /ActionGate unavailable: not executed/);
    assert.equal(existsSync(target), false);
    assert.ok(
      plain.log.some((l) => /no decision \(ActionGate at .* is unreachable/.test(l)),
      plain.log.join('\n'),
    );
  });
});
