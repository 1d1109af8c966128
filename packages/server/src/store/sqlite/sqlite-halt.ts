// The kill switch in SQLite: issuing single-use tokens, and halting or resuming a tenant together
// with its event, in one transaction.
import type Database from 'better-sqlite3';
import type { HaltRequest, HaltResult, HaltTokenRow } from '../halt-store.ts';
import type { SqliteEventLog } from './sqlite-events.ts';

type Row = Record<string, any>;

export class SqliteHalt {
  constructor(
    private readonly db: Database.Database,
    private readonly events: SqliteEventLog,
  ) {}

  createToken(token: HaltTokenRow): void {
    // Spent and expired tokens of the tenant go when a new one is issued, so the table stays small.
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM halt_tokens WHERE tenant_id = ? AND (used_at IS NOT NULL OR expires_at <= ?)')
        .run(token.tenantId, token.createdAt);
      this.db
        .prepare('INSERT INTO halt_tokens (token_hash, tenant_id, key_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
        .run(token.tokenHash, token.tenantId, token.keyId, token.createdAt, token.expiresAt);
    })();
  }

  halt(tenantId: string, request: HaltRequest): HaltResult {
    return this.events.committed(() =>
      this.db.transaction((): HaltResult => {
        const tenant = this.db.prepare('SELECT halted_at FROM tenants WHERE id = ?').get(tenantId) as Row | undefined;
        if (!tenant) return { ok: false, reason: 'token_unknown' };
        if (tenant.halted_at !== null) return { ok: false, reason: 'already_halted' };
        const token = this.db
          .prepare('SELECT * FROM halt_tokens WHERE token_hash = ? AND tenant_id = ?')
          .get(request.tokenHash, tenantId) as Row | undefined;
        if (!token) return { ok: false, reason: 'token_unknown' };
        if (token.used_at !== null) return { ok: false, reason: 'token_used' };
        if (token.expires_at <= request.now) return { ok: false, reason: 'token_expired' };
        if (request.requireOtherKey && token.key_id === request.keyId) return { ok: false, reason: 'same_key' };
        if (!request.requireOtherKey && token.key_id !== request.keyId) return { ok: false, reason: 'wrong_key' };
        this.db.prepare('UPDATE halt_tokens SET used_at = ? WHERE token_hash = ?').run(request.now, request.tokenHash);
        this.db
          .prepare('UPDATE tenants SET halted_reason = ?, halted_at = ?, halted_by = ? WHERE id = ?')
          .run(request.reason, request.now, request.operatorId, tenantId);
        this.events.append(
          tenantId,
          'halt.started',
          {
            reason: request.reason,
            operator_id: request.operatorId,
            key_id: request.keyId,
            token_key_id: token.key_id,
            at: new Date(request.now).toISOString(),
          },
          request.now,
        );
        return {
          ok: true,
          halted: { reason: request.reason, since: request.now, operatorId: request.operatorId },
          tokenKeyId: token.key_id,
        };
      })(),
    );
  }

  resume(tenantId: string, request: { keyId: string; operatorId: string | null; now: number }): boolean {
    return this.events.committed(() =>
      this.db.transaction((): boolean => {
        const tenant = this.db.prepare('SELECT * FROM tenants WHERE id = ?').get(tenantId) as Row | undefined;
        if (!tenant || tenant.halted_at === null) return false;
        this.db.prepare('UPDATE tenants SET halted_reason = NULL, halted_at = NULL, halted_by = NULL WHERE id = ?').run(tenantId);
        this.events.append(
          tenantId,
          'halt.lifted',
          {
            key_id: request.keyId,
            operator_id: request.operatorId,
            halted_reason: tenant.halted_reason,
            halted_since: new Date(tenant.halted_at).toISOString(),
            at: new Date(request.now).toISOString(),
          },
          request.now,
        );
        return true;
      })(),
    );
  }
}
