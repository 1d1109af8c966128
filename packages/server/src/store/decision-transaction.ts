// One decision's transaction, as pure planning: the rows a database read become the engine's
// DecisionState, and the engine's result becomes the ordered list of writes that commit it. Each
// database reads and writes; every rule about what to write lives here, none in SQL code.
import {
  normalizeToolPath,
  recordOutcome,
  type Decision,
  type DecisionEffects,
  type DecisionState,
  type JournalEntryType,
  type RiskClass,
  type TenantSettings,
  type TrustRecord,
} from '@actiongate/engine';
import { approvalRecord, decisionRecord } from '../journal/journal-records.ts';
import { consumedApproval } from './approval-transition.ts';
import type { ApprovalState, DecisionJob, DecisionRow, KeyRow, TenantRow, ToolRuleRow } from './store.ts';
import type { AgentControlState } from '@actiongate/engine';
import { budgetView, planDecisionBudgetWrites, type BudgetWrite } from './budget-plan.ts'; // issue 19
import type { BudgetUsage } from './budget-store.ts';
import { planStepWrites, type PlanStepWrite } from './plan-step-writes.ts'; // issue 21

/** What a database reads, inside the decision's transaction, before the engine runs. */
export interface DecisionReads {
  tenant: TenantRow;
  settings: TenantSettings;
  /** The agent's record; null for an agent never seen. */
  agent: TrustRecord | null;
  /** The key that sent the call, read afresh (its record, spend, override and revocation). */
  key: KeyRow;
  rules: readonly ToolRuleRow[];
  /** Risk levels of the tenant's registered tools, by canonical tool name. */
  toolRisks: ReadonlyMap<string, RiskClass>;
  /** Approved and pending approvals of exactly this call that have not expired, oldest first. */
  openApprovals: readonly ApprovalState[];
  /** Issue 19: budgets covering the call with all their parents, and their usage; absent means none. */
  budgets?: readonly BudgetUsage[];
  /** Issue 19: the agent's controls and what it did against them; absent or null means none. */
  agentControls?: AgentControlState | null;
  /** Issue 21: steps used of the agent's live plans, by plan id; absent when it has none. */
  planProgress?: Readonly<Record<string, number>>;
}

/** The name a tool is registered under: the last part of its canonical path, so `/Tools/Get_Report/` cannot dodge its floor. */
export function registeredToolName(path: string): string {
  const canonical = normalizeToolPath(path);
  return canonical.slice(canonical.lastIndexOf('/') + 1);
}

/**
 * Whether a repeat of an idempotency key gets the first decision back. It does, and changes nothing
 * (no approval consumed twice), unless the tenant was halted or the agent or key stopped since:
 * then an old ALLOWED must not be replayed, and the call is decided afresh.
 */
export function replaysFirstDecision(first: DecisionRow, reads: Pick<DecisionReads, 'tenant' | 'agent' | 'key'>): boolean {
  const stopped =
    reads.tenant.halted !== null ||
    (reads.agent?.override ?? null) !== null ||
    reads.key.record.override !== null ||
    reads.key.revokedAt !== null;
  return !(stopped && first.verdict.startsWith('ALLOWED'));
}

/** The engine's view of the rows read. */
export function decisionStateOf(job: Pick<DecisionJob, 'path' | 'now'>, reads: DecisionReads): DecisionState {
  const approved = reads.openApprovals.find((approval) => approval.status === 'approved');
  const pending = reads.openApprovals.find((approval) => approval.status === 'pending');
  return {
    settings: reads.settings,
    halted: reads.tenant.halted ? { reason: reads.tenant.halted.reason, since: reads.tenant.halted.since } : null,
    agent: reads.agent ?? { approved: 0, blocked: 0, recentBlockedAt: [], override: null },
    key: reads.key.record,
    rules: reads.rules,
    registeredRisk: reads.toolRisks.get(registeredToolName(job.path)),
    approvedApproval: approved
      ? {
          id: approved.id,
          status: 'approved',
          createdAt: approved.createdAt,
          expiresAt: approved.expiresAt,
          decidedByKeyId: approved.decidedByKeyId,
          note: approved.note,
        }
      : null,
    pendingApproval: pending ? { id: pending.id, status: 'pending', createdAt: pending.createdAt, expiresAt: pending.expiresAt } : null,
    budget: reads.key.budgetUsd === null ? null : { limitUsd: reads.key.budgetUsd, spentUsd: reads.key.spentUsd },
    // Issue 19.
    ...(reads.budgets?.length ? { budgets: reads.budgets.map((budget) => budgetView(budget, job.now)) } : {}),
    ...(reads.agentControls ? { agentControls: reads.agentControls } : {}),
    ...(reads.planProgress ? { planProgress: reads.planProgress } : {}), // issue 21
  };
}

