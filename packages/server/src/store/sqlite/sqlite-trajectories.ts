// Trajectories in SQLite (table of the issue-21 trajectories migration in schema.ts); the twin is
// postgres/postgres-trajectories.ts.
import type Database from 'better-sqlite3';
import type { Row } from '../rows.ts';
import { trajectoryOf, type TrajectoryRow, type TrajectoryStore } from '../trajectory-store.ts';

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
}
