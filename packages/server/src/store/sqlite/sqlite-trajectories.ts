// Trajectories and their passports in SQLite (tables of the issue-21 migrations in schema.ts); the
// twin is postgres/postgres-trajectories.ts.
import type Database from 'better-sqlite3';
import type { Row } from '../rows.ts';
import { trajectoryOf, type TrajectoryRow, type TrajectoryStore } from '../trajectory-store.ts';
import {
  listPassportsSql,
  listPassportsValues,
  PASSPORT_COLUMNS,
  passportOf,
  passportValues,
  revokePassportSql,
  type PassportListQuery,
  type PassportRow,
} from '../passport-rows.ts';
import { bind, named } from './named-parameters.ts';

export class SqliteTrajectories implements TrajectoryStore {
  constructor(private readonly db: Database.Database) {}

  async createTrajectory(row: TrajectoryRow): Promise<void> {
    this.db
      .prepare('INSERT INTO trajectories (id, tenant_id, identity_id, agent_id, started_at, created_by_key_id) VALUES (?, ?, ?, ?, ?, ?)')
      .run(row.id, row.tenantId, row.identityId, row.agentId, row.startedAt, row.createdByKeyId);
  }

  async getTrajectory(tenantId: string, id: string): Promise<TrajectoryRow | null> {
    const row = this.db.prepare('SELECT * FROM trajectories WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? trajectoryOf(row) : null;
  }

  async createPassport(row: PassportRow): Promise<void> {
    this.db.prepare(`INSERT INTO passports (${PASSPORT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...passportValues(row));
  }

  async getPassport(tenantId: string, id: string): Promise<PassportRow | null> {
    const row = this.db.prepare('SELECT * FROM passports WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? passportOf(row) : null;
  }

  async listPassports(tenantId: string, query: PassportListQuery): Promise<PassportRow[]> {
    const rows = this.db.prepare(listPassportsSql(query, named)).all(bind(listPassportsValues(tenantId, query))) as Row[];
    return rows.map(passportOf);
  }

  async revokePassport(tenantId: string, id: string, by: { keyId: string; reason: string; at: number }): Promise<boolean> {
    return this.db.prepare(revokePassportSql(named)).run(bind([by.at, by.keyId, by.reason, tenantId, id])).changes === 1;
  }
}
