// Budgets, reservations and agent controls in PostgreSQL: the twin of sqlite/sqlite-budgets.ts
// (same tables, same rows, same plans from budget-plan.ts). Every write that checks or moves money
// runs under the tenant's journal-tip lock, the lock decisions take, so concurrent reservations and
// decisions on any node see each other's holds and can never overspend a hard limit together.
import type pg from 'pg';
import { HOUR_MS, RUNNING_TIMEOUT_MS, type AgentControlState } from '@actiongate/engine';
import type { Row } from '../rows.ts';
import { agentControlOf, BUDGET_COLUMNS, budgetOf, budgetValues, reservationOf } from '../budget-rows.ts';
import {
  coversCall,
  missingParents,
  planReservation,
  planSettlement,
  withAncestors,
  type BudgetWrite,
  type CallScope,
} from '../budget-plan.ts';
import type {
  AgentControlRow,
  BudgetRow,
  BudgetStore,
  BudgetUsage,
  ReservationRow,
  ReserveRequest,
  ReserveResult,
  Settlement,
  SettleResult,
} from '../budget-store.ts';
import type { EventBatch, PostgresEventLog } from './postgres-events.ts';

type Client = pg.ClientBase | pg.Pool;
type Query = (client: Client, name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<Row>>;
/** A transaction holding the tenant's lock, whose events are announced on commit. */
type TenantTransaction = <T>(tenantId: string, run: (client: pg.PoolClient, batch: EventBatch) => Promise<T>) => Promise<T>;

const PLACEHOLDERS = BUDGET_COLUMNS.split(',')
  .map((_, i) => `$${i + 1}`)
  .join(', ');
const ALLOWED = `('ALLOWED', 'ALLOWED_DEGRADED', 'ALLOWED_WITH_DENIALS')`;

/**
 * The budgets covering a call (one indexed lookup per scope, as in SQLite) and the agent's controls,
 * as two JSON columns of a decision's read statement (postgres-store.ts `decision_reads`), so they
 * cost no statement of their own. The arguments are the statement's parameters (`$1`, …). JSON carries
 * these columns' text and numbers as the driver would (bigint as a number, as the store parses it).
 */
export function decisionReadColumns(p: { tenantId: string; agentId: string; keyId: string; toolName: string }): string {
  return `(SELECT COALESCE(json_agg(b), '[]'::json) FROM (
       SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = ${p.tenantId} AND scope = 'tenant'
       UNION ALL SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = ${p.tenantId} AND scope = 'agent' AND scope_id = ${p.agentId}
       UNION ALL SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = ${p.tenantId} AND scope = 'key' AND scope_id = ${p.keyId}
       UNION ALL SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = ${p.tenantId} AND scope = 'tool' AND scope_id = ${p.toolName}) b) AS covering_budgets,
     (SELECT row_to_json(c) FROM agent_controls c WHERE c.tenant_id = ${p.tenantId} AND c.agent_id = ${p.agentId}) AS agent_controls`;
}

export class PostgresBudgets implements BudgetStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly query: Query,
    private readonly events: PostgresEventLog,
    private readonly tenantTransaction: TenantTransaction,
  ) {}

  /** What live reservations hold against each of the budgets. */
  private async heldOf(client: Client, ids: string[], now: number): Promise<Map<string, number>> {
    const held = await this.query(
      client,
      'budget_held_of',
      'SELECT budget_id, SUM(amount_cents) AS held FROM budget_holds WHERE budget_id = ANY($1) AND expires_at > $2 GROUP BY budget_id',
      [ids, now],
    );
    return new Map(held.rows.map((row) => [row.budget_id as string, Number(row.held)]));
  }

  private async withUsage(client: Client, rows: Row[], now: number): Promise<BudgetUsage[]> {
    if (rows.length === 0) return [];
    const budgets = rows.map(budgetOf);
    const held = await this.heldOf(
      client,
      budgets.map((b) => b.id),
      now,
    );
    return budgets.map((budget) => ({ ...budget, reservedCents: held.get(budget.id) ?? 0 }));
  }

  private async byIds(client: Client, tenantId: string, ids: string[]): Promise<Row[]> {
    return (
      await this.query(client, 'budget_by_ids', `SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = $1 AND id = ANY($2)`, [
        tenantId,
        ids,
      ])
    ).rows;
  }

  /** The budgets named and all their parents, with usage; children before parents. */
  private async chainOf(client: Client, tenantId: string, start: Row[], now: number): Promise<BudgetUsage[]> {
    if (start.length === 0) return [];
    const loaded = new Map<string, BudgetUsage>();
    for (const budget of start.map(budgetOf)) loaded.set(budget.id, { ...budget, reservedCents: 0 });
    for (let depth = 0; depth < 16; depth++) {
      const missing = missingParents(loaded);
      if (missing.length === 0) break;
      for (const row of await this.byIds(client, tenantId, missing)) loaded.set(row.id, { ...budgetOf(row), reservedCents: 0 });
      if (missing.every((id) => !loaded.has(id))) break;
    }
    for (const [id, cents] of await this.heldOf(client, [...loaded.keys()], now)) loaded.get(id)!.reservedCents = cents;
    return withAncestors(
      start.map((row) => loaded.get(row.id)!),
      loaded,
    );
  }

  /**
   * Inside a decision's transaction (under the tenant's lock): the budgets covering the call and the
   * agent's controls, from the two columns `decisionReadColumns` adds to the decision's read statement.
   */
  async decisionReads(
    client: pg.ClientBase,
    tenantId: string,
    scope: CallScope,
    now: number,
    read: { coveringBudgets: Row[]; agentControls: Row | null },
  ): Promise<{ budgets?: BudgetUsage[]; agentControls?: AgentControlState | null }> {
    const covering = read.coveringBudgets.filter((row) => coversCall({ scope: row.scope, scopeId: row.scope_id }, scope));
    const reads: { budgets?: BudgetUsage[]; agentControls?: AgentControlState | null } = {};
    if (covering.length > 0) reads.budgets = await this.chainOf(client, tenantId, covering, now);
    const controls = read.agentControls;
    if (controls) {
      const row = agentControlOf(controls);
      reads.agentControls = {
        maxActionsPerHour: row.maxActionsPerHour,
        maxConcurrentActions: row.maxConcurrentActions,
        actionsLastHour: row.maxActionsPerHour === null ? 0 : await this.actionsSince(client, tenantId, scope.agentId, now),
        running: row.maxConcurrentActions === null ? 0 : await this.runningSince(client, tenantId, scope.agentId, now),
      };
    }
    return reads;
  }

  /**
   * Executes one planned budget write (budget-plan.ts), inside the caller's transaction. Every
   * statement is sent before the first wait, so on a pipelined connection what the caller sends
   * next runs after them.
   */
  async applyWrite(client: pg.ClientBase, batch: EventBatch, write: BudgetWrite): Promise<void> {
    switch (write.kind) {
      case 'reservation-insert': {
        const r = write.reservation;
        await Promise.all([
          this.query(client, 'budget_holds_prune', 'DELETE FROM budget_holds WHERE tenant_id = $1 AND expires_at <= $2', [
            r.tenantId,
            r.createdAt,
          ]),
          this.query(
            client,
            'budget_reservation_insert',
            `INSERT INTO budget_reservations (id, tenant_id, budget_id, budget_ids, amount_cents, agent_id, decision_id, status,
               committed_cents, created_at, expires_at, settled_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'held', NULL, $8, $9, NULL)`,
            [r.id, r.tenantId, r.budgetId, JSON.stringify(r.budgetIds), r.amountCents, r.agentId, r.decisionId, r.createdAt, r.expiresAt],
          ),
          ...r.budgetIds.map((budgetId) =>
            this.query(
              client,
              'budget_hold_insert',
              'INSERT INTO budget_holds (reservation_id, budget_id, tenant_id, amount_cents, expires_at) VALUES ($1, $2, $3, $4, $5)',
              [r.id, budgetId, r.tenantId, r.amountCents, r.expiresAt],
            ),
          ),
        ]);
        return;
      }
      case 'reservation-settle': {
        const [result] = await Promise.all([
          this.query(
            client,
            'budget_reservation_settle',
            `UPDATE budget_reservations SET status = $1, committed_cents = $2, settled_at = $3 WHERE id = $4 AND status = 'held'`,
            [write.status, write.committedCents, write.now, write.reservationId],
          ),
          this.query(client, 'budget_holds_drop', 'DELETE FROM budget_holds WHERE reservation_id = $1', [write.reservationId]),
        ]);
        // INVARIANT: a reservation settles once; it was read as held under the tenant's lock (else the transaction rolls back).
        if (result.rowCount !== 1) throw new Error(`reservation ${write.reservationId} could not be settled`);
        return;
      }
      case 'budget-spend':
        await this.query(
          client,
          'budget_spend',
          `UPDATE budgets SET spent_cents = CASE WHEN period_start = $1 THEN spent_cents + $2 ELSE $2 END, period_start = $1 WHERE id = $3`,
          [write.periodStart, write.addCents, write.budgetId],
        );
        return;
      case 'budget-alert-level':
        await this.query(client, 'budget_alert_level', 'UPDATE budgets SET alert_level = $1, alert_period_start = $2 WHERE id = $3', [
          write.level,
          write.periodStart,
          write.budgetId,
        ]);
        return;
      case 'budget-event':
        await this.events.append(client, batch, write.tenantId, 'budget.alert', write.data, write.now);
        return;
    }
  }

  async createBudget(row: BudgetRow): Promise<void> {
    await this.query(this.pool, 'budget_insert', `INSERT INTO budgets (${BUDGET_COLUMNS}) VALUES (${PLACEHOLDERS})`, budgetValues(row));
  }

  async listBudgets(tenantId: string, now: number): Promise<BudgetUsage[]> {
    const rows = (
      await this.query(this.pool, 'budget_list', `SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = $1 ORDER BY created_at, id`, [
        tenantId,
      ])
    ).rows;
    return this.withUsage(this.pool, rows, now);
  }

  async getBudget(tenantId: string, id: string, now: number): Promise<BudgetUsage | null> {
    const rows = await this.byIds(this.pool, tenantId, [id]);
    return rows.length ? (await this.withUsage(this.pool, rows, now))[0] : null;
  }

  async updateBudget(b: BudgetRow): Promise<void> {
    await this.query(
      this.pool,
      'budget_update',
      `UPDATE budgets SET name = $1, description = $2, parent_id = $3, period = $4, limit_cents = $5, hard_limit = $6, on_exceed = $7,
         soft_limit_pct = $8, alert_threshold_pct = $9, currency = $10, metadata = $11, updated_at = $12 WHERE tenant_id = $13 AND id = $14`,
      [
        b.name,
        b.description,
        b.parentId,
        b.period,
        b.limitCents,
        b.hardLimit ? 1 : 0,
        b.onExceed,
        b.softLimitPct,
        b.alertThresholdPct,
        b.currency,
        b.metadata === null ? null : JSON.stringify(b.metadata),
        b.updatedAt,
        b.tenantId,
        b.id,
      ],
    );
  }

  async deleteBudget(tenantId: string, id: string): Promise<'ok' | 'not_found' | 'has_children'> {
    return this.tenantTransaction(tenantId, async (client) => {
      if ((await this.byIds(client, tenantId, [id])).length === 0) return 'not_found' as const;
      const child = await this.query(client, 'budget_child', 'SELECT 1 FROM budgets WHERE tenant_id = $1 AND parent_id = $2 LIMIT 1', [
        tenantId,
        id,
      ]);
      if (child.rows.length) return 'has_children' as const;
      await this.query(client, 'budget_delete', 'DELETE FROM budgets WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
      return 'ok' as const;
    });
  }

  async reserve(tenantId: string, budgetId: string, request: ReserveRequest): Promise<ReserveResult> {
    return this.tenantTransaction(tenantId, async (client, batch): Promise<ReserveResult> => {
      const start = await this.byIds(client, tenantId, [budgetId]);
      if (start.length === 0) return { ok: false, reason: 'not_found' };
      const plan = planReservation(tenantId, budgetId, await this.chainOf(client, tenantId, start, request.now), request);
      if ('refused' in plan) return { ok: false, reason: 'exceeded', excess: plan.refused };
      for (const write of plan.writes) await this.applyWrite(client, batch, write);
      return { ok: true, reservation: plan.reservation };
    });
  }

  async settleReservation(
    tenantId: string,
    budgetId: string,
    reservationId: string,
    settlement: Settlement,
    now: number,
  ): Promise<SettleResult> {
    return this.tenantTransaction(tenantId, async (client, batch): Promise<SettleResult> => {
      const row = (
        await this.query(client, 'budget_reservation', 'SELECT * FROM budget_reservations WHERE tenant_id = $1 AND id = $2', [
          tenantId,
          reservationId,
        ])
      ).rows[0];
      const reservation = row ? reservationOf(row) : null;
      if (!reservation || !reservation.budgetIds.includes(budgetId)) return { ok: false, reason: 'not_found' };
      return this.settleRead(client, batch, reservation, settlement, now, false);
    });
  }

  private async settleRead(
    client: pg.ClientBase,
    batch: EventBatch,
    reservation: ReservationRow,
    settlement: Settlement,
    now: number,
    lateCommit: boolean,
  ): Promise<SettleResult> {
    const chain = await this.withUsage(client, await this.byIds(client, reservation.tenantId, reservation.budgetIds), now);
    const plan = planSettlement(reservation, chain, settlement, now, lateCommit);
    if ('refused' in plan) return { ok: false, reason: plan.refused, reservation };
    for (const write of plan.writes) await this.applyWrite(client, batch, write);
    return { ok: true, reservation: plan.settled };
  }

  /** Inside the outcome's transaction (under the tenant's lock): settles the decision's reservation, if it holds one. */
  async settleDecision(
    client: pg.ClientBase,
    batch: EventBatch,
    tenantId: string,
    decisionId: string,
    settlement: Settlement,
    now: number,
  ): Promise<void> {
    const row = (
      await this.query(
        client,
        'budget_reservation_of_decision',
        'SELECT * FROM budget_reservations WHERE tenant_id = $1 AND decision_id = $2',
        [tenantId, decisionId],
      )
    ).rows[0];
    if (!row) return;
    const reservation = reservationOf(row);
    if (reservation.status !== 'held') return;
    await this.settleRead(client, batch, reservation, settlement, now, true);
  }

  async listReservations(tenantId: string, budgetId: string, limit: number): Promise<ReservationRow[]> {
    // budget_ids is JSON text (portable); the holds name the budgets of live ones, the text all of them.
    const rows = await this.query(
      this.pool,
      'budget_reservations_list',
      `SELECT * FROM budget_reservations WHERE tenant_id = $1 AND (budget_ids::jsonb ? $2) ORDER BY created_at DESC, id DESC LIMIT $3`,
      [tenantId, budgetId, limit],
    );
    return rows.rows.map(reservationOf);
  }

  async reservationOfDecision(tenantId: string, decisionId: string): Promise<ReservationRow | null> {
    const row = (
      await this.query(
        this.pool,
        'budget_reservation_of_decision',
        'SELECT * FROM budget_reservations WHERE tenant_id = $1 AND decision_id = $2',
        [tenantId, decisionId],
      )
    ).rows[0];
    return row ? reservationOf(row) : null;
  }

  async setAgentControls(row: AgentControlRow): Promise<void> {
    if (row.maxActionsPerHour === null && row.maxConcurrentActions === null) {
      await this.query(this.pool, 'agent_controls_delete', 'DELETE FROM agent_controls WHERE tenant_id = $1 AND agent_id = $2', [
        row.tenantId,
        row.agentId,
      ]);
      return;
    }
    await this.query(
      this.pool,
      'agent_controls_upsert',
      `INSERT INTO agent_controls (tenant_id, agent_id, max_actions_per_hour, max_concurrent_actions, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id, agent_id) DO UPDATE SET max_actions_per_hour = excluded.max_actions_per_hour,
         max_concurrent_actions = excluded.max_concurrent_actions, updated_at = excluded.updated_at`,
      [row.tenantId, row.agentId, row.maxActionsPerHour, row.maxConcurrentActions, row.updatedAt],
    );
  }

  async getAgentControls(tenantId: string, agentId: string): Promise<AgentControlRow | null> {
    const row = (
      await this.query(this.pool, 'agent_controls_get', 'SELECT * FROM agent_controls WHERE tenant_id = $1 AND agent_id = $2', [
        tenantId,
        agentId,
      ])
    ).rows[0];
    return row ? agentControlOf(row) : null;
  }

  private async actionsSince(client: Client, tenantId: string, agentId: string, now: number): Promise<number> {
    const sql = `SELECT COUNT(*) AS n FROM decisions WHERE tenant_id = $1 AND agent_id = $2 AND created_at > $3 AND verdict IN ${ALLOWED}`;
    return Number((await this.query(client, 'agent_actions_since', sql, [tenantId, agentId, now - HOUR_MS])).rows[0].n);
  }

  private async runningSince(client: Client, tenantId: string, agentId: string, now: number): Promise<number> {
    const sql = `SELECT COUNT(*) AS n FROM decisions WHERE tenant_id = $1 AND agent_id = $2 AND created_at > $3 AND outcome IS NULL AND verdict IN ${ALLOWED}`;
    return Number((await this.query(client, 'agent_running_since', sql, [tenantId, agentId, now - RUNNING_TIMEOUT_MS])).rows[0].n);
  }

  async agentActivity(tenantId: string, agentId: string, now: number): Promise<{ actionsLastHour: number; running: number }> {
    return {
      actionsLastHour: await this.actionsSince(this.pool, tenantId, agentId, now),
      running: await this.runningSince(this.pool, tenantId, agentId, now),
    };
  }
}
