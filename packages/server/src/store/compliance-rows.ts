// Compliance rows as stored by both databases (same columns), read into their types.
import type { AnchorRow, FindingRow, MonitorRow } from './compliance-store.ts';

type Row = Record<string, any>;

export const findingOf = (row: Row): FindingRow => ({
  tenantId: row.tenant_id,
  id: row.id,
  status: row.status,
  severity: row.severity,
  controlId: row.control_id,
  source: row.source,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  body: JSON.parse(row.body),
});

export const monitorOf = (row: Row): MonitorRow => ({
  tenantId: row.tenant_id,
  body: JSON.parse(row.body),
  intervalMs: row.interval_ms,
  nextRunAt: row.next_run_at,
  lastRunAt: row.last_run_at,
  lastRun: row.last_run ? JSON.parse(row.last_run) : null,
  updatedAt: row.updated_at,
});

export const anchorOf = (row: Row): AnchorRow => ({
  tenantId: row.tenant_id,
  id: row.id,
  treeSize: row.tree_size,
  createdAt: row.created_at,
  receipt: JSON.parse(row.receipt),
});
