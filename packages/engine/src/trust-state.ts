// Trust is derived, never stored as a bare label: a pure function of the record's counters, the
// operator's overrides and the clock. See ARCHITECTURE.md "Trust".

export const TRUST_STATES = ['revoked', 'suspended', 'degraded', 'new', 'normal', 'trusted'] as const;
export type TrustState = (typeof TRUST_STATES)[number];

/** Operator override on an agent or a key. */
export type TrustOverride = 'suspended' | 'revoked' | null;

/** What the service remembers of one agent's (or one key's) record. */
export interface TrustRecord {
  /** Actions that ran: allowed, or allowed after a human approval. */
  approved: number;
  /** BLOCKED verdicts and human denials. */
  blocked: number;
  /** Times (ms since epoch) of the most recent blocked attempts, newest first; the last few are enough. */
  recentBlockedAt: number[];
  override: TrustOverride;
  /**
   * Blocked attempts an operator forgave by reinstating (the `blocked` count at that moment): they
   * stay on record but no longer weigh on the share, so a reinstated agent gets its earned state back.
   */
  forgivenBlocked?: number;
}

export interface TrustThresholds {
  trustedMinApproved: number;
  trustedMinShare: number;
  normalMinApproved: number;
  normalMinShare: number;
  /** Agents: degraded when the share falls below this with at least `degradedMinRecord` on record. */
  degradedBelowShare: number;
  degradedMinRecord: number;
  /** Keys: the same rule with a longer record, so one agent cannot hold every agent of its key. */
  keyDegradedMinRecord: number;
  /** Agents: degraded after this many blocked attempts within `recentWindowMs` (default 1). */
  degradeAfterRecentBlocks: number;
  /** Agents: suspended after this many blocked attempts within `recentWindowMs`. */
  suspendAfterRecentBlocks: number;
  /** How long a blocked attempt weighs on an agent (the degrade window; default 24 h). */
  recentWindowMs: number;
}

export const DEFAULT_TRUST_THRESHOLDS: TrustThresholds = {
  trustedMinApproved: 50,
  trustedMinShare: 0.95,
  normalMinApproved: 3,
  normalMinShare: 0.8,
  degradedBelowShare: 0.8,
  degradedMinRecord: 5,
  keyDegradedMinRecord: 20,
  degradeAfterRecentBlocks: 1,
  suspendAfterRecentBlocks: 3,
  recentWindowMs: 24 * 60 * 60 * 1000,
};

export const EMPTY_TRUST_RECORD: TrustRecord = { approved: 0, blocked: 0, recentBlockedAt: [], override: null };

/** Blocked attempts that still count: those on record minus the ones an operator forgave. */
export function countedBlocked(record: TrustRecord): number {
  return Math.max(0, record.blocked - (record.forgivenBlocked ?? 0));
}

/** Share of approved actions in the record; 1 for an empty record (nothing held against it). */
export function approvedShare(record: TrustRecord): number {
  const total = record.approved + countedBlocked(record);
  return total === 0 ? 1 : record.approved / total;
}

/** The state a record earns by its counts alone (trusted, normal or new). */
function earnedState(record: TrustRecord, t: TrustThresholds): TrustState {
  const share = approvedShare(record);
  if (record.approved >= t.trustedMinApproved && share >= t.trustedMinShare) return 'trusted';
  if (record.approved >= t.normalMinApproved && share >= t.normalMinShare) return 'normal';
  return 'new';
}

/** Effective trust state of an agent at `now`. */
export function agentTrustState(record: TrustRecord, now: number, t: TrustThresholds = DEFAULT_TRUST_THRESHOLDS): TrustState {
  if (record.override === 'revoked') return 'revoked';
  if (record.override === 'suspended') return 'suspended';
  const recent = record.recentBlockedAt.filter((at) => now - at < t.recentWindowMs).length;
  if (recent >= t.suspendAfterRecentBlocks) return 'suspended';
  if (recent >= (t.degradeAfterRecentBlocks ?? 1)) return 'degraded';
  const total = record.approved + countedBlocked(record);
  if (total >= t.degradedMinRecord && approvedShare(record) < t.degradedBelowShare) return 'degraded';
  return earnedState(record, t);
}

/** Trust state of an API key, from its record across every agent that used it. */
export function keyTrustState(record: TrustRecord, t: TrustThresholds = DEFAULT_TRUST_THRESHOLDS): TrustState {
  if (record.override === 'revoked') return 'revoked';
  if (record.override === 'suspended') return 'suspended';
  const total = record.approved + countedBlocked(record);
  if (total >= t.keyDegradedMinRecord && approvedShare(record) < t.degradedBelowShare) return 'degraded';
  return earnedState(record, t);
}

/** The lower of two states: an agent's trust never exceeds the trust of the key it runs under. */
export function lowerTrust(a: TrustState, b: TrustState): TrustState {
  return TRUST_STATES.indexOf(a) <= TRUST_STATES.indexOf(b) ? a : b;
}

const MAX_RECENT_BLOCKS = 10;

/**
 * An operator's reinstatement (pure): the override is lifted, recent blocked attempts and every
 * blocked attempt so far are forgiven, so the state falls back to what the approved record earns.
 */
export function reinstateRecord(record: TrustRecord): TrustRecord {
  return { ...record, override: null, recentBlockedAt: [], forgivenBlocked: record.blocked };
}

/** Records one outcome in a record (pure: returns a new record). */
export function recordOutcome(record: TrustRecord, outcome: 'approved' | 'blocked', now: number): TrustRecord {
  if (outcome === 'approved') return { ...record, approved: record.approved + 1 };
  return { ...record, blocked: record.blocked + 1, recentBlockedAt: [now, ...record.recentBlockedAt].slice(0, MAX_RECENT_BLOCKS) };
}

/** What the record still needs to reach `normal` and `trusted`, for people reading an agent. */
export function thresholdsToReach(record: TrustRecord, t: TrustThresholds = DEFAULT_TRUST_THRESHOLDS) {
  const share = approvedShare(record);
  const need = (minApproved: number, minShare: number) => ({
    reached: record.approved >= minApproved && share >= minShare,
    approved_needed: Math.max(0, minApproved - record.approved),
    min_share: minShare,
  });
  return { normal: need(t.normalMinApproved, t.normalMinShare), trusted: need(t.trustedMinApproved, t.trustedMinShare) };
}
