// Issued passports (issue 21): what a passport claims (its id is the token's `jti`, its subject the
// trajectory), kept so passports can be listed, read and revoked; the token itself is not stored.
// One row mapper and the SQL both stores share.
import type { Row } from './rows.ts';

/** The trajectory summary a passport carries, as presented in its token. */
export interface PassportSummary {
  decisions: number;
  allowed: number;
  held: number;
  blocked: number;
  trajectory_matches: number;
  paths: string[];
  first_decision_at: string | null;
  last_decision_at: string | null;
}

export interface PassportRow {
  /** `psp_…`, the token's `jti`. */
  id: string;
  tenantId: string;
  /** The token's `sub`. */
  trajectoryId: string;
  identityId: string;
  agentId: string;
  /** The signing key's id (the token's `kid`). */
  kid: string;
  /** The trajectory summary the token carries (as presented). */
  summary: PassportSummary;
  issuedByKeyId: string;
  issuedAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokedByKeyId: string | null;
  revokedReason: string | null;
}

/** Filters of the passport list. */
export interface PassportListQuery {
  trajectoryId?: string;
  agentId?: string;
  limit: number;
}

export interface PassportStore {
  createPassport(row: PassportRow): Promise<void>;
  getPassport(tenantId: string, id: string): Promise<PassportRow | null>;
  /** The tenant's passports, newest first. */
  listPassports(tenantId: string, query: PassportListQuery): Promise<PassportRow[]>;
  /** Revokes a passport not yet revoked; false when it is missing or already revoked. */
  revokePassport(tenantId: string, id: string, by: { keyId: string; reason: string; at: number }): Promise<boolean>;
}

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function passportOf(row: Row): PassportRow {
  return {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    trajectoryId: String(row.trajectory_id),
    identityId: String(row.identity_id),
    agentId: String(row.agent_id),
    kid: String(row.kid),
    summary: JSON.parse(row.summary),
    issuedByKeyId: String(row.issued_by_key_id),
    issuedAt: Number(row.issued_at),
    expiresAt: Number(row.expires_at),
    revokedAt: numberOrNull(row.revoked_at),
    revokedByKeyId: row.revoked_by_key_id ?? null,
    revokedReason: row.revoked_reason ?? null,
  };
}

export const PASSPORT_COLUMNS =
  'id, tenant_id, trajectory_id, identity_id, agent_id, kid, summary, issued_by_key_id, issued_at, expires_at';

/** The insert's values, in the order of `PASSPORT_COLUMNS`. */
export function passportValues(row: PassportRow): unknown[] {
  return [
    row.id,
    row.tenantId,
    row.trajectoryId,
    row.identityId,
    row.agentId,
    row.kid,
    JSON.stringify(row.summary),
    row.issuedByKeyId,
    row.issuedAt,
    row.expiresAt,
  ];
}

/** The list query with `?` or `$n` placeholders (values from `listPassportsValues`, same order). */
export function listPassportsSql(query: PassportListQuery, placeholder: (n: number) => string): string {
  let n = 1;
  const where = [`tenant_id = ${placeholder(n++)}`];
  if (query.trajectoryId !== undefined) where.push(`trajectory_id = ${placeholder(n++)}`);
  if (query.agentId !== undefined) where.push(`agent_id = ${placeholder(n++)}`);
  return `SELECT * FROM passports WHERE ${where.join(' AND ')} ORDER BY issued_at DESC, id DESC LIMIT ${placeholder(n)}`;
}

export function listPassportsValues(tenantId: string, query: PassportListQuery): unknown[] {
  return [
    tenantId,
    ...(query.trajectoryId !== undefined ? [query.trajectoryId] : []),
    ...(query.agentId !== undefined ? [query.agentId] : []),
    query.limit,
  ];
}

/** Guarded: a passport is revoked once (parameters: at, key id, reason, tenant id, id). */
export function revokePassportSql(placeholder: (n: number) => string): string {
  const [at, key, reason, tenant, id] = [1, 2, 3, 4, 5].map(placeholder);
  return `UPDATE passports SET revoked_at = ${at}, revoked_by_key_id = ${key}, revoked_reason = ${reason}
    WHERE tenant_id = ${tenant} AND id = ${id} AND revoked_at IS NULL`;
}
