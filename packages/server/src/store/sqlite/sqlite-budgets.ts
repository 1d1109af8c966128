// Budgets, reservations and agent controls in SQLite (issue 19; tables of its migration in
// schema.ts). SQLite has one writer, so the check against the limits and the hold it allows are
// atomic inside one transaction; the rules are in budget-plan.ts, only their execution is here.
import type Database from 'better-sqlite3';
import { HOUR_MS, RUNNING_TIMEOUT_MS, type AgentControlState } from '@actiongate/engine';
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
import type { SqliteEventLog } from './sqlite-events.ts';
import { SEQ_FLOOR_SINCE } from './decision-periods.ts';
import { agentCountSql } from './agent-chain.ts';

type Row = Record<string, any>;

const PLACEHOLDERS = BUDGET_COLUMNS.split(',')
  .map(() => '?')
  .join(', ');

/** Whether a tenant has any budget, and any agent with controls (issue 15: most have neither). */
interface TenantLimits {
  budgets: boolean;
  controls: boolean;
}

export class SqliteBudgets implements BudgetStore {
  private readonly s;
  /**
   * Issue 15: what each tenant has, so a decision of a tenant without budgets or controls runs no
   * query for them. Only this class writes those tables (and a tenant's deletion, which only makes a
   * `true` stale: that costs a query, never a missed budget); every insert drops the tenant's entry.
   */
  private readonly limits = new Map<string, TenantLimits>();

