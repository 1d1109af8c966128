// Budgets, their reservations and agent controls (issue 19). Usage (spent this period, reserved by
// live reservations) is read with the budget; what a reservation or a settlement writes is planned
// by budget-plan.ts, and each database only executes the plan.
import type { AgentControls, BudgetPeriod, BudgetScope, BudgetView, BudgetExcess } from '@actiongate/engine';

export interface BudgetRow {
  id: string;
  tenantId: string;
  name: string;
  description: string;
  scope: BudgetScope;
  scopeId: string | null;
  parentId: string | null;
  period: BudgetPeriod;
  limitCents: number;
  hardLimit: boolean;
  onExceed: 'hold' | 'block';
  softLimitPct: number;
  alertThresholdPct: number;
  currency: string;
  metadata: Record<string, unknown> | null;
  /** Committed spend of the period starting `periodStart` (older periods read as 0). */
  spentCents: number;
  periodStart: number;
  /** Highest alert level raised in the period starting `alertPeriodStart` (budget-alerts.ts). */
  alertLevel: number;
  alertPeriodStart: number;
  createdAt: number;
  updatedAt: number;
}

/** A budget with what live reservations hold against it now. */
export interface BudgetUsage extends BudgetRow {
  reservedCents: number;
}

export type ReservationStatus = 'held' | 'committed' | 'released';

export interface ReservationRow {
  id: string;
  tenantId: string;
  /** The budget it was asked of; null for a decision's reservation (it holds against every budget covering the call). */
  budgetId: string | null;
  /** Every budget the amount is held against: the budgets asked of and all their parents. */
  budgetIds: string[];
  amountCents: number;
  agentId: string | null;
  decisionId: string | null;
  /** Stored status; a `held` reservation past `expiresAt` is expired (it frees its amount). */
  status: ReservationStatus;
  committedCents: number | null;
  createdAt: number;
  expiresAt: number;
  settledAt: number | null;
}

export interface ReserveRequest {
  id: string;
  amountCents: number;
  agentId: string | null;
  decisionId: string | null;
  now: number;
  expiresAt: number;
}

export type ReserveResult =
  | { ok: true; reservation: ReservationRow }
  | { ok: false; reason: 'not_found' }
  /** Passing a hard limit: nothing was held. */
  | { ok: false; reason: 'exceeded'; excess: BudgetExcess };

export type SettleResult =
  | { ok: true; reservation: ReservationRow }
  | { ok: false; reason: 'not_found' | 'expired' | 'already_settled'; reservation?: ReservationRow };

/** Commit books `actualCents` (the amount held when null); release frees the amount. */
export type Settlement = { kind: 'commit'; actualCents: number | null } | { kind: 'release' };

export interface AgentControlRow extends AgentControls {
  tenantId: string;
  agentId: string;
  updatedAt: number;
}

export interface BudgetStore {
  createBudget(row: BudgetRow): Promise<void>;
  listBudgets(tenantId: string, now: number): Promise<BudgetUsage[]>;
  getBudget(tenantId: string, id: string, now: number): Promise<BudgetUsage | null>;
  /** Saves the budget's settings (not its spend or alert level). */
  updateBudget(row: BudgetRow): Promise<void>;
  /** A budget with nested budgets cannot go (they would lose their parent). */
  deleteBudget(tenantId: string, id: string): Promise<'ok' | 'not_found' | 'has_children'>;
  /** Holds `amountCents` against the budget and its parents, atomically with the check against their hard limits. */
  reserve(tenantId: string, budgetId: string, request: ReserveRequest): Promise<ReserveResult>;
  settleReservation(tenantId: string, budgetId: string, reservationId: string, settlement: Settlement, now: number): Promise<SettleResult>;
  listReservations(tenantId: string, budgetId: string, limit: number): Promise<ReservationRow[]>;
  /** The decision's reservation, if it made one. */
  reservationOfDecision(tenantId: string, decisionId: string): Promise<ReservationRow | null>;
  setAgentControls(row: AgentControlRow): Promise<void>;
  getAgentControls(tenantId: string, agentId: string): Promise<AgentControlRow | null>;
  /** What the agent did against its controls: allowed actions in the last hour, and those still running. */
  agentActivity(tenantId: string, agentId: string, now: number): Promise<{ actionsLastHour: number; running: number }>;
}

/** The engine's view of a budget read with its usage. */
export type { BudgetView };
