// The evidence layer's tables in PostgreSQL (issue 22): the twin of sqlite/sqlite-compliance.ts,
// running the same plain SQL (times as bigint milliseconds, JSON as text, ON CONFLICT) with numbered
// placeholders.
import type pg from 'pg';
import type {
  AnchorRow,
  AuditPackageRow,
  ComplianceStore,
  ControlResultRow,
  FindingRow,
  MonitorRow,
  StoredDocument,
} from '../compliance-store.ts';
import type { Row } from '../rows.ts';
import { findingOf, monitorOf, anchorOf } from '../compliance-rows.ts';

const TABLES = { framework: 'compliance_frameworks', control: 'compliance_controls' } as const;

export class PostgresCompliance implements ComplianceStore {
  constructor(private readonly pool: pg.Pool) {}

  /** Runs the same plain SQL as SQLite's twin, with its `?` placeholders numbered for PostgreSQL. */
  private async sql(text: string, values: unknown[]): Promise<{ rows: Row[]; changes: number }> {
    let n = 0;
    const result = await this.pool.query(
      text.replace(/\?/g, () => `$${++n}`),
      values,
    );
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  }

  async createDocument(kind: 'framework' | 'control', document: StoredDocument): Promise<boolean> {
    const result = await this.sql(
      `INSERT INTO ${TABLES[kind]} (tenant_id, id, body, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [document.tenantId, document.id, JSON.stringify(document.body), document.createdAt],
    );
    return result.changes === 1;
  }

  async listDocuments(kind: 'framework' | 'control', tenantId: string): Promise<StoredDocument[]> {
    const rows = (await this.sql(`SELECT * FROM ${TABLES[kind]} WHERE tenant_id = ? ORDER BY created_at, id`, [tenantId])).rows as Row[];
    return rows.map((row) => ({ tenantId: row.tenant_id, id: row.id, body: JSON.parse(row.body), createdAt: row.created_at }));
  }

  async getDocument(kind: 'framework' | 'control', tenantId: string, id: string): Promise<StoredDocument | null> {
    const row = (await this.sql(`SELECT * FROM ${TABLES[kind]} WHERE tenant_id = ? AND id = ?`, [tenantId, id])).rows[0] as Row | undefined;
    return row ? { tenantId: row.tenant_id, id: row.id, body: JSON.parse(row.body), createdAt: row.created_at } : null;
  }

  async saveControlResult(result: ControlResultRow): Promise<void> {
    await this.sql(
      'INSERT INTO compliance_control_results (tenant_id, id, control_id, passed, evaluated_at, body) VALUES (?, ?, ?, ?, ?, ?)',
      [result.tenantId, result.id, result.controlId, result.passed ? 1 : 0, result.evaluatedAt, JSON.stringify(result.body)],
    );
  }

  async listControlResults(tenantId: string, from: number, to: number, limit: number): Promise<ControlResultRow[]> {
    const rows = (
      await this.sql(
        'SELECT * FROM compliance_control_results WHERE tenant_id = ? AND evaluated_at >= ? AND evaluated_at <= ? ORDER BY evaluated_at, id LIMIT ?',
        [tenantId, from, to, limit],
      )
    ).rows as Row[];
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      id: row.id,
      controlId: row.control_id,
      passed: row.passed === 1,
      evaluatedAt: row.evaluated_at,
      body: JSON.parse(row.body),
    }));
  }

  async createFinding(finding: FindingRow): Promise<boolean> {
    const result = await this.sql(
      `INSERT INTO compliance_findings (tenant_id, id, status, severity, control_id, source, created_at, updated_at, body)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        finding.tenantId,
        finding.id,
        finding.status,
        finding.severity,
        finding.controlId,
        finding.source,
        finding.createdAt,
        finding.updatedAt,
        JSON.stringify(finding.body),
      ],
    );
    return result.changes === 1;
  }

  async listFindings(tenantId: string, status: string | null, limit: number): Promise<FindingRow[]> {
    const rows = (
      status === null
        ? (await this.sql('SELECT * FROM compliance_findings WHERE tenant_id = ? ORDER BY created_at DESC, id LIMIT ?', [tenantId, limit]))
            .rows
        : (
            await this.sql('SELECT * FROM compliance_findings WHERE tenant_id = ? AND status = ? ORDER BY created_at DESC, id LIMIT ?', [
              tenantId,
              status,
              limit,
            ])
          ).rows
    ) as Row[];
    return rows.map(findingOf);
  }

  async getFinding(tenantId: string, id: string): Promise<FindingRow | null> {
    const row = (await this.sql('SELECT * FROM compliance_findings WHERE tenant_id = ? AND id = ?', [tenantId, id])).rows[0] as
      Row | undefined;
    return row ? findingOf(row) : null;
  }

  async updateFinding(finding: FindingRow, expectedStatus: string): Promise<boolean> {
    const result = await this.sql(
      'UPDATE compliance_findings SET status = ?, updated_at = ?, body = ? WHERE tenant_id = ? AND id = ? AND status = ?',
      [finding.status, finding.updatedAt, JSON.stringify(finding.body), finding.tenantId, finding.id, expectedStatus],
    );
    return result.changes === 1;
  }

  async setMonitor(monitor: MonitorRow): Promise<void> {
    await this.sql(
      `INSERT INTO compliance_monitors (tenant_id, body, interval_ms, next_run_at, last_run_at, last_run, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id) DO UPDATE SET body = excluded.body, interval_ms = excluded.interval_ms,
           next_run_at = excluded.next_run_at, updated_at = excluded.updated_at`,
      [
        monitor.tenantId,
        JSON.stringify(monitor.body),
        monitor.intervalMs,
        monitor.nextRunAt,
        monitor.lastRunAt,
        monitor.lastRun ? JSON.stringify(monitor.lastRun) : null,
        monitor.updatedAt,
      ],
    );
  }

  async getMonitor(tenantId: string): Promise<MonitorRow | null> {
    const row = (await this.sql('SELECT * FROM compliance_monitors WHERE tenant_id = ?', [tenantId])).rows[0] as Row | undefined;
    return row ? monitorOf(row) : null;
  }

  async dueMonitors(now: number): Promise<MonitorRow[]> {
    return ((await this.sql('SELECT * FROM compliance_monitors WHERE next_run_at <= ? ORDER BY next_run_at', [now])).rows as Row[]).map(
      monitorOf,
    );
  }

  async recordMonitorRun(
    tenantId: string,
    updatedAt: number,
    ranAt: number,
    nextRunAt: number,
    run: Record<string, unknown>,
  ): Promise<void> {
    await this.sql('UPDATE compliance_monitors SET last_run_at = ?, last_run = ?, next_run_at = ? WHERE tenant_id = ? AND updated_at = ?', [
      ranAt,
      JSON.stringify(run),
      nextRunAt,
      tenantId,
      updatedAt,
    ]);
  }

  async saveAuditPackage(pkg: AuditPackageRow): Promise<void> {
    await this.sql('INSERT INTO compliance_audit_packages (tenant_id, id, created_at, summary, archive) VALUES (?, ?, ?, ?, ?)', [
      pkg.tenantId,
      pkg.id,
      pkg.createdAt,
      JSON.stringify(pkg.summary),
      Buffer.from(pkg.archive),
    ]);
  }

  async getAuditPackage(tenantId: string, id: string): Promise<AuditPackageRow | null> {
    const row = (await this.sql('SELECT * FROM compliance_audit_packages WHERE tenant_id = ? AND id = ?', [tenantId, id])).rows[0] as
      Row | undefined;
    return row
      ? { tenantId: row.tenant_id, id: row.id, createdAt: row.created_at, summary: JSON.parse(row.summary), archive: row.archive }
      : null;
  }

  async listAuditPackages(tenantId: string, limit: number): Promise<Omit<AuditPackageRow, 'archive'>[]> {
    const rows = (
      await this.sql(
        'SELECT tenant_id, id, created_at, summary FROM compliance_audit_packages WHERE tenant_id = ? ORDER BY created_at DESC, id LIMIT ?',
        [tenantId, limit],
      )
    ).rows as Row[];
    return rows.map((row) => ({ tenantId: row.tenant_id, id: row.id, createdAt: row.created_at, summary: JSON.parse(row.summary) }));
  }

  async saveAnchor(anchor: AnchorRow): Promise<void> {
    await this.sql('INSERT INTO journal_anchors (tenant_id, id, tree_size, created_at, receipt) VALUES (?, ?, ?, ?, ?)', [
      anchor.tenantId,
      anchor.id,
      anchor.treeSize,
      anchor.createdAt,
      JSON.stringify(anchor.receipt),
    ]);
  }

  async listAnchors(tenantId: string, limit: number): Promise<AnchorRow[]> {
    const rows = (
      await this.sql('SELECT * FROM journal_anchors WHERE tenant_id = ? ORDER BY created_at DESC, id LIMIT ?', [tenantId, limit])
    ).rows as Row[];
    return rows.map(anchorOf);
  }

  async getAnchor(tenantId: string, id: string): Promise<AnchorRow | null> {
    const row = (await this.sql('SELECT * FROM journal_anchors WHERE tenant_id = ? AND id = ?', [tenantId, id])).rows[0] as Row | undefined;
    return row ? anchorOf(row) : null;
  }
}