  constructor(
    private readonly db: Database.Database,
    private readonly events: SqliteEventLog,
  ) {
    this.s = {
      insert: db.prepare(`INSERT INTO budgets (${BUDGET_COLUMNS}) VALUES (${PLACEHOLDERS})`),
      list: db.prepare(`SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = ? ORDER BY created_at, id`),
      get: db.prepare(`SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = ? AND id = ?`),
      // Pinned to the primary key: left alone, the planner scanned the tenant through budgets_by_parent.
      byIds: db.prepare(
        `SELECT ${BUDGET_COLUMNS} FROM budgets INDEXED BY sqlite_autoindex_budgets_1 WHERE tenant_id = ? AND id IN (SELECT value FROM json_each(?))`,
      ),
      // The budgets that cover a call by their own scope; indexed by (tenant_id, scope, scope_id).
      covering: db.prepare(
        // One indexed lookup per scope (an OR of them made SQLite scan every budget of the tenant).
        ['tenant', 'agent', 'key', 'tool']
          .map(
            (scope) =>
              `SELECT ${BUDGET_COLUMNS} FROM budgets WHERE tenant_id = @tenant AND scope = '${scope}'${scope === 'tenant' ? '' : ` AND scope_id = @${scope}`}`,
          )
          .join(' UNION ALL '),
      ),
      update: db.prepare(
        `UPDATE budgets SET name = ?, description = ?, parent_id = ?, period = ?, limit_cents = ?, hard_limit = ?, on_exceed = ?,
           soft_limit_pct = ?, alert_threshold_pct = ?, currency = ?, metadata = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`,
      ),
      children: db.prepare('SELECT 1 FROM budgets WHERE tenant_id = ? AND parent_id = ? LIMIT 1'),
      delete: db.prepare('DELETE FROM budgets WHERE tenant_id = ? AND id = ?'),
      heldOf: db.prepare(
        `SELECT budget_id, SUM(amount_cents) AS held FROM budget_holds
         WHERE budget_id IN (SELECT value FROM json_each(?)) AND expires_at > ? GROUP BY budget_id`,
      ),
      heldOfTenant: db.prepare(
        'SELECT budget_id, SUM(amount_cents) AS held FROM budget_holds WHERE tenant_id = ? AND expires_at > ? GROUP BY budget_id',
      ),
      insertReservation: db.prepare(
        `INSERT INTO budget_reservations (id, tenant_id, budget_id, budget_ids, amount_cents, agent_id, decision_id, status,
           committed_cents, created_at, expires_at, settled_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'held', NULL, ?, ?, NULL)`,
      ),
      insertHold: db.prepare(
        'INSERT INTO budget_holds (reservation_id, budget_id, tenant_id, amount_cents, expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      pruneHolds: db.prepare('DELETE FROM budget_holds WHERE tenant_id = ? AND expires_at <= ?'),
      settle: db.prepare(`UPDATE budget_reservations SET status = ?, committed_cents = ?, settled_at = ? WHERE id = ? AND status = 'held'`),
      dropHolds: db.prepare('DELETE FROM budget_holds WHERE reservation_id = ?'),
      spend: db.prepare(
        `UPDATE budgets SET spent_cents = CASE WHEN period_start = @start THEN spent_cents + @add ELSE @add END, period_start = @start
         WHERE id = @id`,
      ),
      alertLevel: db.prepare('UPDATE budgets SET alert_level = ?, alert_period_start = ? WHERE id = ?'),
      reservation: db.prepare('SELECT * FROM budget_reservations WHERE tenant_id = ? AND id = ?'),
      reservationOfDecision: db.prepare('SELECT * FROM budget_reservations WHERE tenant_id = ? AND decision_id = ?'),
      reservations: db.prepare(
        `SELECT * FROM budget_reservations WHERE tenant_id = ? AND EXISTS (SELECT 1 FROM json_each(budget_ids) WHERE value = ?)
         ORDER BY created_at DESC, id DESC LIMIT ?`,
      ),
      controls: db.prepare('SELECT * FROM agent_controls WHERE tenant_id = ? AND agent_id = ?'),
      limits: db.prepare(
        `SELECT EXISTS (SELECT 1 FROM budgets WHERE tenant_id = @tenant) AS budgets,
           EXISTS (SELECT 1 FROM agent_controls WHERE tenant_id = @tenant) AS controls`,
      ),
      upsertControls: db.prepare(
        `INSERT INTO agent_controls (tenant_id, agent_id, max_actions_per_hour, max_concurrent_actions, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, agent_id) DO UPDATE SET max_actions_per_hour = excluded.max_actions_per_hour,
           max_concurrent_actions = excluded.max_concurrent_actions, updated_at = excluded.updated_at`,
      ),
      deleteControls: db.prepare('DELETE FROM agent_controls WHERE tenant_id = ? AND agent_id = ?'),
      // Issue 15: the agent's decisions from the seq floor of `since` on (decision-periods.ts), its chain
      // walked down to that floor (agent-chain.ts), then the same filter.
      actionsSince: db.prepare(
        agentCountSql(SEQ_FLOOR_SINCE, `d.created_at > @since AND d.verdict IN ('ALLOWED', 'ALLOWED_DEGRADED', 'ALLOWED_WITH_DENIALS')`),
      ),
      runningSince: db.prepare(
        agentCountSql(
          SEQ_FLOOR_SINCE,
          `d.created_at > @since AND d.outcome IS NULL AND d.verdict IN ('ALLOWED', 'ALLOWED_DEGRADED', 'ALLOWED_WITH_DENIALS')`,
        ),
      ),
    };
  }

  /** Adds what live reservations hold to each budget. */
  private withUsage(rows: Row[], now: number, tenantWide?: string): BudgetUsage[] {
    if (rows.length === 0) return [];
    const budgets = rows.map(budgetOf);
    const held = tenantWide
      ? (this.s.heldOfTenant.all(tenantWide, now) as Row[])
      : (this.s.heldOf.all(JSON.stringify(budgets.map((b) => b.id)), now) as Row[]);
    const byId = new Map(held.map((row) => [row.budget_id as string, Number(row.held)]));
    return budgets.map((budget) => ({ ...budget, reservedCents: byId.get(budget.id) ?? 0 }));
  }

  /** The budgets named and all their parents, with usage; children before parents. */
  private chainOf(tenantId: string, start: Row[], now: number): BudgetUsage[] {
    if (start.length === 0) return [];
    const loaded = new Map<string, BudgetUsage>();
    for (const budget of start.map(budgetOf)) loaded.set(budget.id, { ...budget, reservedCents: 0 });
    for (let depth = 0; depth < 16; depth++) {
      const missing = missingParents(loaded);
      if (missing.length === 0) break;
      for (const row of this.s.byIds.all(tenantId, JSON.stringify(missing)) as Row[])
        loaded.set(row.id, { ...budgetOf(row), reservedCents: 0 });
      if (missing.every((id) => !loaded.has(id))) break;
    }
    const all = [...loaded.values()];
    const held = this.s.heldOf.all(JSON.stringify(all.map((b) => b.id)), now) as Row[];
    for (const row of held) loaded.get(row.budget_id)!.reservedCents = Number(row.held);
    return withAncestors(
      start.map((row) => loaded.get(row.id)!),
      loaded,
    );
  }

  /** Inside a decision's transaction: the budgets covering the call and the agent's controls. */
  decisionReads(tenantId: string, scope: CallScope, now: number): { budgets?: BudgetUsage[]; agentControls?: AgentControlState | null } {
    const reads: { budgets?: BudgetUsage[]; agentControls?: AgentControlState | null } = {};
    const limits = this.limitsOf(tenantId);
    if (limits.budgets) {
      const covering = (
        this.s.covering.all({ tenant: tenantId, agent: scope.agentId, key: scope.keyId, tool: scope.toolName }) as Row[]
      ).filter((row) => coversCall({ scope: row.scope, scopeId: row.scope_id }, scope));
      if (covering.length > 0) reads.budgets = this.chainOf(tenantId, covering, now);
    }
    const controls = limits.controls ? (this.s.controls.get(tenantId, scope.agentId) as Row | undefined) : undefined;
    if (controls) {
      const row = agentControlOf(controls);
      reads.agentControls = {
        maxActionsPerHour: row.maxActionsPerHour,
        maxConcurrentActions: row.maxConcurrentActions,
        actionsLastHour: row.maxActionsPerHour === null ? 0 : this.count(this.s.actionsSince, tenantId, scope.agentId, now - HOUR_MS),
        running: row.maxConcurrentActions === null ? 0 : this.count(this.s.runningSince, tenantId, scope.agentId, now - RUNNING_TIMEOUT_MS),
      };
    }
    return reads;
  }

  private limitsOf(tenantId: string): TenantLimits {
    let limits = this.limits.get(tenantId);
    if (!limits) {
      const row = this.s.limits.get({ tenant: tenantId }) as Row;
      limits = { budgets: row.budgets === 1, controls: row.controls === 1 };
      this.limits.set(tenantId, limits);
    }
    return limits;
  }

  /** A tenant's budgets or agent controls changed (or it was deleted): read what it has again. */
  forgetLimits(tenantId: string): void {
    this.limits.delete(tenantId);
  }

  /** Executes one planned budget write (budget-plan.ts), inside the caller's transaction. */
  applyWrite(write: BudgetWrite): void {
    switch (write.kind) {
      case 'reservation-insert': {
        const r = write.reservation;
        // Holds past their time free nothing any more; they go as new ones arrive, so the table stays small.
        this.s.pruneHolds.run(r.tenantId, r.createdAt);
        this.s.insertReservation.run(
          r.id,
          r.tenantId,
          r.budgetId,
          JSON.stringify(r.budgetIds),
          r.amountCents,
          r.agentId,
          r.decisionId,
          r.createdAt,
          r.expiresAt,
        );
        for (const budgetId of r.budgetIds) this.s.insertHold.run(r.id, budgetId, r.tenantId, r.amountCents, r.expiresAt);
        return;
      }
      case 'reservation-settle': {
        const result = this.s.settle.run(write.status, write.committedCents, write.now, write.reservationId);
        // INVARIANT: a reservation settles once; it was read as held in this transaction.
        if (result.changes !== 1) throw new Error(`reservation ${write.reservationId} could not be settled`);
        this.s.dropHolds.run(write.reservationId);
        return;
      }
      case 'budget-spend':
        this.s.spend.run({ start: write.periodStart, add: write.addCents, id: write.budgetId });
        return;
      case 'budget-alert-level':
        this.s.alertLevel.run(write.level, write.periodStart, write.budgetId);
        return;
      case 'budget-event':
        this.events.append(write.tenantId, 'budget.alert', write.data, write.now);
        return;
    }
  }

  async createBudget(row: BudgetRow): Promise<void> {
    try {
      this.s.insert.run(...budgetValues(row));
    } finally {
      this.forgetLimits(row.tenantId);
    }
  }

  async listBudgets(tenantId: string, now: number): Promise<BudgetUsage[]> {
    return this.withUsage(this.s.list.all(tenantId) as Row[], now, tenantId);
  }

  async getBudget(tenantId: string, id: string, now: number): Promise<BudgetUsage | null> {
    const row = this.s.get.get(tenantId, id) as Row | undefined;
    return row ? this.withUsage([row], now)[0] : null;
  }

  async updateBudget(b: BudgetRow): Promise<void> {
    this.s.update.run(
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
    );
  }

  async deleteBudget(tenantId: string, id: string): Promise<'ok' | 'not_found' | 'has_children'> {
    return this.db.transaction(() => {
      if (!this.s.get.get(tenantId, id)) return 'not_found' as const;
      if (this.s.children.get(tenantId, id)) return 'has_children' as const;
      this.s.delete.run(tenantId, id);
      this.forgetLimits(tenantId);
      return 'ok' as const;
    })();
  }

  async reserve(tenantId: string, budgetId: string, request: ReserveRequest): Promise<ReserveResult> {
    return this.events.committed(() =>
      this.db.transaction((): ReserveResult => {
        const start = this.s.get.get(tenantId, budgetId) as Row | undefined;
        if (!start) return { ok: false, reason: 'not_found' };
        const plan = planReservation(tenantId, budgetId, this.chainOf(tenantId, [start], request.now), request);
        if ('refused' in plan) return { ok: false, reason: 'exceeded', excess: plan.refused };
        for (const write of plan.writes) this.applyWrite(write);
        return { ok: true, reservation: plan.reservation };
      })(),
    );
  }

  async settleReservation(
    tenantId: string,
    budgetId: string,
    reservationId: string,
    settlement: Settlement,
    now: number,
  ): Promise<SettleResult> {
    return this.events.committed(() =>
      this.db.transaction((): SettleResult => {
        const row = this.s.reservation.get(tenantId, reservationId) as Row | undefined;
        const reservation = row ? reservationOf(row) : null;
        if (!reservation || !reservation.budgetIds.includes(budgetId)) return { ok: false, reason: 'not_found' };
        return this.settleRead(reservation, settlement, now, false);
      })(),
    );
  }

  /** Settles a reservation read in this transaction (the caller's). */
  private settleRead(reservation: ReservationRow, settlement: Settlement, now: number, lateCommit: boolean): SettleResult {
    const chain = this.withUsage(this.s.byIds.all(reservation.tenantId, JSON.stringify(reservation.budgetIds)) as Row[], now);
    const plan = planSettlement(reservation, chain, settlement, now, lateCommit);
    if ('refused' in plan) return { ok: false, reason: plan.refused, reservation };
    for (const write of plan.writes) this.applyWrite(write);
    return { ok: true, reservation: plan.settled };
  }

  /**
   * Inside the outcome's transaction: a completed call books its actual cost (or the amount held),
   * a failed one frees it. Nothing when the decision held nothing or it was settled already.
   */
  settleDecision(tenantId: string, decisionId: string, settlement: Settlement, now: number): void {
    const row = this.s.reservationOfDecision.get(tenantId, decisionId) as Row | undefined;
    if (!row) return;
    const reservation = reservationOf(row);
    if (reservation.status !== 'held') return;
    this.settleRead(reservation, settlement, now, true);
  }

  async listReservations(tenantId: string, budgetId: string, limit: number): Promise<ReservationRow[]> {
    return (this.s.reservations.all(tenantId, budgetId, limit) as Row[]).map(reservationOf);
  }

  async reservationOfDecision(tenantId: string, decisionId: string): Promise<ReservationRow | null> {
    const row = this.s.reservationOfDecision.get(tenantId, decisionId) as Row | undefined;
    return row ? reservationOf(row) : null;
  }

  async setAgentControls(row: AgentControlRow): Promise<void> {
    try {
      if (row.maxActionsPerHour === null && row.maxConcurrentActions === null) this.s.deleteControls.run(row.tenantId, row.agentId);
      else this.s.upsertControls.run(row.tenantId, row.agentId, row.maxActionsPerHour, row.maxConcurrentActions, row.updatedAt);
    } finally {
      this.forgetLimits(row.tenantId);
    }
  }

  async getAgentControls(tenantId: string, agentId: string): Promise<AgentControlRow | null> {
    const row = this.s.controls.get(tenantId, agentId) as Row | undefined;
    return row ? agentControlOf(row) : null;
  }

  async agentActivity(tenantId: string, agentId: string, now: number): Promise<{ actionsLastHour: number; running: number }> {
    return {
      actionsLastHour: this.count(this.s.actionsSince, tenantId, agentId, now - HOUR_MS),
      running: this.count(this.s.runningSince, tenantId, agentId, now - RUNNING_TIMEOUT_MS),
    };
  }

  /** An agent's decisions made after `since` that one of the count statements selects. */
  private count(statement: Database.Statement, tenant: string, agent: string, since: number): number {
    return Number((statement.get({ tenant, agent, since }) as Row).n);
  }
}
