// Tool calls carried inside another call's payload. Agent frameworks route calls through generic
// tools: `/tools/mcp/call {name: "read_file", arguments: {...}}`, `/tools/run {tool: "fs.read",
// input: "<JSON>"}`, OpenAI `tool_calls: [{function: {name, arguments: "<JSON>"}}]`, workflow
// `steps: [{uses: "terraform", with: {...}}]`, batches `{operations: [{op: "delete", path}]}` and
// HTTP tools given `{request: {method, url, body}}`. What such a call does is what the carried call
// does, so each carried call is found (arguments held as JSON text are parsed) and classified under
// its own tool name.

import { normalizeKey } from './payload-fields.ts';

/** Where carried calls are found: the carrier's path without its last segment, and whether it is a batch. */
interface Place {
  prefix: string;
  batch: boolean;
  /** The carrier's own name says it runs commands (`/tools/exec`, `/tools/run`). */
  runsCommands: boolean;
}

/** A call found inside a payload. */
export interface InnerCall {
  path: string;
  payload: unknown;
}

/** Keys that name the carried tool. */
const NAME_KEYS = new Set(['name', 'tool', 'tool_name', 'toolname', 'function_name', 'function', 'uses', 'action', 'method_name']);
/** Keys that hold the carried tool's arguments. */
const ARGUMENT_KEYS = new Set(['arguments', 'args', 'input', 'params', 'parameters', 'with', 'payload', 'tool_input', 'kwargs']);
/** Keys of a batch item that name its operation; the rest of the item is its arguments. */
const OPERATION_KEYS = new Set(['op', 'operation', 'action']);
/** Keys a carried call may have beside its name and arguments; any other key makes the object an API request of its own (`{service, action, params}`). */
const CALL_METADATA_KEYS = new Set([
  'id',
  'call_id',
  'type',
  'index',
  'step',
  'label',
  'description',
  'title',
  'comment',
  'name',
  'tool_call_id',
]);
/** Keys that name the server or app a carried tool belongs to (`{server: "okta", tool: "policies_update"}`, Zapier's `{app, action, params}`): its path's first segment. */
const SERVER_KEYS = new Set(['server', 'server_name', 'mcp_server', 'app']);
/** Words of the last path segment of a tool that only carries other calls. */
const CARRIER_WORDS = new Set([
  'call',
  'calls',
  'invoke',
  'run',
  'exec',
  'execute',
  'dispatch',
  'step',
  'steps',
  'function',
  'functions',
  'batch',
  'proxy',
  'tool',
  'tools',
  'action',
  'actions',
  'workflow',
  'relay',
  'gateway',
  'bridge',
  'plugin',
]);
/** Keys that hold one carried call as an object (`{request: {…}}`, OpenAI's older `{function_call: {name, arguments}}`). */
const SINGLE_CALL_KEYS = new Set(['request', 'function', 'function_call', 'tool_call', 'tool_use']);
const TOOL_NAME = /^[A-Za-z][\w.\-/:]{0,79}$/;
const HTTP_METHODS = /^(?:GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/i;
const MAX_JSON_TEXT = 65536;
const MAX_CALLS = 32;
const MAX_ITEMS = 64;
const MAX_DEPTH = 5;

/** A JSON object or array written as text, parsed; undefined when the text is not one. */
export function parseJsonText(text: string): unknown {
  if (text.length < 2 || text.length > MAX_JSON_TEXT) return undefined;
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A value, or the JSON it holds as text. */
function unwrapped(value: unknown): unknown {
  return typeof value === 'string' ? (parseJsonText(value) ?? value) : value;
}

/** Whether the last segment of a tool path only says "run this call" (`/tools/mcp/call`, `/tools/workflow/step`). */
export function isCarrierPath(path: string): boolean {
  const segment =
    path
      .split('/')
      .filter((part) => part !== '')
      .pop() ?? '';
  const words = segment
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  return words.length > 0 && words.every((word) => CARRIER_WORDS.has(word));
}

/** The tool path a carried tool name stands for: `fs.read` is `/tools/fs/read`; a batch operation keeps the batch's prefix. */
function innerPath(name: string, prefix: string): string {
  return `${prefix}/${name
    .split(/[./:]+/)
    .filter((part) => part !== '')
    .join('/')}`;
}

function knownCallKey(key: string): boolean {
  return NAME_KEYS.has(key) || ARGUMENT_KEYS.has(key) || CALL_METADATA_KEYS.has(key) || SERVER_KEYS.has(key);
}

/** The carried call an object describes, if it describes one. */
function callOf(record: Record<string, unknown>, place: Place): InnerCall | undefined {
  const keys = Object.keys(record);
  let name: string | undefined;
  let args: unknown;
  let hasArgs = false;
  let operation: string | undefined;
  let method: string | undefined;
  let url = false;
  let server: string | undefined;
  for (const key of keys) {
    const normal = normalizeKey(key);
    const value = record[key];
    if (normal === 'function' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      // OpenAI: `{function: {name, arguments: "<JSON>"}}`.
      const inner = callOf(value as Record<string, unknown>, place);
      if (inner !== undefined) return inner;
    }
    if (typeof value === 'string' && NAME_KEYS.has(normal) && TOOL_NAME.test(value)) name ??= value;
    if (typeof value === 'string' && OPERATION_KEYS.has(normal) && TOOL_NAME.test(value)) operation ??= value;
    if (typeof value === 'string' && SERVER_KEYS.has(normal) && /^[A-Za-z][\w-]{0,39}$/.test(value)) server ??= value;
    if (ARGUMENT_KEYS.has(normal) && !hasArgs) {
      const inner = unwrapped(value);
      // An argument list or a bare string stays under its key (`/tools/kubectl {args: [...]}`), as the named tool would get it.
      args = inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? inner : { [key]: inner };
      hasArgs = true;
    }
    if (normal === 'method' && typeof value === 'string' && HTTP_METHODS.test(value)) method = value.toLowerCase();
    if (normal === 'url' && typeof value === 'string' && /^https?:\/\//i.test(value)) url = true;
  }
  if (name !== undefined && hasArgs && keys.every((key) => knownCallKey(normalizeKey(key)))) {
    // `/tools/exec {name: "rm", args: ["-rf", "/"]}`: a carrier that runs commands given a name and an
    // argument list runs that program with those arguments.
    const list = Object.values(args as Record<string, unknown>)[0];
    if (place.runsCommands && Array.isArray(list) && list.every((item) => typeof item === 'string'))
      return { path: '/tools/shell', payload: { command: [name, ...(list as string[])] } };
    // The server names the tool's first segment unless the name already starts with it (`github.delete_repo`).
    const qualified = server !== undefined && !name.toLowerCase().startsWith(server.toLowerCase()) ? `${server}.${name}` : name;
    return { path: innerPath(qualified, '/tools'), payload: args };
  }
  // `{method: "GET", url: "https://…", body}`: an HTTP request, made by an HTTP tool of that verb; a
  // JSON-RPC body (`{jsonrpc, method: "eth_getBalance", params}`) is a call of the method it names.
  if (url) {
    const rpc = jsonRpcCall(record);
    return rpc ?? { path: `/tools/http/${method ?? 'request'}`, payload: record };
  }
  const grpc = grpcCall(record, keys);
  if (grpc !== undefined) return grpc;
  // `{op: "delete", path: "…", recursive: true}` in a batch: the operation's tool is given the rest.
  // Operations named by `op`/`action` with their arguments beside them are read only in a batch (`/tools/fs/batch`).
  if (operation !== undefined && place.batch && keys.length > 1 && !hasArgs) {
    const rest: Record<string, unknown> = {};
    for (const key of keys) if (!OPERATION_KEYS.has(normalizeKey(key))) rest[key] = record[key];
    return { path: innerPath(operation, place.prefix), payload: rest };
  }
  return undefined;
}

/** A gRPC full method name: `package.v1.Service/Method`. */
const GRPC_METHOD = /^\/?((?:[A-Za-z_]\w*\.)*[A-Z]\w*)\/([A-Z]\w{0,79})$/;
/** Keys a gRPC invocation has beside its method. */
const GRPC_KEYS = new Set(['method', 'request', 'message', 'body', 'data', 'metadata', 'deadline', 'timeout', 'target', 'address', 'host']);

/** `{method: "google.cloud.resourcemanager.v3.Projects/DeleteProject", request: {...}}`: a call of that method with that message. */
function grpcCall(record: Record<string, unknown>, keys: string[]): InnerCall | undefined {
  const method = typeof record.method === 'string' ? GRPC_METHOD.exec(record.method) : null;
  if (method === null || !keys.every((key) => GRPC_KEYS.has(normalizeKey(key)))) return undefined;
  const message = unwrapped(record.request ?? record.message ?? record.body ?? record.data ?? {});
  return { path: innerPath(`${method[1]}.${method[2]}`, '/tools'), payload: message };
}

/** The method a JSON-RPC request body calls, with its parameters and the request's URL. */
function jsonRpcCall(request: Record<string, unknown>): InnerCall | undefined {
  const body = unwrapped(request.body ?? request.json ?? request.data);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const rpc = body as Record<string, unknown>;
  if (typeof rpc.jsonrpc !== 'string' || typeof rpc.method !== 'string' || !TOOL_NAME.test(rpc.method)) return undefined;
  return { path: `/tools/${rpc.method}`, payload: { url: request.url, params: rpc.params } };
}

/**
 * The calls a payload carries: the payload itself as a call, the items of its arrays that are calls
 * (`tool_calls`, `steps`, `operations`), a `request` object; nested carriers are followed. Batch
 * operations are named under the carrier's own prefix (`/tools/fs/batch` -> `/tools/fs/delete`).
 * Undefined when there are none; `rest` is what else the carrier was given.
 */
export function findInnerCalls(payload: unknown, path: string, runsCommands: boolean): { calls: InnerCall[]; rest: unknown } | undefined {
  const prefix = path.slice(0, path.lastIndexOf('/'));
  const place: Place = { prefix, batch: /batch/i.test(path.slice(prefix.length)), runsCommands };
  const found: InnerCall[] = [];
  const consumed = new Set<unknown>();
  const value = unwrapped(payload);
  if (value !== payload && value !== null && typeof value === 'object') consumed.add(payload);
  collect(value, place, 0, found, true, consumed);
  if (found.length === 0) return undefined;
  return { calls: found, rest: value === payload ? residualPayload(payload, consumed) : undefined };
}

function collect(value: unknown, place: Place, depth: number, out: InnerCall[], top: boolean, consumed: Set<unknown>): void {
  if (depth > MAX_DEPTH || out.length >= MAX_CALLS || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && i < MAX_ITEMS; i++) {
      const raw: unknown = value[i];
      const record = unwrapped(raw);
      if (record === null || typeof record !== 'object' || Array.isArray(record)) continue;
      const call = callOf(record as Record<string, unknown>, place);
      if (call === undefined) continue;
      consumed.add(raw);
      pushCall(call, place, depth, out, consumed);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  const call = top ? callOf(record, place) : undefined;
  if (call !== undefined) {
    consumed.add(record);
    pushCall(call, place, depth, out, consumed);
    return;
  }
  for (const key of Object.keys(record)) {
    const raw = record[key];
    const item = unwrapped(raw);
    if (Array.isArray(item)) collect(item, place, depth + 1, out, false, consumed);
    else if (item !== null && typeof item === 'object') {
      const normal = normalizeKey(key);
      if (SINGLE_CALL_KEYS.has(normal)) {
        const inner = callOf(item as Record<string, unknown>, place);
        if (inner !== undefined) {
          consumed.add(raw);
          pushCall(inner, place, depth, out, consumed);
        }
      } else if (ARGUMENT_KEYS.has(normal) && depth > 0) collect(item, place, depth + 1, out, true, consumed);
    }
  }
}

/** Adds a call, or the calls it carries in turn when it is itself a carrier (`proxy {payload: {tool, input}}`). */
function pushCall(call: InnerCall, place: Place, depth: number, out: InnerCall[], consumed: Set<unknown>): void {
  if (out.length >= MAX_CALLS) return;
  if (isCarrierPath(call.path)) {
    const before = out.length;
    collect(call.payload, place, depth + 1, out, true, consumed);
    if (out.length > before) return;
  }
  out.push({ path: call.path, payload: parsedStrings(call.payload, 0) });
}

/** A carried call's arguments with every JSON text inside them parsed in place (`{input: "{\"cmd\": …}"}`). */
function parsedStrings(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  if (typeof value === 'string') {
    const parsed = parseJsonText(value);
    return parsed === undefined ? value : parsedStrings(parsed, depth + 1);
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => parsedStrings(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = parsedStrings((value as Record<string, unknown>)[key], depth + 1);
  return copy;
}

/** The payload without the calls it carries (what else the carrier was given), undefined when nothing is left. */
export function residualPayload(payload: unknown, consumed: ReadonlySet<unknown>): unknown {
  if (consumed.has(payload)) return undefined;
  if (payload === null || typeof payload !== 'object') return payload;
  if (Array.isArray(payload)) {
    const items = payload.filter((item) => !consumed.has(item));
    return items.length === 0 ? undefined : items;
  }
  const rest: Record<string, unknown> = {};
  let any = false;
  for (const key of Object.keys(payload)) {
    const value = residualPayload((payload as Record<string, unknown>)[key], consumed);
    if (value === undefined) continue;
    rest[key] = value;
    any = true;
  }
  return any ? rest : undefined;
}
