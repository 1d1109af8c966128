// Acting edges as both databases store them (same columns, same portable SQL with `?` placeholders).
import type { EdgeRow } from './edge-store.ts';

type Row = Record<string, any>;

export const EDGE_SQL = {
  insert: `INSERT INTO identity_edges (id, tenant_id, source, target, relation, evidence_ref, allowed_actions, created_by_key_id, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  get: 'SELECT * FROM identity_edges WHERE tenant_id = ? AND id = ?',
  live: `SELECT * FROM identity_edges WHERE tenant_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
         ORDER BY created_at, id LIMIT 10000`,
  liveTouching: `SELECT * FROM identity_edges WHERE tenant_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
                 AND (source = ? OR target = ?) ORDER BY created_at, id LIMIT 10000`,
  revoke: 'UPDATE identity_edges SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL',
};

export function edgeValues(row: EdgeRow): unknown[] {
  return [
    row.id,
    row.tenantId,
    row.source,
    row.target,
    row.relation,
    row.evidenceRef,
    JSON.stringify(row.allowedActions),
    row.createdByKeyId,
    row.createdAt,
    row.expiresAt,
  ];
}

export function edgeOf(row: Row): EdgeRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    source: row.source,
    target: row.target,
    relation: row.relation,
    evidenceRef: row.evidence_ref,
    allowedActions: JSON.parse(row.allowed_actions),
    createdByKeyId: row.created_by_key_id,
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}
