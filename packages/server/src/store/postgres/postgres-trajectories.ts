// Trajectories in PostgreSQL: the twin of sqlite/sqlite-trajectories.ts (same table, same rows).
import type pg from 'pg';
import { trajectoryOf, type TrajectoryRow, type TrajectoryStore } from '../trajectory-store.ts';

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
}
