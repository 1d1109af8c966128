// What happens to an approval, as pure planning: approve, deny, expire and consume. Each database
// reads the rows inside its transaction, asks here what to write, and writes it; no rule about
// approvals lives in SQL code.
import { recordOutcome, type TrustRecord } from '@actiongate/engine';
import type { ApprovalDecisionResult, ApprovalRow, ApprovalState, ApprovalStatus } from './store.ts';
import type { EventType } from './event-store.ts';
import type { JournalEntryType } from '@actiongate/engine';

/**
 * The status an approval has at `now`: expiry is a matter of the clock, so a pending or approved
 * approval whose time ran out is expired although its stored status catches up only when the row
 * is next written.
 */
export function effectiveApprovalStatus(stored: ApprovalStatus, expiresAt: number, now: number): ApprovalStatus {
  return (stored === 'pending' || stored === 'approved') && expiresAt <= now ? 'expired' : stored;
}

/** Statuses whose time can run out. */
export const EXPIRING_STATUSES: readonly ApprovalStatus[] = ['pending', 'approved'];

/** A human's answer to a pending approval. */
export interface ApprovalAnswer {
  approve: boolean;
  keyId: string;
  note: string | null;
  now: number;
  /** How long an approved call may be resent, from the moment of approval. */
  resendWindowMs: number;
}

/** The columns an answer changes, guarded by the status it was read with (`pending`). */
export interface ApprovalDecisionWrite {
  id: string;
  status: 'approved' | 'denied';
  decidedAt: number;
  decidedByKeyId: string;
  note: string | null;
  expiresAt: number;
}

/** What to write for an answer: nothing (a refusal, perhaps with its expiry to record), or the change. */
export type ApprovalAnswerPlan =
  | { kind: 'refuse'; result: ApprovalDecisionResult; recordExpiry: boolean }
  | {
      kind: 'decide';
      update: ApprovalDecisionWrite;
      /** The approval as it is once the update is written. */
      decided: ApprovalRow;
      /** A denial counts as a blocked attempt for the agent and for the key that asked (null: no such key row). */
      blockedFor: { agent: TrustRecord; key: TrustRecord | null } | null;
      event: EventType & ('approval.approved' | 'approval.denied');
      journal: JournalEntryType;
    };

/**
 * Plans the answer to an approval. `approval` is the row as read in the transaction, with its
 * effective status; `storedStatus` is what the row holds. `records` reads the current trust records
 * of the agent and of the requesting key (only called for a denial).
 */
export function planApprovalAnswer(
  approval: ApprovalRow,
  storedStatus: ApprovalStatus,
  answer: ApprovalAnswer,
  records: () => { agent: TrustRecord; key: TrustRecord | null },
): ApprovalAnswerPlan {
  if (approval.requestedByKeyId === answer.keyId)
    return { kind: 'refuse', result: { ok: false, reason: 'own_request', approval }, recordExpiry: false };
  if (approval.status === 'expired') {
    // The first to notice records the expiry (once: the stored status then says so).
    return { kind: 'refuse', result: { ok: false, reason: 'expired', approval }, recordExpiry: storedStatus !== 'expired' };
  }
  if (approval.status !== 'pending')
    return { kind: 'refuse', result: { ok: false, reason: 'already_decided', approval }, recordExpiry: false };
  const status = answer.approve ? 'approved' : 'denied';
  // An approved call may be resent within the resend window from the moment of approval.
  const expiresAt = answer.approve ? answer.now + answer.resendWindowMs : approval.expiresAt;
  const update: ApprovalDecisionWrite = {
    id: approval.id,
    status,
    decidedAt: answer.now,
    decidedByKeyId: answer.keyId,
    note: answer.note,
    expiresAt,
  };
  const decided: ApprovalRow = {
    ...approval,
    status: effectiveApprovalStatus(status, expiresAt, answer.now),
    decidedAt: answer.now,
    decidedByKeyId: answer.keyId,
    note: answer.note,
    expiresAt,
  };
  let blockedFor: { agent: TrustRecord; key: TrustRecord | null } | null = null;
  if (!answer.approve) {
    // A human denial counts as a blocked attempt, for the agent and for the key that asked.
    const current = records();
    blockedFor = {
      agent: recordOutcome(current.agent, 'blocked', answer.now),
      key: current.key ? recordOutcome(current.key, 'blocked', answer.now) : null,
    };
  }
  const type = answer.approve ? 'approval.approved' : 'approval.denied';
  return { kind: 'decide', update, decided, blockedFor, event: type, journal: type };
}

/** An approval whose time ran out, as it is once its expiry is recorded. */
export function expiredApproval<T extends ApprovalState>(approval: T): T {
  return { ...approval, status: 'expired' };
}

/** An approved approval as it is once a decision consumed it (the action runs once). */
export function consumedApproval(approval: ApprovalState, decisionId: string, now: number): ApprovalState {
  return { ...approval, status: 'consumed', consumedAt: now, consumedByDecisionId: decisionId };
}
