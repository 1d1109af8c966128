// Attenuation of delegated authority: a delegation can only narrow what its parent holds. The
// capabilities are the intersection down the chain, the expiry never passes the parent's, the
// depth never passes the smallest `max_depth` above it, and an audience once bound stays bound.
// Pure: the server loads the parent grant, calls this, and stores the result.
import { intersectScopes, minimalScopes } from './scope-covers.ts';

/** Deepest chain any delegation may form (the spec's chain of 1..8 hops). */
export const MAX_DELEGATION_DEPTH = 8;

/** What a holder may pass on: its capabilities, until when, how deep it sits and may go. */
export interface DelegationGrant {
  capabilities: readonly string[];
  /** Milliseconds since the epoch; null only for a root that does not expire (the tenant itself). */
  expiresAt: number | null;
  /** Hops from the root: the tenant or an identity holding its own capabilities is 0. */
  depth: number;
  /** Deepest hop allowed below this grant (inherited: the smallest on the way down). */
  maxDepth: number;
  /** The service the authority is bound to; null when unbound. */
  audience: string | null;
}

export interface DelegationAsk {
  capabilities: readonly string[];
  ttlSeconds: number;
  maxDepth?: number;
  audience?: string | null;
}

export type AttenuationRefusal = 'parent_expired' | 'no_capabilities' | 'too_deep' | 'audience_mismatch' | 'bad_ttl';

export type Attenuation =
  { ok: true; grant: DelegationGrant; dropped: string[]; ttlCapped: boolean } | { ok: false; reason: AttenuationRefusal; detail: string };

/**
 * The grant a child receives from `parent` when it asks for `ask` at `now`, or why it may not.
 * Asking for more than the parent holds is narrowed (the dropped capabilities are reported), not
 * refused; ending with nothing is refused.
 */
export function attenuate(parent: DelegationGrant, ask: DelegationAsk, now: number): Attenuation {
  if (parent.expiresAt !== null && parent.expiresAt <= now) {
    return { ok: false, reason: 'parent_expired', detail: 'the delegating grant has expired' };
  }
  if (!Number.isFinite(ask.ttlSeconds) || ask.ttlSeconds <= 0) {
    return { ok: false, reason: 'bad_ttl', detail: `ttl must be positive, got ${ask.ttlSeconds}` };
  }
  const depth = parent.depth + 1;
  const maxDepth = Math.min(parent.maxDepth, ask.maxDepth ?? parent.maxDepth, MAX_DELEGATION_DEPTH);
  if (depth > maxDepth) {
    return { ok: false, reason: 'too_deep', detail: `delegation depth ${depth} exceeds max_depth ${maxDepth}` };
  }
  const audience = ask.audience ?? parent.audience;
  if (parent.audience !== null && audience !== parent.audience) {
    return {
      ok: false,
      reason: 'audience_mismatch',
      detail: `the parent grant is bound to audience \`${parent.audience}\`, not \`${audience}\``,
    };
  }
  const asked = minimalScopes(ask.capabilities);
  const capabilities = intersectScopes(parent.capabilities, asked);
  if (capabilities.length === 0) {
    return {
      ok: false,
      reason: 'no_capabilities',
      detail: `none of the asked capabilities (${asked.map((c) => `\`${c}\``).join(', ')}) is held by the delegator`,
    };
  }
  const dropped = asked.filter((scope) => !capabilities.includes(scope));
  const wanted = now + ask.ttlSeconds * 1000;
  const expiresAt = parent.expiresAt === null ? wanted : Math.min(wanted, parent.expiresAt);
  return {
    ok: true,
    grant: { capabilities, expiresAt, depth, maxDepth, audience },
    dropped,
    ttlCapped: expiresAt < wanted,
  };
}
