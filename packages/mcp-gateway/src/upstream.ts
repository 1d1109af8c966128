// One upstream MCP server: the SDK client connected to it over stdio or Streamable HTTP, and its
// lists read whole (all pages) so the gateway can merge them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCNotification,
  type Progress,
  type Prompt,
  type Resource,
  type ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { isHttpUpstream, type UpstreamConfig } from './config.ts';

export const GATEWAY_INFO = { name: 'actiongate-mcp-gateway', version: '0.1.0' };

/** A runaway upstream that pages forever is cut off here. */
const MAX_PAGES = 50;

export interface Upstream {
  key: string;
  client: Client;
  /** The upstream's tools by their own names, as last listed. */
  tools: Map<string, Tool>;
  /** Progress relays of the calls in flight, by the progress token the gateway gave the upstream. */
  progress: Map<string, (progress: Progress) => void>;
}

let tokens = 0;
const TOKEN_PREFIX = 'actiongate-';

/** A progress token for one upstream call. */
export function nextProgressToken(): string {
  return `${TOKEN_PREFIX}${++tokens}`;
}

/** Where an stdio upstream's stderr goes: the gateway's stderr by default. */
export type StderrMode = 'inherit' | 'ignore';

function transportFor(config: UpstreamConfig, stderr: StderrMode): Transport {
  if (isHttpUpstream(config)) {
    return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
  }
  // The child gets a minimal environment plus its own `env`: never the gateway's keys.
  return new StdioClientTransport({ command: config.command, args: config.args, env: config.env, cwd: config.cwd, stderr });
}

/** Connects and initializes one upstream. */
export async function connectUpstream(
  key: string,
  config: UpstreamConfig,
  options: { stderr: StderrMode; timeoutMs: number; onError: (error: Error) => void },
): Promise<Upstream> {
  const client = new Client(GATEWAY_INFO, { capabilities: {} });
  const progress = new Map<string, (progress: Progress) => void>();
  const transport = transportFor(config, options.stderr);
  // The SDK's client runs notification handlers a microtask late, so a progress notification that
  // arrives in the same chunk as its call's result is dropped as "unknown token". The gateway reads
  // progress here instead, synchronously and in arrival order (the client keeps this handler).
  transport.onmessage = (message) => {
    if (!isJSONRPCNotification(message) || message.method !== 'notifications/progress') return;
    const params = message.params as Progress & { progressToken?: unknown };
    const relay = typeof params?.progressToken === 'string' ? progress.get(params.progressToken) : undefined;
    relay?.({ progress: params.progress, total: params.total, message: params.message });
  };
  client.onerror = (error) => {
    // The client's own late look-up of the gateway's tokens: already relayed above.
    if (error.message.includes('unknown token') && error.message.includes(`"progressToken":"${TOKEN_PREFIX}`)) return;
    options.onError(error);
  };
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch (error) {
    // A child that started but did not initialize is stopped, not left behind.
    await client.close().catch(() => undefined);
    throw error;
  }
  return { key, client, tools: new Map(), progress };
}

async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await fetchPage(cursor);
    items.push(...answer.items);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return items;
}

export function listAllTools(client: Client): Promise<Tool[]> {
  return allPages(async (cursor) => {
    const r = await client.listTools(cursor ? { cursor } : undefined);
    return { items: r.tools, nextCursor: r.nextCursor };
  });
}

export function listAllResources(client: Client): Promise<Resource[]> {
  return allPages(async (cursor) => {
    const r = await client.listResources(cursor ? { cursor } : undefined);
    return { items: r.resources, nextCursor: r.nextCursor };
  });
}

export function listAllResourceTemplates(client: Client): Promise<ResourceTemplate[]> {
  return allPages(async (cursor) => {
    const r = await client.listResourceTemplates(cursor ? { cursor } : undefined);
    return { items: r.resourceTemplates, nextCursor: r.nextCursor };
  });
}

export function listAllPrompts(client: Client): Promise<Prompt[]> {
  return allPages(async (cursor) => {
    const r = await client.listPrompts(cursor ? { cursor } : undefined);
    return { items: r.prompts, nextCursor: r.nextCursor };
  });
}
