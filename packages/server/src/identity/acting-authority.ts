// Issue 20: what the token-based forms (`AuthorizeRequest`, `EvalReq`, `AssessReq`, `TokenReq`,
// `DelegateReq`) check before they act: an agent token named by id and still live, a delegation
// chain given as objects, an inline proof of possession, and the actions a delegation allows.
import { canonicalHash, normalizeToolPath } from '@actiongate/engine';
import { ApiError } from '../errors.ts';
import type { AgentTokenRow, DelegationRow, IdentityRow, IdentityStore } from '../store/identity-store.ts';
import type { KeyRow, Store } from '../store/store.ts';
import type { TokenPrincipal } from './agent-token-service.ts';
import { canonicalPublicKey, verifyEd25519 } from './ed25519-keys.ts';
import { identityStatus } from './identity-status.ts';

/** `send_email` is `/tools/send_email`; a path stays as it is (in canonical form). */
export function toolPathOf(tool: string): string {
  return normalizeToolPath(tool.startsWith('/') ? tool : `/tools/${tool}`);
}

/**
 * The payload a token form records and the engine judges: the action and resource beside the
 * arguments, so an approval covers exactly this action on this resource with these arguments.
 */
export function formPayload(action: string, resource: string, args: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { action, resource, arguments: args === undefined ? {} : args, ...extra };
}

export function argumentsHash(args: unknown): string {
  return canonicalHash(args === undefined ? {} : args);
}

/** The caller may act for `agentId`: customer keys for any agent of the tenant, agent keys and tokens for their own. */
export function mayActFor(key: KeyRow, agentId: string): void {
  if (key.kind === 'agent' && key.agentId !== agentId) {
    throw new ApiError('AG_FORBIDDEN', `this key speaks for agent \`${key.agentId}\`; it may not act for \`${agentId}\``);
  }
}

/** A tenant named in a body must be the key's (`fallback` is the spec's default, which stands for it). */
export function sameTenant(key: KeyRow, tenant: string | undefined, fallback?: string): void {
  if (tenant === undefined || tenant === key.tenantId || tenant === fallback) return;
  throw new ApiError('AG_FORBIDDEN', `this key belongs to tenant \`${key.tenantId}\`, not \`${tenant}\``);
}

/**
 * The agent token `tokenId` of the key's tenant, live (not revoked or expired, its identity active,
 * its minting key not revoked) and usable by the caller: a customer key, the token's own agent's
 * key, or the token itself. Not found and not yours look the same (404).
 */
export async function liveTokenById(
  store: Store,
  key: KeyRow,
  caller: TokenPrincipal | null,
  tokenId: string,
  now: number,
): Promise<{ row: AgentTokenRow; identity: IdentityRow }> {
  const row = await store.identities.getAgentToken(tokenId);
  if (!row || row.tenantId !== key.tenantId || (key.kind === 'agent' && key.agentId !== row.agentId)) {
    throw new ApiError('AG_NOT_FOUND', `agent token \`${tokenId}\` not found`);
  }
  if (caller && caller.id !== row.id) throw new ApiError('AG_FORBIDDEN', `a token may only act as itself, not as \`${tokenId}\``);
  if (row.revokedAt !== null) throw new ApiError('AG_INVALID_TOKEN', `agent token \`${tokenId}\` is revoked`);
  if (row.expiresAt <= now) throw new ApiError('AG_INVALID_TOKEN', `agent token \`${tokenId}\` expired`);
  const identity = await store.identities.getIdentity(row.tenantId, row.identityId);
  if (!identity || identityStatus(identity, now) !== 'active') {
    throw new ApiError('AG_INVALID_TOKEN', `the identity of agent token \`${tokenId}\` is not active`);
  }
  const minter = await store.findKeyByHash(row.keyHash);
  if (!minter || minter.revokedAt !== null || minter.id !== row.keyId) {
    throw new ApiError('AG_INVALID_TOKEN', `the key that minted agent token \`${tokenId}\` was revoked`);
  }
  return { row, identity };
}

/** Checks an inline proof of possession by `identity` (spending its challenge) and records the verification. */
export async function proveInline(
  store: IdentityStore,
  identity: IdentityRow,
  proof: { challenge: string; signature: string; public_key?: string },
  now: number,
): Promise<void> {
  const used = await store.useChallenge(identity.tenantId, identity.id, proof.challenge, now);
  if (!used.ok) {
    const why = {
      unknown: 'unknown challenge for this identity',
      expired: 'the challenge expired',
      used: 'the challenge was already used (replay refused)',
    };
    throw new ApiError('AG_FORBIDDEN', `proof of possession refused: ${why[used.reason]}`);
  }
  const presented = proof.public_key === undefined ? identity.publicKey : canonicalPublicKey(proof.public_key);
  const inGrace = identity.previousPublicKey !== null && identity.previousKeyValidUntil !== null && identity.previousKeyValidUntil > now;
  const known = presented === identity.publicKey || (inGrace && presented === identity.previousPublicKey);
  if (!known || !verifyEd25519(presented!, proof.challenge, proof.signature)) {
    throw new ApiError('AG_FORBIDDEN', `proof of possession refused: the signature does not verify with a key of \`${identity.id}\``);
  }
  await store.markVerified(identity.tenantId, identity.id, now);
  identity.verifiedAt = now;
}

/** The delegation ids of a chain given as objects (root first). */
export function chainIdsOf(links: ReadonlyArray<{ delegation_id: string }> | undefined): string[] {
  return (links ?? []).map((link) => link.delegation_id);
}

/** A delegation whose constraints list `actions` allows only those. */
export function checkActionAllowed(chain: readonly DelegationRow[], action: string): void {
  for (const row of chain) {
    const actions = row.constraints?.actions;
    if (Array.isArray(actions) && !actions.includes(action)) {
      throw new ApiError(
        'AG_FORBIDDEN',
        `delegation \`${row.id}\` allows only the actions ${actions.map((a) => `\`${String(a)}\``).join(', ')}, not \`${action}\``,
      );
    }
  }
}

/** The ids from the root down to `row` (its ancestry through `parentId`), root first. */
export async function ancestryOf(store: IdentityStore, row: DelegationRow): Promise<string[]> {
  const ids = [row.id];
  let current = row;
  while (current.parentId !== null && ids.length <= 8) {
    const parent = await store.getDelegation(row.tenantId, current.parentId);
    if (!parent) break;
    ids.unshift(parent.id);
    current = parent;
  }
  return ids;
}
