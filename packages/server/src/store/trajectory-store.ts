// Trajectories (issue 21): a started watch over one agent of one identity. The decisions that agent
// gets from `startedAt` on are the trajectory; a passport summarises it when it is clean (rules in
// @actiongate/engine's trajectory-summary). The store only keeps the start.
import type { Row } from './rows.ts';
import type { PassportStore } from './passport-rows.ts';

export interface TrajectoryRow {
  id: string;
  tenantId: string;
  identityId: string;
  agentId: string;
  startedAt: number;
  createdByKeyId: string;
}

/** Trajectories, and the passports issued for them (passport-rows.ts). */
export interface TrajectoryStore extends PassportStore {
  createTrajectory(row: TrajectoryRow): Promise<void>;
  getTrajectory(tenantId: string, id: string): Promise<TrajectoryRow | null>;
}

/** A `trajectories` row as both stores read it (PostgreSQL BIGINT arrives as a string). */
export function trajectoryOf(row: Row): TrajectoryRow {
  return {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    identityId: String(row.identity_id),
    agentId: String(row.agent_id),
    startedAt: Number(row.started_at),
    createdByKeyId: String(row.created_by_key_id),
  };
}
