// End to end with two real upstreams from npm (@modelcontextprotocol/server-everything under a long
// key, and the filesystem server): merged and shortened names, routing by the lookup table,
// progress relayed, resources and prompts forwarded, and resources/read decided too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { McpError, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { hashedName } from '../src/index.ts';
import {
  addRule,
  connectGateway,
  EVERYTHING_SERVER,
  FILESYSTEM_SERVER,
  removeDir,
  startService,
  tempDir,
  textOf,
  type Connected,
  type Service,
} from './support/harness.ts';

const LONG_KEY = 'the-everything-reference-server-with-a-long-key';

describe('gateway in front of @modelcontextprotocol/server-everything and the filesystem server', () => {
  let service: Service;
  let dir: string;
  let gw: Connected;

  before(async () => {
    service = await startService('everything-agent');
    dir = tempDir('actiongate-mcp-every-');
    await addRule(service, { name: 'everything-tools-ok', effect: 'allow', match_path: `/tools/mcp/${LONG_KEY}/*` });
    gw = await connectGateway({
      actiongate: { url: service.server.url, approvalWaitMs: 200, pollIntervalMs: 50 },
      mcpServers: {
        [LONG_KEY]: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
        fs: { command: process.execPath, args: [FILESYSTEM_SERVER, dir] },
      },
      agentKey: service.agentKey,
      approverKey: service.approverKey,
    });
  });

  after(async () => {
    await gw?.close();
    await service?.server.close();
    removeDir(dir);
  });

  test('tools of both servers are merged; long names are shortened with a hash, all names valid and unique', async () => {
    const { tools } = await gw.client.listTools();
    const names = tools.map((t) => t.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of names) assert.match(name, /^[A-Za-z0-9_-]{1,64}$/, name);
    assert.ok(names.includes(`${LONG_KEY}__echo`), 'a name that fits is kept whole');
    assert.ok(names.includes('fs__write_file'));
    const shortened = hashedName(LONG_KEY, 'trigger-long-running-operation');
    assert.ok(shortened.length <= 64 && names.includes(shortened), names.join('\n'));
    assert.ok(!names.some((n) => n.endsWith('trigger-long-running-operation')));
    const tool = tools.find((t) => t.name === shortened)!;
    assert.equal(tool.title, 'Trigger Long Running Operation Tool');
  });

  test('a shortened name routes to its upstream tool, decided under the real path, with progress relayed', async () => {
    const shortened = hashedName(LONG_KEY, 'trigger-long-running-operation');
    const progress: Progress[] = [];
    const result = await gw.client.callTool({ name: shortened, arguments: { duration: 0.3, steps: 3 } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    assert.notEqual(result.isError, true, textOf(result));
    assert.match(textOf(result), /Long running operation completed\. Duration: 0\.3 seconds, Steps: 3/);
    assert.deepEqual(
      progress.map((p) => [p.progress, p.total]),
      [
        [1, 3],
        [2, 3],
        [3, 3],
      ],
    );
    assert.ok(
      gw.log.some((l) => l.startsWith(`tools/call ${shortened} -> /tools/mcp/${LONG_KEY}/trigger-long-running-operation: decision fd_`)),
      gw.log.join('\n'),
    );
  });

  test('the echo tool gets its exact arguments back', async () => {
    const result = await gw.client.callTool({ name: `${LONG_KEY}__echo`, arguments: { message: 'hi __ there' } });
    assert.equal(textOf(result), 'Echo: hi __ there');
  });

  test('an unknown tool is a protocol error, never routed by parsing the name', async () => {
    await assert.rejects(
      gw.client.callTool({ name: `${LONG_KEY}__no_such_tool`, arguments: {} }),
      (e: unknown) => e instanceof McpError && /unknown tool/.test(e.message),
    );
    await assert.rejects(gw.client.callTool({ name: 'fs__write_file_', arguments: {} }), /unknown tool/);
  });

  test('resources and prompts are forwarded because the upstream advertises them', async () => {
    const caps = gw.client.getServerCapabilities()!;
    assert.ok(caps.resources && caps.prompts && caps.tools?.listChanged);
    const { resources } = await gw.client.listResources();
    assert.ok(resources.length > 0);
    const { resourceTemplates } = await gw.client.listResourceTemplates();
    assert.ok(resourceTemplates.some((t) => t.uriTemplate.startsWith('demo://resource/dynamic/text/')));
    const { prompts } = await gw.client.listPrompts();
    assert.ok(prompts.some((p) => p.name === `${LONG_KEY}__simple-prompt`));
    const prompt = await gw.client.getPrompt({ name: `${LONG_KEY}__simple-prompt` });
    assert.ok(prompt.messages.length > 0);
  });

  test('resources/read is decided: held without a rule, read once a rule allows it', async () => {
    const uri = 'demo://resource/dynamic/text/1';
    await assert.rejects(
      gw.client.readResource({ uri }),
      (e: unknown) => e instanceof McpError && /HELD for approval apr_\S+: .*not executed/.test(e.message),
    );
    await addRule(service, { name: 'resources-ok', effect: 'allow', match_path: `/tools/mcp/${LONG_KEY}/resources/read` });
    const read = await gw.client.readResource({ uri });
    assert.equal(read.contents[0].uri, uri);
    assert.ok(
      gw.log.some((l) => l.startsWith(`resources/read ${uri} -> /tools/mcp/${LONG_KEY}/resources/read: decision fd_`) && /ALLOWED/.test(l)),
    );
  });
});
