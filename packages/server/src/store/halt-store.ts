// Storage of the kill switch: single-use halt tokens and the tenant's halted state.

export interface HaltTokenRow {
  /** SHA-256 of the token; the token itself is shown once to the key that asked for it. */
  tokenHash: string;
  tenantId: string;
  /** The admin key the token was issued to. */
  keyId: string;
  createdAt: number;
  expiresAt: number;
}

export interface HaltRequest {
  tokenHash: string;
  /** The admin key that halts. */
  keyId: string;
  /** Quorum 2: the token must have been issued to a key other than `keyId`. */
  requireOtherKey: boolean;
  reason: string;
  operatorId: string;
  now: number;
}

export interface HaltState {
  reason: string;
  since: number;
  operatorId: string | null;
}

export type HaltResult =
  | { ok: true; halted: HaltState; tokenKeyId: string }
  | { ok: false; reason: 'token_unknown' | 'token_expired' | 'token_used' | 'same_key' | 'wrong_key' | 'already_halted' };

export interface HaltStore {
  createHaltToken(token: HaltTokenRow): Promise<void>;
  /** Checks and spends the token and halts the tenant, in one transaction; nothing changes on failure. */
  halt(tenantId: string, request: HaltRequest): Promise<HaltResult>;
  /** Lifts the halt; false when the tenant was not halted. */
  resume(tenantId: string, request: { keyId: string; operatorId: string | null; now: number }): Promise<boolean>;
}
