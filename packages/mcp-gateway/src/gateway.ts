// The MCP gateway: one MCP server for the client, in front of several upstream MCP servers. Tools
// (and prompts) are merged under `serverKey__name`; every tools/call and resources/read is decided
// by ActionGate before the upstream sees it, and runs only on an allowing verdict.
import { ActionGate, type JsonObject } from '@actiongate/sdk';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ReadResourceRequestSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Prompt,
  type ProgressToken,
  type ReadResourceResult,
  type ResourceTemplate,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { checkConfig, ConfigError, keysFromEnv, type GatewayConfig } from './config.ts';
import { governCall, type GovernContext, type RequestScope } from './govern-call.ts';
import { stderrLogger, type Logger } from './log.ts';
import { strictDecisionFetch } from './strict-decision-fetch.ts';
import { NameTable } from './tool-names.ts';
import { screenToolResult, type ToolResultAction } from './screen-result.ts';
import { errorResult } from './tool-results.ts';
import {
  connectUpstream,
  GATEWAY_INFO,
  listAllPrompts,
  listAllResources,
  listAllResourceTemplates,
  listAllTools,
  nextProgressToken,
  type StderrMode,
  type Upstream,
} from './upstream.ts';

/** The payload field that carries the upstream's tool annotations: hints from the upstream, not facts. */
export const HINTS_FIELD = '_mcp';

const DEFAULTS = {
  timeoutMs: 5000,
  approvalWaitMs: 45_000,
  pollIntervalMs: 1000,
  upstreamTimeoutMs: 300_000,
  connectTimeoutMs: 30_000,
  toolResults: 'withhold' as ToolResultAction,
};

export interface GatewayOptions {
  /** The client-facing transport; stdio by default. */
  transport?: Transport;
  log?: Logger;
  /** Where the stderr of stdio upstreams goes (default `inherit`: the gateway's stderr). */
  upstreamStderr?: StderrMode;
  /** The fetch the ActionGate client uses (tests, proxies). */
  fetch?: typeof fetch;
}

export interface Gateway {
  server: Server;
  /** Connected upstreams by server key. */
  upstreams: Map<string, Upstream>;
  /** Exposed tool name -> upstream server and tool. */
  tools: NameTable;
  close(): Promise<void>;
}

/** The decision path of a tool: `/tools/mcp/<serverKey>/<tool>` (odd characters percent-encoded). */
export function toolPath(serverKey: string, tool: string): string {
  return `/tools/mcp/${serverKey}/${encodeURIComponent(tool)}`;
}

/**
 * Starts the gateway: connects the upstreams (one that fails is logged and left out), then serves
 * MCP on `options.transport` (stdio by default). Keys default to the environment
 * (ACTIONGATE_AGENT_KEY, ACTIONGATE_APPROVER_KEY).
 */
