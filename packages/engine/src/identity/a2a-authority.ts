// Agent-to-agent authority: ceilings NONE < READ < WRITE < EXECUTE < ADMIN, passed down a chain in
// which a child's ceiling never exceeds its parent's, capabilities are the intersection, the expiry
// never passes the parent's, and only delegators named explicitly (no `*`) may pass it on. Also the
// nonce time window of A2A messages. Pure: the server loads the parent and stores the result.
import { intersectScopes, minimalScopes } from './scope-covers.ts';

export const CEILINGS = ['NONE', 'READ', 'WRITE', 'EXECUTE', 'ADMIN'] as const;
export type Ceiling = (typeof CEILINGS)[number];

/** Position of a ceiling in NONE < READ < WRITE < EXECUTE < ADMIN. */
export function ceilingRank(ceiling: Ceiling): number {
  return CEILINGS.indexOf(ceiling);
}

export interface AuthorityGrant {
  subject: string;
  ceiling: Ceiling;
  capabilities: readonly string[];
  /** Milliseconds since the epoch; null: no expiry. */
  expiresAt: number | null;
}

export interface AuthorityAsk {
  delegatee: string;
  ceiling: Ceiling;
  /** Absent: everything the parent holds. */
  capabilities?: readonly string[] | null;
  authorizedDelegators: readonly string[];
  expiresAt?: number | null;
}

export type AuthorityRefusal =
  | 'wildcard_delegators'
  | 'no_delegators'
  | 'delegator_not_authorized'
  | 'parent_expired'
  | 'ceiling_exceeds_parent'
  | 'self_delegation'
  | 'no_capabilities';

export type AuthorityResult =
  { ok: true; grant: AuthorityGrant; dropped: string[] } | { ok: false; reason: AuthorityRefusal; detail: string };

/** The authority `ask.delegatee` receives from `parent` at `now`, or why it may not. */
export function delegateAuthority(parent: AuthorityGrant, ask: AuthorityAsk, now: number): AuthorityResult {
  if (ask.authorizedDelegators.length === 0) {
    return { ok: false, reason: 'no_delegators', detail: '`authorized_delegators` must name at least one delegator' };
  }
  if (ask.authorizedDelegators.some((d) => d.includes('*'))) {
    return { ok: false, reason: 'wildcard_delegators', detail: '`authorized_delegators` must be an explicit list; `*` is refused' };
  }
  if (!ask.authorizedDelegators.includes(parent.subject)) {
    return {
      ok: false,
      reason: 'delegator_not_authorized',
      detail: `\`${parent.subject}\` is not in \`authorized_delegators\` (${ask.authorizedDelegators.map((d) => `\`${d}\``).join(', ')})`,
    };
  }
  if (ask.delegatee === parent.subject) {
    return { ok: false, reason: 'self_delegation', detail: `\`${parent.subject}\` cannot delegate to itself` };
  }
  if (parent.expiresAt !== null && parent.expiresAt <= now) {
    return { ok: false, reason: 'parent_expired', detail: `the authority of \`${parent.subject}\` has expired` };
  }
  if (ceilingRank(ask.ceiling) > ceilingRank(parent.ceiling)) {
    return {
      ok: false,
      reason: 'ceiling_exceeds_parent',
      detail: `requested ceiling ${ask.ceiling} exceeds the parent's ${parent.ceiling} (NONE < READ < WRITE < EXECUTE < ADMIN)`,
    };
  }
  const asked = ask.capabilities ? minimalScopes(ask.capabilities) : minimalScopes(parent.capabilities);
  const capabilities = intersectScopes(parent.capabilities, asked);
  if (capabilities.length === 0 && ask.ceiling !== 'NONE') {
    return { ok: false, reason: 'no_capabilities', detail: 'none of the requested capabilities is held by the delegator' };
  }
  const wanted = ask.expiresAt ?? parent.expiresAt;
  const expiresAt = parent.expiresAt === null ? wanted : wanted === null ? parent.expiresAt : Math.min(wanted, parent.expiresAt);
  return {
    ok: true,
    grant: { subject: ask.delegatee, ceiling: ask.ceiling, capabilities, expiresAt },
    dropped: asked.filter((c) => !capabilities.includes(c)),
  };
}

/** A2A messages carry a timestamp; outside this window either way they are refused. */
export const NONCE_WINDOW_MS = 300_000;

/** Null when `timestampMs` is within the window around `now`, else why not. */
export function nonceWindowProblem(timestampMs: number, now: number, windowMs = NONCE_WINDOW_MS): string | null {
  if (!Number.isFinite(timestampMs)) return 'the timestamp is not a number';
  const skew = timestampMs - now;
  if (skew > windowMs) return `the timestamp is ${Math.round(skew / 1000)} s in the future (window ${windowMs / 1000} s)`;
  if (-skew > windowMs) return `the timestamp is ${Math.round(-skew / 1000)} s old (window ${windowMs / 1000} s)`;
  return null;
}

/**
 * Ids of the authorities a revocation of `subject` under the root `rootSubject` reaches: every
 * live authority held by `subject` whose chain starts at `rootSubject`, and every descendant of those.
 */
export function authorityCascade(
  live: ReadonlyArray<{ id: string; parentId: string | null; subject: string }>,
  subject: string,
  rootSubject: string,
): string[] {
  const byId = new Map(live.map((row) => [row.id, row]));
  const topOf = (row: { parentId: string | null; subject: string }) => {
    let current = row;
    for (let hops = 0; current.parentId !== null && byId.has(current.parentId) && hops < 64; hops++) current = byId.get(current.parentId)!;
    return current.subject;
  };
  const reached = new Set(live.filter((row) => row.subject === subject && topOf(row) === rootSubject).map((row) => row.id));
  let grew = reached.size > 0;
  while (grew) {
    grew = false;
    for (const row of live) {
      if (!reached.has(row.id) && row.parentId !== null && reached.has(row.parentId)) {
        reached.add(row.id);
        grew = true;
      }
    }
  }
  return [...reached].sort();
}
