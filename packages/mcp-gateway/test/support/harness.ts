// What the gateway's end-to-end tests share: the real ActionGate server with an agent key and an
// approver key, real MCP servers from the npm registry run over stdio, and the gateway driven by
// the MCP SDK's own Client over an in-memory link.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { startServer, type TestServer } from '../../../server/test/support/test-server.ts';
import { runGateway, type Gateway, type GatewayConfig } from '../../src/index.ts';

const require = createRequire(import.meta.url);
export const FILESYSTEM_SERVER = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
export const EVERYTHING_SERVER = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

export interface Service {
  server: TestServer;
  agentKey: string;
  agentId: string;
  approverKey: string;
  approverKeyId: string;
}

/** Starts ActionGate and mints an agent key and an approver key. */
export async function startService(agentName = 'mcp-agent'): Promise<Service> {
  const server = await startServer();
  const agent = await server.call('POST', '/fabric/agent-keys', { body: { name: agentName } });
  if (agent.status !== 201) throw new Error(`agent key: ${agent.status} ${JSON.stringify(agent.body)}`);
  const approver = await server.call('POST', '/fabric/api-keys', { body: { name: 'mcp-approver', role: 'approver' } });
  if (approver.status !== 201) throw new Error(`approver key: ${approver.status} ${JSON.stringify(approver.body)}`);
  return {
    server,
    agentKey: agent.body.agent_key,
    agentId: agent.body.agent_id,
    approverKey: approver.body.api_key,
    approverKeyId: approver.body.id,
  };
}

/** A rule through the HTTP API; answers its id. */
export async function addRule(service: Service, rule: Record<string, unknown>): Promise<string> {
  const r = await service.server.call('POST', '/fabric/tool-rules', { body: rule });
  if (r.status !== 200 && r.status !== 201) throw new Error(`rule: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface Connected {
  gateway: Gateway;
  client: Client;
  log: string[];
  close(): Promise<void>;
}

/** Starts the gateway with `config` and connects a downstream Client to it. */
export async function connectGateway(
  config: GatewayConfig,
  clientOptions: { capabilities?: ClientCapabilities; setup?: (client: Client) => void } = {},
): Promise<Connected> {
  const [clientSide, gatewaySide] = InMemoryTransport.createLinkedPair();
  const log: string[] = [];
  const gateway = await runGateway(config, { transport: gatewaySide, log: (line) => log.push(line), upstreamStderr: 'ignore' });
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: clientOptions.capabilities ?? {} });
  clientOptions.setup?.(client);
  await client.connect(clientSide);
  return {
    gateway,
    client,
    log,
    async close() {
      await client.close().catch(() => undefined);
      await gateway.close();
    },
  };
}

/** The text of a tool result's text blocks. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}

/** The approvals of an agent, newest first. */
export async function approvalsOf(service: Service, status?: string): Promise<any[]> {
  const query = new URLSearchParams({ agent_id: service.agentId, ...(status && { status }) });
  const r = await service.server.call('GET', `/fabric/approvals?${query}`);
  return r.body.approvals;
}
