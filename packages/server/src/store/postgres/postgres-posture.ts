// A tenant's egress rules, posture, containment and closure in PostgreSQL (issue 18): the twin of
// sqlite/sqlite-posture.ts. Plain SQL only: what these decide is in the engine's identity and
// policy stages.
import type pg from 'pg';
import type { TreeHead } from '@actiongate/engine';
import type { ClosureRow, ContainmentRow, EgressRuleRow, PostureStore, TenantPostureRow } from '../posture-store.ts';
import type { Row } from '../rows.ts';

type Query = (client: pg.ClientBase | pg.Pool, name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<Row>>;
type Transaction = <T>(run: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

export class PostgresPosture implements PostureStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly query: Query,
    private readonly transaction: Transaction,
  ) {}

  /** The tenant's posture row, created empty on first need. */
  private async ensureRow(client: pg.ClientBase, tenantId: string): Promise<void> {
    await this.query(client, 'posture_ensure', 'INSERT INTO tenant_posture (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING', [
      tenantId,
    ]);
  }

  async loadPosture(tenantId: string): Promise<TenantPostureRow> {
    const rules = (
      await this.query(this.pool, 'egress_rules_list', 'SELECT * FROM egress_rules WHERE tenant_id = $1 ORDER BY created_at, id', [
        tenantId,
      ])
    ).rows;
    const row = (await this.query(this.pool, 'posture_get', 'SELECT * FROM tenant_posture WHERE tenant_id = $1', [tenantId])).rows[0];
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
    await this.query(
      this.pool,
      'egress_rule_insert',
      'INSERT INTO egress_rules (id, tenant_id, target, ports, schemes, created_at, created_by_key_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [rule.id, rule.tenantId, rule.target, JSON.stringify(rule.ports), JSON.stringify(rule.schemes), rule.createdAt, rule.createdByKeyId],
    );
  }

  async deleteEgressRule(tenantId: string, id: string): Promise<boolean> {
    const result = await this.query(this.pool, 'egress_rule_delete', 'DELETE FROM egress_rules WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      id,
    ]);
    return result.rowCount === 1;
  }

  async setToolPosture(
    tenantId: string,
    posture: { allowedTools: string[] | null; deniedTools: string[] | null; at: number },
  ): Promise<void> {
    await this.transaction(async (client) => {
      await this.ensureRow(client, tenantId);
      await this.query(
        client,
        'posture_tools_set',
        'UPDATE tenant_posture SET allowed_tools = $1, denied_tools = $2, posture_updated_at = $3 WHERE tenant_id = $4',
        [
          posture.allowedTools === null ? null : JSON.stringify(posture.allowedTools),
          posture.deniedTools === null ? null : JSON.stringify(posture.deniedTools),
          posture.at,
          tenantId,
        ],
      );
    });
  }

  async contain(tenantId: string, containment: ContainmentRow): Promise<boolean> {
    return this.transaction(async (client) => {
      await this.ensureRow(client, tenantId);
      const result = await this.query(
        client,
        'posture_contain',
        'UPDATE tenant_posture SET contained_at = $1, contained_reason = $2, contained_by = $3 WHERE tenant_id = $4 AND contained_at IS NULL',
        [containment.since, containment.reason, containment.byKeyId, tenantId],
      );
      return result.rowCount === 1;
    });
  }

  async release(tenantId: string): Promise<boolean> {
    const result = await this.query(
      this.pool,
      'posture_release',
      'UPDATE tenant_posture SET contained_at = NULL, contained_reason = NULL, contained_by = NULL WHERE tenant_id = $1 AND contained_at IS NOT NULL',
      [tenantId],
    );
    return result.rowCount === 1;
  }

  async close(tenantId: string, closure: Omit<ClosureRow, 'finalTreeHead'>): Promise<boolean> {
    return this.transaction(async (client) => {
      await this.ensureRow(client, tenantId);
      const result = await this.query(
        client,
        'posture_close',
        'UPDATE tenant_posture SET closed_at = $1, closed_reason = $2, final_disposition = $3, closed_by = $4 WHERE tenant_id = $5 AND closed_at IS NULL',
        [closure.since, closure.reason, closure.finalDisposition, closure.byKeyId, tenantId],
      );
      const closed = result.rowCount === 1;
      // Open approvals of a closed tenant can never run: they fall due now, and the expiry sweep
      // journals them before the journal is sealed.
      if (closed)
        await this.query(
          client,
          'posture_close_approvals',
          `UPDATE approvals SET expires_at = $1 WHERE tenant_id = $2 AND status IN ('pending', 'approved') AND expires_at > $1`,
          [closure.since, tenantId],
        );
      return closed;
    });
  }

  async sealClosure(tenantId: string, head: TreeHead): Promise<void> {
    await this.query(this.pool, 'posture_seal', 'UPDATE tenant_posture SET final_tree_head = $1 WHERE tenant_id = $2', [
      JSON.stringify(head),
      tenantId,
    ]);
  }
}
