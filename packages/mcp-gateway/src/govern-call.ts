// The decision chain in front of one upstream call: decide; when held, get a human's answer (inline
// through elicitation, or by waiting for the approval), then decide the identical call again, which
// consumes the approval so the call runs once. Answers whether to run, or the text the model sees.
import { ActionGate, ApiRequestError, type JsonObject } from '@actiongate/sdk';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { decideCall, type CallDecision } from './decide-call.ts';
import { canElicitForm, elicitApproval } from './elicit-approval.ts';
import type { Logger } from './log.ts';
import { blockedResult, heldResult, unavailableResult } from './tool-results.ts';
import { waitForApproval } from './wait-for-approval.ts';

export interface GovernContext {
  gate: ActionGate;
  /** Records approvals given in the client; undefined when no approver key is configured. */
  approver: ActionGate | undefined;
  server: Server;
  log: Logger;
  approvalWaitMs: number;
  pollIntervalMs: number;
}

export interface GovernedCall {
  /** What the log and the form call it: `tools/call fs__write_file`. */
  label: string;
  serverKey: string;
  /** The upstream's own name of the tool (or `resources/read`). */
  target: string;
  path: string;
  payload: JsonObject;
  /** The arguments shown to the human. */
  args: Record<string, unknown>;
}

export interface RequestScope {
  signal: AbortSignal;
  requestId: RequestId;
  /** Sends a progress notification when the client gave a progress token (no-op otherwise). */
  progress: (message: string) => void;
}

export type GovernOutcome = { run: true; decisionId: string } | { run: false; refusal: CallToolResult };

function describe(outcome: CallDecision): string {
  if (outcome.kind === 'unavailable') return `no decision (${outcome.reason})`;
  const d = outcome.decision;
  return `decision ${d.decision_id} ${d.verdict}${outcome.kind === 'held' ? ` approval ${outcome.approvalId}` : ''}`;
}

function refusalOf(outcome: Exclude<CallDecision, { kind: 'allow' | 'held' }>): CallToolResult {
  if (outcome.kind === 'unavailable') return unavailableResult(outcome.reason);
  return blockedResult(outcome.decision.detail || `verdict ${outcome.decision.verdict}`);
}

/** Decides `call` and, when held, gets the human's answer; never answers run for anything but an allowing decision. */
export async function governCall(ctx: GovernContext, call: GovernedCall, scope: RequestScope): Promise<GovernOutcome> {
  const first = await decideCall(ctx.gate, call.path, call.payload, scope.signal);
  ctx.log(`${call.label} -> ${call.path}: ${describe(first)}`);
  if (first.kind === 'allow') return { run: true, decisionId: first.decision.decision_id };
  if (first.kind !== 'held') return { run: false, refusal: refusalOf(first) };

  const human = await humanAnswer(ctx, call, first, scope);
  if (human) return { run: false, refusal: human };

  // Approved: the identical call again (same path, same payload). This decision consumes the approval.
  if (scope.signal.aborted) throw scope.signal.reason;
  const second = await decideCall(ctx.gate, call.path, call.payload, scope.signal);
  ctx.log(`${call.label} -> ${call.path}: after approval ${first.approvalId}: ${describe(second)}`);
  if (second.kind === 'allow') return { run: true, decisionId: second.decision.decision_id };
  if (second.kind === 'held') {
    return {
      run: false,
      refusal: heldResult(second.approvalId, second.decision.detail, ctx.gate.baseUrl, 'the earlier approval was already used'),
    };
  }
  return { run: false, refusal: refusalOf(second) };
}

/** Gets a human's answer to a held call; undefined means approved, otherwise the refusal to answer. */
async function humanAnswer(
  ctx: GovernContext,
  call: GovernedCall,
  held: Extract<CallDecision, { kind: 'held' }>,
  scope: RequestScope,
): Promise<CallToolResult | undefined> {
  const { approvalId } = held;
  const reason = held.decision.detail;
  // One budget for the whole human phase, so asking inline and then waiting never exceeds it.
  const deadline = Date.now() + ctx.approvalWaitMs;
  if (ctx.approver && canElicitForm(ctx.server.getClientCapabilities())) {
    let answer: Awaited<ReturnType<typeof elicitApproval>> | undefined;
    try {
      answer = await elicitApproval(
        ctx.server,
        { serverKey: call.serverKey, tool: call.target, args: call.args, approvalId, reason },
        { relatedRequestId: scope.requestId, signal: scope.signal, timeoutMs: Math.max(ctx.approvalWaitMs, 1000) },
      );
    } catch (error) {
      if (scope.signal.aborted) throw scope.signal.reason;
      ctx.log(`${call.label}: asking the user failed (${(error as Error).message}); waiting for approval ${approvalId} instead`);
    }
    if (answer === 'approve') return recordApproval(ctx, call, approvalId, reason);
    if (answer === 'decline') {
      await ctx.approver.approvals
        .deny(approvalId, { note: 'declined by the user in the MCP client (actiongate mcp-gateway)' })
        .catch((error: Error) => {
          ctx.log(`${call.label}: could not record the refusal of ${approvalId}: ${error.message}`);
        });
      ctx.log(`${call.label}: approval ${approvalId} declined in the client`);
      return blockedResult(`the user declined approval ${approvalId} (${reason})`);
    }
    if (answer === 'cancel') {
      ctx.log(`${call.label}: approval ${approvalId} dismissed in the client`);
      return heldResult(approvalId, reason, ctx.gate.baseUrl, 'the question was dismissed');
    }
  }

  const waitMs = Math.max(0, deadline - Date.now());
  scope.progress(`held for approval ${approvalId}; waiting up to ${Math.round(waitMs / 1000)} s for a human`);
  const waited = await waitForApproval(ctx.gate, approvalId, {
    waitMs,
    pollIntervalMs: ctx.pollIntervalMs,
    signal: scope.signal,
    onTick: (ms) => scope.progress(`waiting for approval ${approvalId} (${Math.round(ms / 1000)} s)`),
  });
  if (waited.kind === 'approved') {
    ctx.log(`${call.label}: approval ${approvalId} approved by ${waited.approval.decided_by_key_id ?? 'a human'}`);
    return undefined;
  }
  if (waited.kind === 'denied') {
    ctx.log(`${call.label}: approval ${approvalId} denied`);
    const note = waited.approval.note ? `: ${waited.approval.note}` : '';
    return blockedResult(`denied by a human (approval ${approvalId})${note}`);
  }
  ctx.log(`${call.label}: approval ${approvalId} not approved (${waited.why})`);
  return heldResult(approvalId, reason, ctx.gate.baseUrl, waited.why);
}

/** Records the user's approval with the approver key; an approval someone else gave already counts too. */
async function recordApproval(
  ctx: GovernContext,
  call: GovernedCall,
  approvalId: string,
  reason: string,
): Promise<CallToolResult | undefined> {
  try {
    await ctx.approver!.approvals.approve(approvalId, { note: 'approved by the user in the MCP client (actiongate mcp-gateway)' });
    ctx.log(`${call.label}: approval ${approvalId} approved in the client`);
    return undefined;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) {
      const current = await ctx.gate.approvals.get(approvalId).catch(() => undefined);
      if (current?.status === 'approved') return undefined;
      if (current?.status === 'denied') return blockedResult(`denied by a human (approval ${approvalId})`);
    }
    ctx.log(`${call.label}: could not record approval ${approvalId}: ${(error as Error).message}`);
    return heldResult(approvalId, reason, ctx.gate.baseUrl, `the approval could not be recorded: ${(error as Error).message}`);
  }
}
