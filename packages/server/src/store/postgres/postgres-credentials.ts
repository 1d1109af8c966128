// The vault's rows in PostgreSQL (issue 18): the twin of sqlite/sqlite-credentials.ts. Sealed
// secrets only; sealing and opening are in vault/.
import type pg from 'pg';
import type { CredentialKind, CredentialRow, CredentialStore } from '../credential-store.ts';
import type { Row } from '../rows.ts';

type Query = (client: pg.ClientBase | pg.Pool, name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<Row>>;

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

export class PostgresCredentials implements CredentialStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly query: Query,
  ) {}

  async vaultCheck(): Promise<Buffer | null> {
    const result = await this.query(this.pool, 'vault_check', 'SELECT key_check FROM vault_meta WHERE id = 1', []);
    return result.rows[0] ? result.rows[0].key_check : null;
  }

  async saveVaultCheck(sealed: Buffer): Promise<Buffer> {
    // Nodes starting together: the first check value stays, every node reads that one back.
    await this.query(
      this.pool,
      'vault_check_save',
      'INSERT INTO vault_meta (id, key_check, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
      [sealed, Date.now()],
    );
    return (await this.vaultCheck())!;
  }

  async countCredentials(): Promise<number> {
    const result = await this.query(this.pool, 'credentials_count', 'SELECT COUNT(*)::int AS n FROM credentials', []);
    return Number(result.rows[0].n);
  }

  async getCredential(tenantId: string, name: string): Promise<CredentialRow | null> {
    const result = await this.query(this.pool, 'credential_get', 'SELECT * FROM credentials WHERE tenant_id = $1 AND name = $2', [
      tenantId,
      name,
    ]);
    return result.rows[0] ? credentialOf(result.rows[0]) : null;
  }

  async listCredentials(tenantId: string): Promise<CredentialRow[]> {
    const result = await this.query(this.pool, 'credentials_list', 'SELECT * FROM credentials WHERE tenant_id = $1 ORDER BY name', [
      tenantId,
    ]);
    return result.rows.map(credentialOf);
  }

  async putCredential(row: CredentialRow): Promise<boolean> {
    // A rotation replaces the row only over the version it was sealed after (no lost update across nodes).
    const result = await this.query(
      this.pool,
      'credential_put',
      `INSERT INTO credentials (tenant_id, name, kind, version, allowed_hosts, allowed_methods, header_name, description, sealed, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (tenant_id, name) DO UPDATE SET kind = excluded.kind, version = excluded.version,
         allowed_hosts = excluded.allowed_hosts, allowed_methods = excluded.allowed_methods, header_name = excluded.header_name,
         description = excluded.description, sealed = excluded.sealed, updated_at = excluded.updated_at
       WHERE credentials.version = excluded.version - 1`,
      [
        row.tenantId,
        row.name,
        row.kind,
        row.version,
        JSON.stringify(row.allowedHosts),
        row.allowedMethods === null ? null : JSON.stringify(row.allowedMethods),
        row.headerName,
        row.description,
        row.sealed,
        row.createdAt,
        row.updatedAt,
      ],
    );
    return result.rowCount === 1;
  }

  async deleteCredential(tenantId: string, name: string): Promise<boolean> {
    const result = await this.query(this.pool, 'credential_delete', 'DELETE FROM credentials WHERE tenant_id = $1 AND name = $2', [
      tenantId,
      name,
    ]);
    return result.rowCount === 1;
  }

  async touchCredential(tenantId: string, name: string, at: number): Promise<void> {
    await this.query(this.pool, 'credential_touch', 'UPDATE credentials SET last_used_at = $1 WHERE tenant_id = $2 AND name = $3', [
      at,
      tenantId,
      name,
    ]);
  }
}
