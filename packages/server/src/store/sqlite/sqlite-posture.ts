// A tenant's egress rules, posture, containment and closure in SQLite (issue 18). Plain SQL only:
// what these decide is in the engine's identity and policy stages.
import type Database from 'better-sqlite3';
import type { TreeHead } from '@actiongate/engine';
import type { ClosureRow, ContainmentRow, EgressRuleRow, PostureStore, TenantPostureRow } from '../posture-store.ts';

type Row = Record<string, any>;

export class SqlitePosture implements PostureStore {
  constructor(private readonly db: Database.Database) {}

  /** The tenant's posture row, created empty on first need. */
  private ensureRow(tenantId: string): void {
    this.db.prepare('INSERT INTO tenant_posture (tenant_id) VALUES (?) ON CONFLICT (tenant_id) DO NOTHING').run(tenantId);
  }

  async loadPosture(tenantId: string): Promise<TenantPostureRow> {
    const rules = this.db.prepare('SELECT * FROM egress_rules WHERE tenant_id = ? ORDER BY created_at, id').all(tenantId) as Row[];
    const row = this.db.prepare('SELECT * FROM tenant_posture WHERE tenant_id = ?').get(tenantId) as Row | undefined;
    return {
      egressRules: rules.map((rule) => ({
        id: rule.id,
        tenantId: rule.tenant_id,
        target: rule.target,
        ports: JSON.parse(rule.ports),
        schemes: JSON.parse(rule.schemes),
        createdAt: rule.created_at,
        createdByKeyId: rule.created_by_key_id,
      })),
      allowedTools: row?.allowed_tools ? JSON.parse(row.allowed_tools) : null,
      deniedTools: row?.denied_tools ? JSON.parse(row.denied_tools) : null,
      postureUpdatedAt: row?.posture_updated_at ?? null,
      containment: row?.contained_at != null ? { reason: row.contained_reason, since: row.contained_at, byKeyId: row.contained_by } : null,
      closure:
        row?.closed_at != null
          ? {
              reason: row.closed_reason,
              finalDisposition: row.final_disposition,
              since: row.closed_at,
              byKeyId: row.closed_by,
              finalTreeHead: row.final_tree_head ? (JSON.parse(row.final_tree_head) as TreeHead) : null,
            }
          : null,
    };
  }

  async createEgressRule(rule: EgressRuleRow): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO egress_rules (id, tenant_id, target, ports, schemes, created_at, created_by_key_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        rule.id,
        rule.tenantId,
        rule.target,
        JSON.stringify(rule.ports),
        JSON.stringify(rule.schemes),
        rule.createdAt,
        rule.createdByKeyId,
      );
  }

  async deleteEgressRule(tenantId: string, id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM egress_rules WHERE tenant_id = ? AND id = ?').run(tenantId, id).changes === 1;
  }

  async setToolPosture(
    tenantId: string,
    posture: { allowedTools: string[] | null; deniedTools: string[] | null; at: number },
  ): Promise<void> {
    this.db.transaction(() => {
      this.ensureRow(tenantId);
      this.db
        .prepare('UPDATE tenant_posture SET allowed_tools = ?, denied_tools = ?, posture_updated_at = ? WHERE tenant_id = ?')
        .run(
          posture.allowedTools === null ? null : JSON.stringify(posture.allowedTools),
          posture.deniedTools === null ? null : JSON.stringify(posture.deniedTools),
          posture.at,
          tenantId,
        );
    })();
  }

  async contain(tenantId: string, containment: ContainmentRow): Promise<boolean> {
    return this.db.transaction(() => {
      this.ensureRow(tenantId);
      return (
        this.db
          .prepare(
            'UPDATE tenant_posture SET contained_at = ?, contained_reason = ?, contained_by = ? WHERE tenant_id = ? AND contained_at IS NULL',
          )
          .run(containment.since, containment.reason, containment.byKeyId, tenantId).changes === 1
      );
    })();
  }

  async release(tenantId: string): Promise<boolean> {
    return (
      this.db
        .prepare(
          'UPDATE tenant_posture SET contained_at = NULL, contained_reason = NULL, contained_by = NULL WHERE tenant_id = ? AND contained_at IS NOT NULL',
        )
        .run(tenantId).changes === 1
    );
  }

  async close(tenantId: string, closure: Omit<ClosureRow, 'finalTreeHead'>): Promise<boolean> {
    return this.db.transaction(() => {
      this.ensureRow(tenantId);
      const closed =
        this.db
          .prepare(
            'UPDATE tenant_posture SET closed_at = ?, closed_reason = ?, final_disposition = ?, closed_by = ? WHERE tenant_id = ? AND closed_at IS NULL',
          )
          .run(closure.since, closure.reason, closure.finalDisposition, closure.byKeyId, tenantId).changes === 1;
      // Open approvals of a closed tenant can never run: they fall due now, and the expiry sweep
      // journals them before the journal is sealed.
      if (closed) {
        this.db
          .prepare(`UPDATE approvals SET expires_at = ? WHERE tenant_id = ? AND status IN ('pending', 'approved') AND expires_at > ?`)
          .run(closure.since, tenantId, closure.since);
      }
      return closed;
    })();
  }

  async sealClosure(tenantId: string, head: TreeHead): Promise<void> {
    this.db.prepare('UPDATE tenant_posture SET final_tree_head = ? WHERE tenant_id = ?').run(JSON.stringify(head), tenantId);
  }
}
