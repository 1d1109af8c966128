// An MCP request written out in full, `{jsonrpc: "2.0", method: "tools/call", params: {name,
// arguments}}`, may be handed to a tool of any path (`/mcp`, `/tools/mcp`, `/rpc`, a gateway's own
// name): whatever that path says, the call is the named tool given those arguments. Other methods
// (`tools/list`, `resources/read`) carry no tool call.

import type { InnerCall } from './inner-calls.ts';
import { mcpToolPath } from './mcp-rpc-calls.ts';

function record(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    if (value.length > 65536 || !value.trimStart().startsWith('{')) return undefined;
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The tool call an MCP `tools/call` request carries (the request itself, or under `body`/`request`/`message`), or undefined. */
export function mcpEnvelopeCall(payload: unknown): InnerCall | undefined {
  let request = record(payload);
  if (request === undefined) return undefined;
  if (request.jsonrpc === undefined) request = record(request.body ?? request.request ?? request.message);
  if (request === undefined || typeof request.jsonrpc !== 'string' || request.method !== 'tools/call') return undefined;
  const params = record(request.params);
  const path = mcpToolPath(params?.name);
  if (path === undefined) return undefined;
  return { path, payload: record(params?.arguments) ?? {} };
}
