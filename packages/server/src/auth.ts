// Who is calling: the `X-API-Key` header, hashed and looked up. Keys are stored only as SHA-256
// hashes; the lookup is by hash, and the final comparison is in constant time.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { hashSecret } from './ids.ts';
import type { KeyRow, Store } from './store/store.ts';
import type { AgentTokenService, TokenPrincipal } from './identity/agent-token-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    key: KeyRow | null;
    /** Issue 20: set when the request authenticated with `Authorization: Bearer <agent token>`. */
    agentToken: TokenPrincipal | null;
  }
  interface FastifyContextConfig {
    /** No key needed (demo, OpenAPI, health). */
    public?: boolean;
    /** Lowest role that may call the route; defaults to any valid key. */
    access?: Access;
    /**
     * The handler reads its key again in its own transaction and refuses it there when revoked
     * (decisions): the key may be taken from memory (Store.findKeyForDecision).
     */
    keyCheckedInTransaction?: boolean;
  }
}

/** `agent`: any valid key; `approver`: customer keys; `admin`: admin customer keys. */
export type Access = 'agent' | 'approver' | 'admin';

export async function authenticate(store: Store, header: string | string[] | undefined, checkedInTransaction = false): Promise<KeyRow> {
  const presented = Array.isArray(header) ? header[0] : header;
  if (!presented) throw new ApiError('AG_MISSING_KEY');
  if (presented.length > 512) throw new ApiError('AG_UNKNOWN_KEY');
  const hash = hashSecret(presented);
  const key = await (checkedInTransaction ? store.findKeyForDecision(hash) : store.findKeyByHash(hash));
  if (!key || !timingSafeEqual(Buffer.from(key.keyHash, 'hex'), Buffer.from(hash, 'hex')) || key.revokedAt !== null) {
    throw new ApiError('AG_UNKNOWN_KEY');
  }
  return key;
}

/**
 * Issue 20: `X-API-Key` when present; otherwise an agent token in `Authorization: Bearer`, which
 * acts as an agent key bound to the token's agent. Neither: 401 about the missing key header.
 */
export async function authenticateRequest(
  store: Store,
  tokens: AgentTokenService,
  headers: { 'x-api-key'?: string | string[]; authorization?: string },
  checkedInTransaction = false,
): Promise<{ key: KeyRow; token: TokenPrincipal | null }> {
  // The header test only when there is no key header (every decision sends one).
  const bearer = headers['x-api-key'] === undefined ? /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '') : null;
  if (!bearer) return { key: await authenticate(store, headers['x-api-key'], checkedInTransaction), token: null };
  const verified = await tokens.verify(bearer[1]);
  return { key: verified.key, token: verified.principal };
}

export function authorize(key: KeyRow, access: Access): void {
  if (access === 'agent') return;
  if (key.kind === 'agent') throw new ApiError('AG_FORBIDDEN', 'agent keys may only send decisions and read their own agent');
  if (access === 'admin' && key.role !== 'admin')
    throw new ApiError('AG_FORBIDDEN', `this needs an admin key; key ${key.id} is an ${key.role} key`);
}

/** The key of an authenticated request (routes that are not public always have one). */
export function keyOf(request: FastifyRequest): KeyRow {
  if (!request.key) throw new ApiError('AG_MISSING_KEY');
  return request.key;
}

/** For agent keys: the only agent whose records they may read. */
export function agentScope(key: KeyRow): string | undefined {
  return key.kind === 'agent' ? (key.agentId ?? undefined) : undefined;
}
