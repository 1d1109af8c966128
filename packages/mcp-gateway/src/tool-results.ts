// The results the model sees when a call does not run: `isError: true` tool results (not JSON-RPC
// errors), so the model reads the reason and can tell the user what to do.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** An `isError` tool result with one text block. */
export function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

export function blockedResult(reason: string): CallToolResult {
  return errorResult(`[ActionGate] BLOCKED: ${reason}; not executed`);
}

export function unavailableResult(reason: string): CallToolResult {
  return errorResult(`[ActionGate] ActionGate unavailable: not executed (${reason})`);
}

/** A held call that was not approved in time: names the approval and how to approve it. */
export function heldResult(approvalId: string, reason: string, baseUrl: string, why?: string): CallToolResult {
  const console = `${baseUrl.replace(/\/+$/, '')}/dashboard`;
  return errorResult(
    `[ActionGate] HELD for approval ${approvalId}: ${reason}; not executed${why ? ` (${why})` : ''}. ` +
      `A human must approve it (console: ${console}, or \`actiongate approvals approve ${approvalId}\` with an approver key); ` +
      `approve it, then retry the identical call (same tool, same arguments): it runs once.`,
  );
}
