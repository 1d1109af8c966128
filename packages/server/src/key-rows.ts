// A new key row and its secret: the one place that decides how keys are minted and stored.
import { EMPTY_TRUST_RECORD } from '@actiongate/engine';
import { hashSecret, newId, newSecret } from './ids.ts';
import type { KeyRow } from './store/store.ts';

export interface KeyFields {
  tenantId: string;
  kind: 'customer' | 'agent';
  role: KeyRow['role'];
  name: string;
  agentId?: string | null;
  budgetUsd?: number | null;
  /** A secret to store instead of a new random one (a seeded admin key). */
  secret?: string;
}

/** A key row with an empty record, and the secret to show once (only its SHA-256 is stored). */
export function newKeyRow(fields: KeyFields, now: number): { row: KeyRow; secret: string } {
  const secret = fields.secret ?? newSecret(fields.kind === 'agent' ? 'agt' : 'fk');
  return {
    secret,
    row: {
      id: newId(fields.kind === 'agent' ? 'ak' : 'key'),
      tenantId: fields.tenantId,
      kind: fields.kind,
      role: fields.role,
      name: fields.name,
      agentId: fields.agentId ?? null,
      budgetUsd: fields.budgetUsd ?? null,
      spentUsd: 0,
      keyHash: hashSecret(secret),
      createdAt: now,
      revokedAt: null,
      record: { ...EMPTY_TRUST_RECORD, recentBlockedAt: [] },
    },
  };
}
