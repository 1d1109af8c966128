// The gateway's configuration: the ActionGate service to ask, and the upstream MCP servers, in the
// `mcpServers` shape MCP clients already use. Keys never sit in the file: the agent key and the
// approver key come from the environment, so a gateway.json can be shared and committed.
import { readFileSync } from 'node:fs';
import { TOOL_RESULT_ACTIONS, type ToolResultAction } from './screen-result.ts';

/** An upstream started as a child process and spoken to over stdio. */
export interface StdioServerConfig {
  command: string;
  args?: string[];
  /** Added to a minimal environment (PATH, HOME, …); the gateway's own keys are never passed on. */
  env?: Record<string, string>;
  cwd?: string;
}

/** An upstream reached over Streamable HTTP. */
export interface HttpServerConfig {
  url: string;
  headers?: Record<string, string>;
}

export type UpstreamConfig = StdioServerConfig | HttpServerConfig;

export interface ActionGateSettings {
  /** Service URL; defaults to `ACTIONGATE_URL`, then `http://127.0.0.1:8080`. */
  url?: string;
  /** The agent the calls are decided for; defaults to the agent of the agent key. */
  agentId?: string;
  /** Deadline of one decision call, retries included. Default 5000. */
  timeoutMs?: number;
  /** How long a held call waits for a human before answering (without elicitation). Default 45000. */
  approvalWaitMs?: number;
  /** How often the approval is polled while waiting. Default 1000. */
  pollIntervalMs?: number;
  /** Deadline of one upstream call. Default 300000. */
  upstreamTimeoutMs?: number;
  /** A tool result the injection screen flags: `withhold` it from the model (default) or `mark` it with a warning. */
  toolResults?: ToolResultAction;
}

export interface GatewayConfig {
  actiongate?: ActionGateSettings;
  mcpServers: Record<string, UpstreamConfig>;
  /** The key decisions are sent with (an agent key, `agt_…`). */
  agentKey?: string;
  /** The key that records approvals given in the client (an approver or admin key; never the agent's). */
  approverKey?: string;
}

/** A configuration that cannot run: the message says what to fix. */
export class ConfigError extends Error {}

/** Server keys become part of tool names and decision paths: letters, digits, `-` and single `_`. */
export const SERVER_KEY = /^(?!.*__)[A-Za-z0-9_-]{1,48}$/;

const SETTINGS_FIELDS = ['url', 'agentId', 'timeoutMs', 'approvalWaitMs', 'pollIntervalMs', 'upstreamTimeoutMs', 'toolResults'];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function stringMap(value: unknown, where: string): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value) || Object.values(value).some((v) => typeof v !== 'string')) {
    throw new ConfigError(`${where} must be an object of strings`);
  }
  return value as Record<string, string>;
}

