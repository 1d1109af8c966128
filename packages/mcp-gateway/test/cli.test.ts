// The commands as an MCP client runs them: a child process speaking MCP on stdio. stdout must carry
// only the protocol (any stray line breaks the client), and the log goes to stderr.
import assert from 'node:assert/strict';
import { writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { addRule, FILESYSTEM_SERVER, removeDir, startService, tempDir, textOf, type Service } from './support/harness.ts';

const ACTIONGATE_BIN = fileURLToPath(new URL('../../cli/bin/actiongate.js', import.meta.url));
const GATEWAY_BIN = fileURLToPath(new URL('../bin/actiongate-mcp-gateway.js', import.meta.url));

describe('the gateway commands over stdio', () => {
  let service: Service;
  let dir: string;

  before(async () => {
    service = await startService('cli-agent');
    dir = tempDir('actiongate-mcp-cli-');
    writeFileSync(join(dir, 'note.txt'), 'from the cli test\n');
    await addRule(service, { name: 'reads-ok', effect: 'allow', match_path: '/tools/mcp/fs/read_text_file' });
  });

  after(async () => {
    await service?.server.close();
    removeDir(dir);
  });

  async function run(args: string[]): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args,
      env: { ACTIONGATE_AGENT_KEY: service.agentKey, ACTIONGATE_APPROVER_KEY: service.approverKey },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    // A line on stdout that is not JSON-RPC fails the connection or surfaces here.
    const protocolErrors: Error[] = [];
    client.onerror = (error) => protocolErrors.push(error);
    await client.connect(transport);
    return {
      client,
      stderr: () => stderr,
      async close() {
        await client.close();
        assert.deepEqual(protocolErrors, []);
      },
    };
  }

  test('`actiongate mcp-gateway --config gateway.json`: reads run, writes are held, the log is on stderr', async () => {
    const configFile = join(dir, 'gateway.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        actiongate: { url: service.server.url, approvalWaitMs: 0 },
        mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM_SERVER, dir] } },
      }),
    );
    const gw = await run([ACTIONGATE_BIN, 'mcp-gateway', '--config', configFile]);
    try {
      const names = (await gw.client.listTools()).tools.map((t) => t.name);
      assert.ok(names.includes('fs__read_text_file') && names.includes('fs__write_file'));
      const read = await gw.client.callTool({ name: 'fs__read_text_file', arguments: { path: join(dir, 'note.txt') } });
      assert.equal(textOf(read), 'from the cli test\n');
      const write = await gw.client.callTool({ name: 'fs__write_file', arguments: { path: join(dir, 'new.txt'), content: 'x' } });
      assert.equal(write.isError, true);
      assert.match(textOf(write), /HELD for approval apr_/);
      assert.equal(existsSync(join(dir, 'new.txt')), false);
      assert.match(
        gw.stderr(),
        /actiongate-mcp: tools\/call fs__read_text_file -> \/tools\/mcp\/fs\/read_text_file: decision fd_\w+ ALLOWED/,
      );
      assert.match(
        gw.stderr(),
        /actiongate-mcp: tools\/call fs__write_file -> \/tools\/mcp\/fs\/write_file: decision fd_\w+ REQUIRE_APPROVAL approval apr_/,
      );
    } finally {
      await gw.close();
    }
  });

  test('`actiongate-mcp-gateway --server fs -- <command>` serves one stdio upstream', async () => {
    const gw = await run([GATEWAY_BIN, '--url', service.server.url, '--server', 'fs', '--', process.execPath, FILESYSTEM_SERVER, dir]);
    try {
      const read = await gw.client.callTool({ name: 'fs__read_text_file', arguments: { path: join(dir, 'note.txt') } });
      assert.equal(textOf(read), 'from the cli test\n');
    } finally {
      await gw.close();
    }
  });
});