/** One write of a decision's transaction; the database runs them in the order planned. */
export type DecisionWrite =
  /** Guarded: only an approved, unexpired approval is consumed; a miss must fail the decision (it runs once). */
  | { kind: 'consume-approval'; approvalId: string; decisionId: string; now: number }
  | { kind: 'create-approval'; approval: ApprovalState }
  /** The agent the decision counts for: seen now, with its new record (created if new). */
  | { kind: 'save-agent'; tenantId: string; agentId: string; record: TrustRecord; now: number }
  /** The agent is seen now (created if new); its record does not change. */
  | { kind: 'touch-agent'; tenantId: string; agentId: string; now: number }
  | { kind: 'key-record'; keyId: string; record: TrustRecord }
  | { kind: 'key-spend'; keyId: string; amountUsd: number }
  /** A journal entry; a `decision` entry comes right before the decision's row, which names it. */
  | { kind: 'journal'; tenantId: string; type: JournalEntryType; refId: string; time: number; record: object }
  | { kind: 'insert-decision'; row: DecisionRow }
  | {
      kind: 'remember-idempotency';
      tenantId: string;
      keyId: string;
      key: string;
      requestHash: string;
      decisionId: string;
      now: number;
      windowMs: number;
    }
  /** The live events of the decision: `decision.created`, and `approval.created|consumed` when it touched one. */
  | { kind: 'decision-events'; row: DecisionRow; effects: DecisionEffects; approval: ApprovalState | null }
  /** Issue 19: a decision's budget reservation and the alerts it raises (budget-plan.ts). */
  | BudgetWrite
  /** Issue 21: the plan step the call uses (plan-step-writes.ts). */
  | PlanStepWrite;

/** The id of a decision's budget reservation: its own, so an outcome finds it. */
export function decisionReservationId(decisionId: string): string {
  return `res_${decisionId.replace(/^fd_/, '')}`;
}

/** The approval a decision creates when it holds, from its stages. */
function newApproval(job: DecisionJob, decision: Decision, approvalId: string, expiresAt: number): ApprovalState {
  const trust = decision.stages.find((stage) => stage.stage === 'trust');
  const risk = (trust?.data.action_risk ?? { class: decision.risk, reasons: [] }) as { class: RiskClass; reasons: string[] };
  return {
    id: approvalId,
    tenantId: job.tenantId,
    agentId: job.agentId,
    path: job.path,
    payloadHash: job.payloadHash,
    requestedByKeyId: job.key.id,
    decisionId: decision.decisionId,
    status: 'pending',
    risk: risk.class,
    reasons: risk.reasons,
    detail: decision.detail,
    createdAt: job.now,
    expiresAt,
    decidedAt: null,
    decidedByKeyId: null,
    note: null,
    consumedAt: null,
    consumedByDecisionId: null,
  };
}

/**
 * The writes that commit a decision, in order. `replayed`: the idempotency key already names a
 * decision (which is being decided afresh), so the key is not stored again.
 */
export function planDecisionWrites(
  job: DecisionJob,
  reads: DecisionReads,
  state: DecisionState,
  decision: Decision,
  row: DecisionRow,
  replayed: boolean,
): DecisionWrite[] {
  const writes: DecisionWrite[] = [];
  const effects = decision.effects;
  let touched: ApprovalState | null = null;
  if (effects.approval?.kind === 'consume') {
    const approvalId = effects.approval.approvalId;
    writes.push({ kind: 'consume-approval', approvalId, decisionId: decision.decisionId, now: job.now });
    const approved = reads.openApprovals.find((approval) => approval.id === approvalId);
    // INVARIANT: the engine consumes only the approved approval it was given from these reads.
    if (!approved) throw new Error(`approval ${approvalId} was not read for this decision`);
    touched = consumedApproval(approved, decision.decisionId, job.now);
  } else if (effects.approval?.kind === 'create') {
    touched = newApproval(job, decision, effects.approval.approvalId, effects.approval.expiresAt);
    writes.push({ kind: 'create-approval', approval: touched });
  }
  if (effects.trust) {
    // A new agent's record starts empty (state.agent is then the empty record).
    writes.push({
      kind: 'save-agent',
      tenantId: job.tenantId,
      agentId: job.agentId,
      record: recordOutcome(state.agent, effects.trust, job.now),
      now: job.now,
    });
    writes.push({ kind: 'key-record', keyId: job.key.id, record: recordOutcome(reads.key.record, effects.trust, job.now) });
  } else writes.push({ kind: 'touch-agent', tenantId: job.tenantId, agentId: job.agentId, now: job.now });
  if (effects.spendUsd !== undefined) writes.push({ kind: 'key-spend', keyId: job.key.id, amountUsd: effects.spendUsd });
  // Issue 19: an allowed call with an amount holds it against every budget covering it.
  writes.push(
    ...planDecisionBudgetWrites(
      job.tenantId,
      job.agentId,
      job.payload,
      job.now,
      state,
      reads.budgets,
      decision,
      decisionReservationId(decision.decisionId),
    ),
  );
  writes.push(...planStepWrites(job.tenantId, decision, job.now)); // issue 21
  // The tamper-evident journal: the decision (appended before its row, which names the entry) ...
  writes.push({
    kind: 'journal',
    tenantId: row.tenantId,
    type: 'decision',
    refId: row.id,
    time: row.createdAt,
    record: decisionRecord(row),
  });
  writes.push({ kind: 'insert-decision', row });
  if (job.idempotency && !replayed) {
    writes.push({
      kind: 'remember-idempotency',
      tenantId: job.tenantId,
      keyId: job.key.id,
      key: job.idempotency.key,
      requestHash: job.idempotency.requestHash,
      decisionId: row.id,
      now: job.now,
      windowMs: job.idempotency.windowMs,
    });
  }
  writes.push({ kind: 'decision-events', row, effects, approval: touched });
  // ... then what it did to an approval.
  if (touched) {
    const type = effects.approval?.kind === 'consume' ? 'approval.consumed' : 'approval.created';
    writes.push({ kind: 'journal', tenantId: row.tenantId, type, refId: touched.id, time: job.now, record: approvalRecord(touched) });
  }
  return writes;
}
