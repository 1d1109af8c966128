// Trajectories and their passports in PostgreSQL: the twin of sqlite/sqlite-trajectories.ts (same
// tables, same rows). Revoking is one conditional UPDATE, so a passport is revoked once.
import type pg from 'pg';
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

const numbered = (n: number) => `$${n}`;

export class PostgresTrajectories implements TrajectoryStore {
  constructor(private readonly pool: pg.Pool) {}

  async createTrajectory(row: TrajectoryRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO trajectories (id, tenant_id, identity_id, agent_id, started_at, created_by_key_id) VALUES ($1, $2, $3, $4, $5, $6)',
      [row.id, row.tenantId, row.identityId, row.agentId, row.startedAt, row.createdByKeyId],
    );
  }

  async getTrajectory(tenantId: string, id: string): Promise<TrajectoryRow | null> {
    const result = await this.pool.query('SELECT * FROM trajectories WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return result.rows[0] ? trajectoryOf(result.rows[0]) : null;
  }

  async createPassport(row: PassportRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO passports (${PASSPORT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      passportValues(row),
    );
  }

  async getPassport(tenantId: string, id: string): Promise<PassportRow | null> {
    const result = await this.pool.query('SELECT * FROM passports WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return result.rows[0] ? passportOf(result.rows[0]) : null;
  }

  async listPassports(tenantId: string, query: PassportListQuery): Promise<PassportRow[]> {
    const result = await this.pool.query(listPassportsSql(query, numbered), listPassportsValues(tenantId, query));
    return result.rows.map(passportOf);
  }

  async revokePassport(tenantId: string, id: string, by: { keyId: string; reason: string; at: number }): Promise<boolean> {
    const result = await this.pool.query(`${revokePassportSql(numbered)} RETURNING id`, [by.at, by.keyId, by.reason, tenantId, id]);
    return result.rowCount === 1;
  }
}
