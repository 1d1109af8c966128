// The policy stage's hook for budgets and agent controls (issue 19), kept in its own module so the
// stage itself only asks "does a limit stop this call?". Hard budget limits hold or block (per
// budget); soft limits only note; agent controls hold with the limit named.
import type { DecisionInput, DecisionState } from '../decision-types.ts';
import { agentControlExcess } from './agent-controls.ts';
import { budgetExcesses, budgetFigures, describeExcess } from './budget-limits.ts';
import { callAmountCents } from './money-cents.ts';

export interface LimitVerdict {
  verdict: 'require_approval' | 'deny';
  detail: string;
}

/**
 * Checks the call against the budgets covering it and the agent's controls; writes what it found
 * into `data` (`budgets`, `agent_controls`) and returns the verdict of the first limit passed, or null.
 */
export function limitsCheck(input: DecisionInput, state: DecisionState, data: Record<string, unknown>): LimitVerdict | null {
  const budgets = state.budgets ?? [];
  const amountCents = budgets.length > 0 ? callAmountCents(input.payload) : null;
  let budgetVerdict: LimitVerdict | null = null;
  if (amountCents !== null && amountCents > 0) {
    const { hard, soft } = budgetExcesses(budgets, amountCents);
    data.budgets = {
      amount_cents: amountCents,
      checked: budgets.map((budget) => budget.id),
      ...(hard.length ? { exceeded: hard.map(budgetFigures) } : {}),
      ...(soft.length ? { soft_exceeded: soft.map(budgetFigures) } : {}),
    };
    const deciding = hard[0];
    if (deciding) {
      budgetVerdict = {
        verdict: deciding.budget.onExceed === 'block' ? 'deny' : 'require_approval',
        detail: `over budget: ${describeExcess(deciding)}`,
      };
    }
  }
  if (budgetVerdict?.verdict === 'deny') return budgetVerdict;
  const control = agentControlExcess(input.agentId, state.agentControls);
  if (state.agentControls) {
    data.agent_controls = {
      max_actions_per_hour: state.agentControls.maxActionsPerHour,
      max_concurrent_actions: state.agentControls.maxConcurrentActions,
      actions_last_hour: state.agentControls.actionsLastHour,
      running: state.agentControls.running,
      ...(control ? { exceeded: control.limit } : {}),
    };
  }
  if (budgetVerdict) return budgetVerdict;
  if (control) return { verdict: 'require_approval', detail: `agent control: ${control.detail}` };
  return null;
}