export async function runGateway(config: GatewayConfig, options: GatewayOptions = {}): Promise<Gateway> {
  const checked = checkConfig({ actiongate: config.actiongate, mcpServers: config.mcpServers });
  const settings = { ...DEFAULTS, ...checked.actiongate };
  const env = keysFromEnv();
  const agentKey = config.agentKey ?? env.agentKey;
  const approverKey = config.approverKey ?? env.approverKey;
  if (!agentKey) throw new ConfigError('no agent key: set ACTIONGATE_AGENT_KEY to the agent key (`agt_…`) the calls are decided with');
  if (approverKey && approverKey === agentKey) {
    throw new ConfigError('ACTIONGATE_APPROVER_KEY must differ from the agent key: a key cannot approve its own calls');
  }
  const log = options.log ?? stderrLogger;
  const fetchImpl = strictDecisionFetch(options.fetch ?? globalThis.fetch);
  const gate = new ActionGate({
    baseUrl: settings.url,
    apiKey: agentKey,
    agentId: settings.agentId,
    timeoutMs: settings.timeoutMs,
    fetch: fetchImpl,
  });
  const approver = approverKey
    ? new ActionGate({ baseUrl: gate.baseUrl, apiKey: approverKey, timeoutMs: settings.timeoutMs, fetch: fetchImpl })
    : undefined;

  const upstreams = new Map<string, Upstream>();
  let closing = false;
  await Promise.all(
    Object.entries(checked.mcpServers).map(async ([key, upstreamConfig]) => {
      try {
        upstreams.set(
          key,
          await connectUpstream(key, upstreamConfig, {
            stderr: options.upstreamStderr ?? 'inherit',
            timeoutMs: settings.connectTimeoutMs,
            onError: (error) => log(`server ${key}: ${error.message}`),
          }),
        );
      } catch (error) {
        log(`server ${key}: cannot connect (${(error as Error).message}); its tools are left out`);
      }
    }),
  );
  const caps = (u: Upstream) => u.client.getServerCapabilities() ?? {};
  const withResources = () => [...upstreams.values()].filter((u) => caps(u).resources);
  const withPrompts = () => [...upstreams.values()].filter((u) => caps(u).prompts);

  const capabilities: ServerCapabilities = { tools: { listChanged: true } };
  if (withResources().length > 0) capabilities.resources = { listChanged: true };
  if (withPrompts().length > 0) capabilities.prompts = { listChanged: true };
  const server = new Server(GATEWAY_INFO, {
    capabilities,
    instructions:
      'Tool calls pass through ActionGate. A call it blocks or holds for a human returns an error result that says why; ' +
      'when a call is held, tell the user, and after they approve it retry the identical call (same tool, same arguments).',
  });
  let connected = false;
  const notify = (send: () => Promise<void>) => {
    if (connected) send().catch((error: Error) => log(`cannot notify the client: ${error.message}`));
  };

  const tools = new NameTable();
  const prompts = new NameTable();
  const conflict = (key: string) => (name: string, exposed: string) =>
    log(`server ${key}: \`${name}\` left out: its name \`${exposed}\` is taken`);

  async function refreshTools(upstream: Upstream): Promise<void> {
    const listed = await listAllTools(upstream.client);
    upstream.tools = new Map(listed.map((tool) => [tool.name, tool]));
    tools.setServer(upstream.key, [...upstream.tools.keys()], conflict(upstream.key));
  }

  await Promise.all(
    [...upstreams.values()].map(async (upstream) => {
      if (caps(upstream).tools) {
        await refreshTools(upstream).catch((error: Error) => log(`server ${upstream.key}: cannot list tools (${error.message})`));
      }
      upstream.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        await refreshTools(upstream).catch((error: Error) => log(`server ${upstream.key}: cannot list tools (${error.message})`));
        log(`server ${upstream.key}: tool list changed`);
        notify(() => server.sendToolListChanged());
      });
      upstream.client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => {
        if (capabilities.resources) notify(() => server.sendResourceListChanged());
      });
      upstream.client.setNotificationHandler(PromptListChangedNotificationSchema, async () => {
        if (capabilities.prompts) notify(() => server.sendPromptListChanged());
      });
      upstream.client.onclose = () => {
        if (!upstreams.has(upstream.key) || closing) return;
        log(`server ${upstream.key}: disconnected; its tools are withdrawn`);
        upstreams.delete(upstream.key);
        tools.removeServer(upstream.key);
        prompts.removeServer(upstream.key);
        notify(() => server.sendToolListChanged());
      };
      log(`server ${upstream.key}: connected (${upstream.tools.size} tools)`);
    }),
  );

  const ctx: GovernContext = {
    gate,
    approver,
    server,
    log,
    approvalWaitMs: settings.approvalWaitMs,
    pollIntervalMs: settings.pollIntervalMs,
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const listed: Tool[] = [];
    for (const upstream of upstreams.values()) {
      for (const tool of upstream.tools.values()) {
        const name = tools.exposedOf(upstream.key, tool.name);
        if (name) listed.push({ ...tool, name, title: tool.title ?? tool.annotations?.title ?? tool.name });
      }
    }
    return { tools: listed };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const exposed = request.params.name;
    const target = tools.lookup(exposed);
    const upstream = target && upstreams.get(target.serverKey);
    if (!target || !upstream) {
      log(`tools/call ${exposed}: unknown tool, not routed`);
      throw new McpError(ErrorCode.InvalidParams, `unknown tool \`${exposed}\``);
    }
    const args = request.params.arguments ?? {};
    const label = `tools/call ${exposed}`;
    if (Object.hasOwn(args, HINTS_FIELD)) {
      log(`${label}: refused, argument \`${HINTS_FIELD}\` is reserved`);
      return errorResult(`[ActionGate] BLOCKED: the argument \`${HINTS_FIELD}\` is reserved for the gateway; not executed`);
    }
    const annotations = upstream.tools.get(target.name)?.annotations;
    // Payload = the exact arguments; the upstream's annotations ride along as untrusted hints, so
    // an approval binds to these arguments (and these hints) and nothing else.
    const payload: JsonObject = annotations ? { ...args, [HINTS_FIELD]: { annotations } } : { ...args };
    const progress = progressOf(extra._meta?.progressToken, extra.sendNotification);
    const scope: RequestScope = { signal: extra.signal, requestId: extra.requestId, progress: progress.wait };
    const governed = await governCall(
      ctx,
      { label, serverKey: target.serverKey, target: target.name, path: toolPath(target.serverKey, target.name), payload, args },
      scope,
    );
    if (!governed.run) return governed.refusal;
    if (extra.signal.aborted) throw extra.signal.reason;

    let result: CallToolResult;
    // Progress goes to the upstream under a token of the gateway's, relayed with the client's own.
    const token = progress.relay ? nextProgressToken() : undefined;
    if (token) upstream.progress.set(token, progress.relay!);
    try {
      result = (await upstream.client.callTool(
        { name: target.name, arguments: args, ...(token && { _meta: { progressToken: token } }) },
        undefined,
        {
          signal: extra.signal,
          timeout: settings.upstreamTimeoutMs,
        },
      )) as CallToolResult;
    } catch (error) {
      log(`${label}: decision ${governed.decisionId}: the upstream call failed: ${(error as Error).message}`);
      reportOutcome(gate, governed.decisionId, 'failed', (error as Error).message, log);
      throw error;
    } finally {
      if (token) upstream.progress.delete(token);
    }
    await progress.flush();
    log(`${label}: decision ${governed.decisionId}: ran${result.isError ? ' (the tool answered an error)' : ''}`);
    // What the tool returned reaches the model only after the injection screen has read it.
    const screened = screenToolResult(result, settings.toolResults);
    if (screened.note) log(`${label}: decision ${governed.decisionId}: ${screened.note}`);
    reportOutcome(gate, governed.decisionId, result.isError ? 'failed' : 'completed', screened.note, log);
    return screened.result;
  });

  if (capabilities.resources) {
    const uriOwner = new Map<string, string>();
    let templates: Array<{ key: string; template: UriTemplate }> = [];

    server.setRequestHandler(ListResourcesRequestSchema, async () => {
      const lists = await Promise.all(withResources().map(async (u) => ({ key: u.key, items: await listAllResources(u.client) })));
      uriOwner.clear();
      for (const { key, items } of lists) for (const r of items) if (!uriOwner.has(r.uri)) uriOwner.set(r.uri, key);
      return { resources: lists.flatMap((l) => l.items) };
    });

    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {
      const lists = await Promise.all(withResources().map(async (u) => ({ key: u.key, items: await listAllResourceTemplates(u.client) })));
      templates = lists.flatMap(({ key, items }) =>
        items.map((t: ResourceTemplate) => ({ key, template: new UriTemplate(t.uriTemplate) })),
      );
      return { resourceTemplates: lists.flatMap((l) => l.items) };
    });

    server.setRequestHandler(ReadResourceRequestSchema, async (request, extra): Promise<ReadResourceResult> => {
      const uri = request.params.uri;
      const candidates = withResources();
      const key =
        uriOwner.get(uri) ??
        (candidates.length === 1 ? candidates[0].key : undefined) ??
        templates.find((t) => t.template.match(uri) !== null)?.key;
      const upstream = key ? upstreams.get(key) : undefined;
      if (!upstream) throw new McpError(ErrorCode.InvalidParams, `unknown resource \`${uri}\`: list the resources first`);
      const progress = progressOf(extra._meta?.progressToken, extra.sendNotification);
      const governed = await governCall(
        ctx,
        {
          label: `resources/read ${uri}`,
          serverKey: upstream.key,
          target: 'resources/read',
          path: `/tools/mcp/${upstream.key}/resources/read`,
          payload: { uri },
          args: { uri },
        },
        { signal: extra.signal, requestId: extra.requestId, progress: progress.wait },
      );
      if (!governed.run) {
        const text = governed.refusal.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ');
        throw new McpError(ErrorCode.InvalidRequest, text);
      }
      const result = await upstream.client.readResource({ uri }, { signal: extra.signal, timeout: settings.upstreamTimeoutMs });
      log(`resources/read ${uri}: decision ${governed.decisionId}: ran`);
      reportOutcome(gate, governed.decisionId, 'completed', undefined, log);
      return result;
    });
  }

  if (capabilities.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, async () => {
      const lists = await Promise.all(withPrompts().map(async (u) => ({ key: u.key, items: await listAllPrompts(u.client) })));
      const listed: Prompt[] = [];
      for (const { key, items } of lists) {
        const names = prompts.setServer(
          key,
          items.map((p) => p.name),
          conflict(key),
        );
        for (const prompt of items) {
          const name = names.get(prompt.name);
          if (name) listed.push({ ...prompt, name, title: prompt.title ?? prompt.name });
        }
      }
      return { prompts: listed };
    });

    server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
      const target = prompts.lookup(request.params.name);
      const upstream = target && upstreams.get(target.serverKey);
      if (!target || !upstream)
        throw new McpError(ErrorCode.InvalidParams, `unknown prompt \`${request.params.name}\`: list the prompts first`);
      return upstream.client.getPrompt({ name: target.name, arguments: request.params.arguments }, { signal: extra.signal });
    });
  }

  async function close(): Promise<void> {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    await Promise.all([...upstreams.values()].map((u) => u.client.close().catch(() => undefined)));
  }

  server.onclose = () => {
    void close();
  };
  await server.connect(options.transport ?? new StdioServerTransport());
  connected = true;
  log(`serving ${[...upstreams.keys()].length} servers; decisions at ${gate.baseUrl}`);
  return { server, upstreams, tools, close };
}

