// An MCP `tools/call` request is a tool call whatever carries it: posted by a generic HTTP tool to
// an MCP server (`{url: "http://localhost:8931/mcp", body: "[{\"jsonrpc\":\"2.0\",\"method\":
// \"tools/call\",\"params\":{\"name\":\"kubectl\",\"arguments\":{…}}}]"}`), in a batch, or in a
// queued message. Each request found (JSON text parsed) is the named tool called with its
// arguments, so it is classified as that call; other JSON-RPC methods are left to the other rules.

import type { InnerCall } from './inner-calls.ts';
import { payloadObjects } from './payload-objects.ts';

const TOOL_NAME = /^[A-Za-z][\w.\-/:]{0,79}$/;
const MAX_CALLS = 16;

/** Whether any string of the payload mentions `tools/call` (a bounded walk: 2,000 values at most). */
function mentionsToolsCall(payload: unknown): boolean {
  const stack: unknown[] = [payload];
  for (let seen = 0; stack.length > 0 && seen < 2000; seen++) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('tools/call')) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const item of Array.isArray(value) ? value.slice(0, 256) : Object.values(value).slice(0, 256)) stack.push(item);
    }
  }
  return false;
}

/** The tool path of an MCP tool's name (`fs.read_file` → `/tools/fs/read_file`), or undefined for no usable name. */
export function mcpToolPath(name: unknown): string | undefined {
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) return undefined;
  return `/tools/${name
    .split(/[./:]+/)
    .filter((part) => part !== '')
    .join('/')}`;
}

/** The MCP tool calls a payload carries as JSON-RPC requests; empty when there are none. */
export function mcpToolCalls(payload: unknown): InnerCall[] {
  if (!mentionsToolsCall(payload)) return [];
  const calls: InnerCall[] = [];
  for (const object of payloadObjects(payload)) {
    if (calls.length >= MAX_CALLS) break;
    if (object.method !== 'tools/call') continue;
    let params = object.params;
    if (typeof params === 'string') {
      try {
        params = JSON.parse(params) as unknown;
      } catch {
        continue;
      }
    }
    if (params === null || typeof params !== 'object' || Array.isArray(params)) continue;
    const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
    const path = mcpToolPath(name);
    if (path === undefined) continue;
    calls.push({ path, payload: args ?? {} });
  }
  return calls;
}
