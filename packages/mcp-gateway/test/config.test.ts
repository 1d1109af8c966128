// The configuration file and the command line: what is accepted, and the message for what is not.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkConfig, ConfigError, keysFromEnv, loadConfigFile, runGateway } from '../src/index.ts';
import { configFromCommandLine } from '../src/start-from-command-line.ts';
import { removeDir, tempDir } from './support/harness.ts';

const fs = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] };

const REFUSED = [
  { note: 'not an object', config: [], message: /must be a JSON object/ },
  { note: 'no servers', config: { mcpServers: {} }, message: /at least one upstream/ },
  { note: 'a server key with `__`', config: { mcpServers: { a__b: fs } }, message: /server key `a__b`/ },
  { note: 'a server key with a dot', config: { mcpServers: { 'a.b': fs } }, message: /server key `a\.b`/ },
  { note: 'neither command nor url', config: { mcpServers: { x: {} } }, message: /needs a `command` or a `url`/ },
  { note: 'an SSE upstream', config: { mcpServers: { x: { url: 'http://h/sse', type: 'sse' } } }, message: /not supported/ },
  { note: 'a non-http url', config: { mcpServers: { x: { url: 'ftp://h' } } }, message: /http or https/ },
  {
    note: 'args that are not strings',
    config: { mcpServers: { x: { command: 'a', args: [1] } } },
    message: /args must be an array of strings/,
  },
  { note: 'a key in the file', config: { actiongate: { agentKey: 'agt_x' }, mcpServers: { fs } }, message: /never from the file/ },
  { note: 'a zero timeout', config: { actiongate: { timeoutMs: 0 }, mcpServers: { fs } }, message: /timeoutMs must be a positive/ },
  { note: 'an unknown top-level field', config: { servers: {}, mcpServers: { fs } }, message: /unknown field `servers`/ },
];

for (const c of REFUSED) {
  test(`checkConfig refuses ${c.note}`, () => {
    assert.throws(
      () => checkConfig(c.config),
      (e: unknown) => e instanceof ConfigError && c.message.test(e.message),
    );
  });
}

test('checkConfig accepts a Claude-Desktop-style mcpServers block with stdio and Streamable HTTP upstreams', () => {
  const config = checkConfig({
    actiongate: { url: 'http://127.0.0.1:8080', approvalWaitMs: 0 },
    mcpServers: { fs: { ...fs, env: { A: 'b' } }, remote: { url: 'https://mcp.example.com/mcp', headers: { authorization: 'Bearer t' } } },
  });
  assert.deepEqual(Object.keys(config.mcpServers), ['fs', 'remote']);
  assert.equal(config.actiongate?.approvalWaitMs, 0);
});

test('loadConfigFile names the file when it is not JSON', () => {
  const dir = tempDir('actiongate-mcp-config-');
  try {
    const file = join(dir, 'gateway.json');
    writeFileSync(file, '{ not json');
    assert.throws(() => loadConfigFile(file), /gateway\.json` is not valid JSON/);
  } finally {
    removeDir(dir);
  }
});

test('keys come from the environment', () => {
  assert.deepEqual(keysFromEnv({ ACTIONGATE_AGENT_KEY: 'agt_1', ACTIONGATE_APPROVER_KEY: 'fk_2' }), {
    agentKey: 'agt_1',
    approverKey: 'fk_2',
  });
  assert.deepEqual(keysFromEnv({ ACTIONGATE_API_KEY: 'agt_3' }), { agentKey: 'agt_3', approverKey: undefined });
});

test('the gateway refuses to start without an agent key, or with the agent key as approver', async () => {
  const saved = { ...process.env };
  delete process.env.ACTIONGATE_AGENT_KEY;
  delete process.env.ACTIONGATE_API_KEY;
  try {
    await assert.rejects(runGateway({ mcpServers: { fs } }), /no agent key/);
    await assert.rejects(
      runGateway({ mcpServers: { fs }, agentKey: 'agt_same', approverKey: 'agt_same' }),
      /must differ from the agent key/,
    );
  } finally {
    process.env = saved;
  }
});

test('the command line: --server with a command, or --config, not both', () => {
  const config = configFromCommandLine(['node', 'server.js', '/data'], {
    server: 'fs',
    wait: '10',
    url: 'http://127.0.0.1:9',
    agent: 'bot',
  });
  assert.deepEqual(config.mcpServers, { fs: { command: 'node', args: ['server.js', '/data'] } });
  assert.equal(config.actiongate?.approvalWaitMs, 10_000);
  assert.equal(config.actiongate?.url, 'http://127.0.0.1:9');
  assert.equal(config.actiongate?.agentId, 'bot');
  assert.throws(() => configFromCommandLine([], { server: 'fs' }), /needs the upstream command/);
  assert.throws(() => configFromCommandLine(['x'], { server: 'fs', config: 'g.json' }), /not both/);
  assert.throws(() => configFromCommandLine([], {}), /give --config/);
  assert.throws(() => configFromCommandLine(['x'], { server: 'fs', wait: 'soon' }), /--wait must be a positive number/);
});
