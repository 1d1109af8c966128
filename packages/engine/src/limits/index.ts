// Budgets, reservations and agent controls: the pure rules (issue 19).
export * from './budget-period.ts';
export * from './budget-limits.ts';
export * from './budget-alerts.ts';
export * from './agent-controls.ts';
export * from './money-cents.ts';
export * from './limits-check.ts';