function checkUpstream(key: string, value: unknown): UpstreamConfig {
  const where = `mcpServers.${key}`;
  if (!SERVER_KEY.test(key)) {
    throw new ConfigError(`server key \`${key}\` must be 1 to 48 letters, digits, \`-\` or \`_\` (no \`__\`)`);
  }
  if (!isObject(value)) throw new ConfigError(`${where} must be an object`);
  if (typeof value.url === 'string') {
    for (const field of Object.keys(value)) {
      if (!['url', 'headers', 'type'].includes(field)) throw new ConfigError(`${where}: unknown field \`${field}\``);
    }
    let url: URL;
    try {
      url = new URL(value.url);
    } catch {
      throw new ConfigError(`${where}.url \`${value.url}\` is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${where}.url must be http or https`);
    if (value.type !== undefined && value.type !== 'http' && value.type !== 'streamable-http') {
      throw new ConfigError(`${where}.type \`${String(value.type)}\` is not supported (only Streamable HTTP and stdio)`);
    }
    return { url: value.url, headers: stringMap(value.headers, `${where}.headers`) };
  }
  if (typeof value.command !== 'string' || value.command === '') throw new ConfigError(`${where} needs a \`command\` or a \`url\``);
  for (const field of Object.keys(value)) {
    if (!['command', 'args', 'env', 'cwd', 'type'].includes(field)) throw new ConfigError(`${where}: unknown field \`${field}\``);
  }
  if (value.type !== undefined && value.type !== 'stdio') throw new ConfigError(`${where}.type must be \`stdio\` for a command`);
  if (value.args !== undefined && (!Array.isArray(value.args) || value.args.some((a) => typeof a !== 'string'))) {
    throw new ConfigError(`${where}.args must be an array of strings`);
  }
  if (value.cwd !== undefined && typeof value.cwd !== 'string') throw new ConfigError(`${where}.cwd must be a string`);
  return {
    command: value.command,
    args: value.args as string[] | undefined,
    env: stringMap(value.env, `${where}.env`),
    cwd: value.cwd as string | undefined,
  };
}

function checkSettings(value: unknown): ActionGateSettings {
  if (value === undefined) return {};
  if (!isObject(value)) throw new ConfigError('`actiongate` must be an object');
  for (const field of Object.keys(value)) {
    if (!SETTINGS_FIELDS.includes(field)) {
      const hint = /key/i.test(field) ? ' (keys come from ACTIONGATE_AGENT_KEY and ACTIONGATE_APPROVER_KEY, never from the file)' : '';
      throw new ConfigError(`actiongate: unknown field \`${field}\`${hint}`);
    }
  }
  for (const field of ['url', 'agentId']) {
    if (value[field] !== undefined && (typeof value[field] !== 'string' || value[field] === '')) {
      throw new ConfigError(`actiongate.${field} must be a non-empty string`);
    }
  }
  for (const field of ['timeoutMs', 'approvalWaitMs', 'pollIntervalMs', 'upstreamTimeoutMs']) {
    const n = value[field];
    if (n !== undefined && (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || (field !== 'approvalWaitMs' && n === 0))) {
      throw new ConfigError(`actiongate.${field} must be a positive number of milliseconds`);
    }
  }
  if (value.toolResults !== undefined && !TOOL_RESULT_ACTIONS.includes(value.toolResults as ToolResultAction)) {
    throw new ConfigError(`actiongate.toolResults must be one of ${TOOL_RESULT_ACTIONS.map((a) => `\`${a}\``).join(', ')}`);
  }
  return value as ActionGateSettings;
}

/** Checks a parsed configuration (the file's JSON); throws `ConfigError` naming the first problem. */
export function checkConfig(value: unknown): GatewayConfig {
  if (!isObject(value)) throw new ConfigError('the configuration must be a JSON object');
  for (const field of Object.keys(value)) {
    if (field !== 'actiongate' && field !== 'mcpServers')
      throw new ConfigError(`unknown field \`${field}\` (expected \`actiongate\`, \`mcpServers\`)`);
  }
  if (!isObject(value.mcpServers) || Object.keys(value.mcpServers).length === 0) {
    throw new ConfigError('`mcpServers` must name at least one upstream server');
  }
  const mcpServers: Record<string, UpstreamConfig> = {};
  for (const [key, server] of Object.entries(value.mcpServers)) mcpServers[key] = checkUpstream(key, server);
  return { actiongate: checkSettings(value.actiongate), mcpServers };
}

/** Reads and checks a gateway.json. */
export function loadConfigFile(path: string): GatewayConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read \`${path}\`: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`\`${path}\` is not valid JSON: ${(error as Error).message}`);
  }
  return checkConfig(parsed);
}

/** The keys from the environment: ACTIONGATE_AGENT_KEY (or ACTIONGATE_API_KEY) and ACTIONGATE_APPROVER_KEY. */
export function keysFromEnv(env: NodeJS.ProcessEnv = process.env): { agentKey?: string; approverKey?: string } {
  return {
    agentKey: env.ACTIONGATE_AGENT_KEY || env.ACTIONGATE_API_KEY || undefined,
    approverKey: env.ACTIONGATE_APPROVER_KEY || undefined,
  };
}

export function isHttpUpstream(config: UpstreamConfig): config is HttpServerConfig {
  return 'url' in config;
}
