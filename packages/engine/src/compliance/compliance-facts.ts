// What control logic sees: ActionGate's own records of a period, built from journal entries (the
// same records an audit package proves), plus the journal's verification and the tenant's findings.
// Pure: the server reads the entries and verifies the journal; this only shapes them.
import type { ApprovalJournalRecord, DecisionJournalRecord, ExportedJournalEntry } from '../journal/journal-entry.ts';

export interface DecisionFact {
  id: string;
  seq: number;
  agent_id: string;
  key_id: string;
  path: string;
  verdict: string;
  /** The call was allowed to run (verdict starts with ALLOWED and it is not blocked). */
  allowed: boolean;
  blocked: boolean;
  enforcing: boolean;
  mode: string;
  risk: string;
  created_at: string;
  approval_id: string | null;
  /** The approval behind `approval_id` as it stood at the end of the period, or null. */
  approval: ApprovalFact | null;
  /** The call ran on a human's approval: an approval decided by a person's key and consumed by this decision. */
  human_approved: boolean;
  /** The injection screen flagged the payload. */
  injection_flagged: boolean;
  /** Stage name -> {verdict, enforcing, detail}. */
  stages: Record<string, { verdict: string; enforcing: boolean; detail: string }>;
}

export interface ApprovalFact {
  id: string;
  seq: number;
  status: string;
  agent_id: string;
  path: string;
  risk: string;
  decision_id: string;
  requested_by_key_id: string;
  decided_by_key_id: string | null;
  decided_at: string | null;
  consumed_by_decision_id: string | null;
  created_at: string;
}

export interface FindingFact {
  id: string;
  severity: string;
  status: string;
  control_id: string | null;
}

export interface JournalFacts {
  /** The whole journal verified: chain, records, decision signatures, and the newest signed tree head. */
  verified: boolean;
  /** Why not, when it did not. */
  reason: string | null;
  /** Entries in the tenant's journal. */
  size: number;
  /** Entries covered by the newest signed tree head. */
  signed_size: number;
  /** Age in hours of the newest signed tree head at evaluation time (null when there is none). */
  head_age_hours: number | null;
}

export interface ComplianceContext {
  decisions: DecisionFact[];
  approvals: ApprovalFact[];
  findings: FindingFact[];
  journal: JournalFacts;
  period: { start: string; end: string; hours: number };
  inputs: Record<string, unknown>;
  context: Record<string, unknown>;
}

export interface FactsInput {
  /** Journal entries, oldest first, up to at least the end of the period. */
  entries: readonly ExportedJournalEntry[];
  periodStart: number;
  periodEnd: number;
  journal: JournalFacts;
  findings: FindingFact[];
  inputs?: Record<string, unknown>;
  context?: Record<string, unknown> | null;
}

function approvalFact(seq: number, record: ApprovalJournalRecord): ApprovalFact {
  return {
    id: record.approval_id,
    seq,
    status: record.status,
    agent_id: record.agent_id,
    path: record.path,
    risk: record.risk,
    decision_id: record.decision_id,
    requested_by_key_id: record.requested_by_key_id,
    decided_by_key_id: record.decided_by_key_id,
    decided_at: record.decided_at,
    consumed_by_decision_id: record.consumed_by_decision_id,
    created_at: record.created_at,
  };
}

/** Whether a journal entry's time lies in [start, end]. */
export function entryInPeriod(entry: { time: string }, start: number, end: number): boolean {
  const time = Date.parse(entry.time);
  return time >= start && time <= end;
}

/** Builds the evaluation context of a period from journal entries. */
export function complianceFacts(input: FactsInput): ComplianceContext {
  const approvalState = new Map<string, ApprovalFact>();
  const touched = new Set<string>();
  const decisionEntries: ExportedJournalEntry[] = [];
  for (const entry of input.entries) {
    const time = Date.parse(entry.time);
    if (time > input.periodEnd) continue;
    const inPeriod = time >= input.periodStart;
    if (entry.type === 'decision') {
      if (inPeriod) decisionEntries.push(entry);
    } else {
      approvalState.set(entry.ref_id, approvalFact(entry.seq, entry.record as unknown as ApprovalJournalRecord));
      if (inPeriod) touched.add(entry.ref_id);
    }
  }
  const decisions = decisionEntries.map((entry): DecisionFact => {
    const record = entry.record as unknown as DecisionJournalRecord;
    const approval = record.approval_id ? (approvalState.get(record.approval_id) ?? null) : null;
    const allowed = record.verdict.startsWith('ALLOWED') && !record.blocked;
    return {
      id: record.decision_id,
      seq: entry.seq,
      agent_id: record.agent_id,
      key_id: record.key_id,
      path: record.path,
      verdict: record.verdict,
      allowed,
      blocked: record.blocked,
      enforcing: record.enforcing,
      mode: record.mode,
      risk: record.risk,
      created_at: record.created_at,
      approval_id: record.approval_id,
      approval,
      human_approved:
        allowed &&
        approval !== null &&
        approval.status === 'consumed' &&
        approval.consumed_by_decision_id === record.decision_id &&
        approval.decided_by_key_id !== null,
      injection_flagged:
        (record.stages.find((stage) => stage.stage === 'trust')?.data?.injection as { flagged?: boolean } | undefined)?.flagged === true,
      stages: Object.fromEntries(
        record.stages.map((stage) => [stage.stage, { verdict: stage.verdict, enforcing: stage.enforcing, detail: stage.detail }]),
      ),
    };
  });
  return {
    decisions,
    approvals: [...touched].map((id) => approvalState.get(id)!),
    findings: input.findings,
    journal: input.journal,
    period: {
      start: new Date(input.periodStart).toISOString(),
      end: new Date(input.periodEnd).toISOString(),
      hours: (input.periodEnd - input.periodStart) / 3_600_000,
    },
    inputs: input.inputs ?? {},
    context: input.context ?? {},
  };
}

/** The names control logic may read at its top level. */
export const CONTROL_CONTEXT_NAMES = ['decisions', 'approvals', 'findings', 'journal', 'period', 'inputs', 'context'] as const;
