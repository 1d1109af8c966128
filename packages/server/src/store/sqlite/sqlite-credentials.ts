// The vault's rows in SQLite (issue 18): sealed secrets only; sealing and opening are in vault/.
import type Database from 'better-sqlite3';
import type { CredentialKind, CredentialRow, CredentialStore } from '../credential-store.ts';

type Row = Record<string, any>;

function credentialOf(row: Row): CredentialRow {
  return {
    tenantId: row.tenant_id,
    name: row.name,
    kind: row.kind as CredentialKind,
    version: row.version,
    allowedHosts: JSON.parse(row.allowed_hosts),
    allowedMethods: row.allowed_methods === null ? null : JSON.parse(row.allowed_methods),
    headerName: row.header_name,
    description: row.description,
    sealed: row.sealed,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastUsedAt: row.last_used_at,
  };
}

export class SqliteCredentials implements CredentialStore {
  constructor(private readonly db: Database.Database) {}

  async vaultCheck(): Promise<Buffer | null> {
    const row = this.db.prepare('SELECT key_check FROM vault_meta WHERE id = 1').get() as Row | undefined;
    return row ? row.key_check : null;
  }

  async saveVaultCheck(sealed: Buffer): Promise<Buffer> {
    this.db
      .prepare('INSERT INTO vault_meta (id, key_check, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING')
      .run(sealed, Date.now());
    return (await this.vaultCheck())!;
  }

  async countCredentials(): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM credentials').get() as Row).n;
  }

  async getCredential(tenantId: string, name: string): Promise<CredentialRow | null> {
    const row = this.db.prepare('SELECT * FROM credentials WHERE tenant_id = ? AND name = ?').get(tenantId, name) as Row | undefined;
    return row ? credentialOf(row) : null;
  }

  async listCredentials(tenantId: string): Promise<CredentialRow[]> {
    return (this.db.prepare('SELECT * FROM credentials WHERE tenant_id = ? ORDER BY name').all(tenantId) as Row[]).map(credentialOf);
  }

  async putCredential(row: CredentialRow): Promise<boolean> {
    const values = {
      tenant_id: row.tenantId,
      name: row.name,
      kind: row.kind,
      version: row.version,
      allowed_hosts: JSON.stringify(row.allowedHosts),
      allowed_methods: row.allowedMethods === null ? null : JSON.stringify(row.allowedMethods),
      header_name: row.headerName,
      description: row.description,
      sealed: row.sealed,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    };
    // A rotation replaces the row only over the version it was sealed after (no lost update).
    const result = this.db
      .prepare(
        `INSERT INTO credentials (tenant_id, name, kind, version, allowed_hosts, allowed_methods, header_name, description, sealed, created_at, updated_at)
         VALUES (@tenant_id, @name, @kind, @version, @allowed_hosts, @allowed_methods, @header_name, @description, @sealed, @created_at, @updated_at)
         ON CONFLICT (tenant_id, name) DO UPDATE SET kind = excluded.kind, version = excluded.version,
           allowed_hosts = excluded.allowed_hosts, allowed_methods = excluded.allowed_methods, header_name = excluded.header_name,
           description = excluded.description, sealed = excluded.sealed, updated_at = excluded.updated_at
         WHERE credentials.version = excluded.version - 1`,
      )
      .run(values);
    return result.changes === 1;
  }

  async deleteCredential(tenantId: string, name: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM credentials WHERE tenant_id = ? AND name = ?').run(tenantId, name).changes === 1;
  }

  async touchCredential(tenantId: string, name: string, at: number): Promise<void> {
    this.db.prepare('UPDATE credentials SET last_used_at = ? WHERE tenant_id = ? AND name = ?').run(at, tenantId, name);
  }
}