/**
 * Progress for one request, when the client gave a token: `wait` while a held call waits, `relay`
 * for the upstream's progress. The numbers only grow, across both phases.
 */
function progressOf(token: ProgressToken | undefined, send: (n: any) => Promise<void>) {
  let sent = 0;
  let pending: Promise<void> = Promise.resolve();
  const emit = (progress: number, total: number | undefined, message: string | undefined) => {
    sent = progress;
    const params = { progressToken: token, progress, ...(total !== undefined && { total }), ...(message && { message }) };
    pending = pending.then(() => send({ method: 'notifications/progress', params }).catch(() => undefined));
  };
  // Resolves once every progress notification is out, so none trails the result.
  const flush = () => pending;
  if (token === undefined) return { wait: () => undefined, relay: undefined, flush };
  let base: number | undefined;
  return {
    wait: (message: string) => emit(sent + 1, undefined, message),
    relay: (p: { progress: number; total?: number; message?: string }) => {
      base ??= sent;
      emit(base + p.progress, p.total === undefined ? undefined : base + p.total, p.message);
    },
    flush,
  };
}

/** Records what happened when the call ran (for the console and the agent's record); failures are only logged. */
function reportOutcome(
  gate: ActionGate,
  decisionId: string,
  status: 'completed' | 'failed',
  detail: string | undefined,
  log: Logger,
): void {
  gate.decisions
    .outcome(decisionId, { status, ...(detail && { detail: detail.slice(0, 2000) }) })
    .catch((error: Error) => log(`decision ${decisionId}: cannot record the outcome: ${error.message}`));
}
