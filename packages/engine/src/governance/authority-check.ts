// Separation of duties: which key may approve what, up to which amount. Pure: the server hands over
// the tenant's authorities, the approving key and what the approval covers; this answers whether the
// key holds an authority for it and, when not, why in words (the 403's detail).
import { globMatches } from '../rules/arg-conditions.ts';

/** What an authority covers: tool paths or actions (`*` globs), agents and resources; absent means any. */
export interface AuthorityScope {
  actions?: string[];
  agents?: string[];
  resources?: string[];
}

export const AUTHORITY_SCOPE_KEYS = ['actions', 'agents', 'resources'] as const;

export interface Authority {
  id: string;
  /** The API key id (`key_…`) or key name the authority is granted to. */
  identityId: string;
  role: string;
  scope: AuthorityScope | null;
  canApprove: boolean;
  canDelegate: boolean;
  canOverride: boolean;
  maxApprovalAmountCents: number | null;
  /** Milliseconds since the epoch, or null for no end. */
  expiresAt: number | null;
}

/** What an approver is asked to approve. */
export interface ApprovalSubject {
  action: string;
  agentId: string;
  resource: string;
  /** Amount the approval moves, in cents; null when it names none. */
  amountCents: number | null;
}

export type AuthorityVerdict = { ok: true; authority: Authority | null; detail: string } | { ok: false; detail: string };

/** Whether the scope lists cover the subject (every present list must match). */
export function authorityScopeCovers(scope: AuthorityScope | null, subject: Omit<ApprovalSubject, 'amountCents'>): boolean {
  if (!scope) return true;
  const matches = (patterns: string[] | undefined, value: string) =>
    patterns === undefined || patterns.some((pattern) => pattern === value || globMatches(pattern, value));
  return matches(scope.actions, subject.action) && matches(scope.agents, subject.agentId) && matches(scope.resources, subject.resource);
}

/** Problems in a scope object as written by a user, or null. */
export function authorityScopeProblem(scope: unknown): string | null {
  if (scope === null || scope === undefined) return null;
  if (typeof scope !== 'object' || Array.isArray(scope)) return '`scope` must be an object';
  for (const [key, value] of Object.entries(scope)) {
    if (!(AUTHORITY_SCOPE_KEYS as readonly string[]).includes(key))
      return `unknown scope key \`${key}\` (known: ${AUTHORITY_SCOPE_KEYS.join(', ')})`;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === ''))
      return `\`scope.${key}\` must be a list of non-empty strings`;
  }
  return null;
}

/**
 * Whether a key may approve the subject. A tenant without any authority keeps the plain rule (any
 * approver key other than the requester's); once it grants one, approving needs a live authority
 * with `can_approve`, a scope that covers the call and an amount limit at or above its amount.
 * An approval that names no amount passes any amount limit.
 */
export function checkApprovalAuthority(
  authorities: readonly Authority[],
  approver: { keyId: string; keyName: string },
  subject: ApprovalSubject,
  now: number,
): AuthorityVerdict {
  if (authorities.length === 0)
    return { ok: true, authority: null, detail: 'the tenant grants no authorities: any approver key may approve' };
  const held = authorities.filter((authority) => authority.identityId === approver.keyId || authority.identityId === approver.keyName);
  const who = `key \`${approver.keyId}\``;
  if (held.length === 0) return { ok: false, detail: `${who} holds no approval authority in this tenant` };
  const live = held.filter((authority) => authority.expiresAt === null || authority.expiresAt > now);
  if (live.length === 0) return { ok: false, detail: `every authority of ${who} has expired (${held.map((a) => a.id).join(', ')})` };
  const approving = live.filter((authority) => authority.canApprove);
  if (approving.length === 0)
    return { ok: false, detail: `${who} holds authorities without \`can_approve\` (${live.map((a) => a.id).join(', ')})` };
  const scoped = approving.filter((authority) => authorityScopeCovers(authority.scope, subject));
  if (scoped.length === 0) {
    return {
      ok: false,
      detail: `no authority of ${who} covers action \`${subject.action}\` of agent \`${subject.agentId}\`${subject.resource ? ` on \`${subject.resource}\`` : ''}`,
    };
  }
  if (subject.amountCents === null) return { ok: true, authority: scoped[0], detail: `authority ${scoped[0].id} (${scoped[0].role})` };
  const amount = subject.amountCents;
  const enough = scoped.filter((authority) => authority.maxApprovalAmountCents === null || authority.maxApprovalAmountCents >= amount);
  if (enough.length === 0) {
    const highest = Math.max(...scoped.map((authority) => authority.maxApprovalAmountCents ?? 0));
    const best = scoped.find((authority) => authority.maxApprovalAmountCents === highest)!;
    return {
      ok: false,
      detail: `authority ${best.id} of ${who} approves up to ${highest} cents; this approval is for ${amount} cents`,
    };
  }
  const chosen = enough[0];
  return {
    ok: true,
    authority: chosen,
    detail: `authority ${chosen.id} (${chosen.role}, up to ${chosen.maxApprovalAmountCents ?? 'any'} cents)`,
  };
}
