// Plans (issue 21): committed plans, newest first: goal, agent, status, cumulative risk against its
// budget, who authorized it, and its steps in the order they must run, each marked used, next or
// waiting. A pending plan can be authorized here by a key other than the one that committed it.
import { api, ApiFailure } from '../api.ts';
import type { ConsoleContext, View } from '../context.ts';
import { h, replace } from '../dom.ts';
import { timeLeft, when } from '../format.ts';

interface PlanStep {
  index: number;
  action: string;
  target: string | null;
  value: number | null;
  risk_class: string;
}

interface Plan {
  plan_id: string;
  agent_id: string;
  goal: string;
  status: 'pending_authorization' | 'authorized' | 'completed';
  steps: PlanStep[];
  steps_used: number;
  next_step_index: number | null;
  cumulative_risk: number;
  max_cumulative_risk_budget: number;
  authorized_authority_ceiling: string;
  committed_by_key_id: string;
  authorized_by_key_id: string | null;
  authorized_by: string | null;
  comments: string | null;
  created_at: string;
  expires_at: string | null;
  completed_at: string | null;
}

const STATUS_BADGES: Record<Plan['status'], string> = {
  pending_authorization: 'badge-hold',
  authorized: 'badge-ok',
  completed: 'badge-neutral',
};

const RISK_BADGES: Record<string, string> = { low: 'badge-ok', medium: 'badge-info', high: 'badge-hold', critical: 'badge-deny' };

/** The steps in index order, each marked used, next (the only call the plan admits now) or waiting. */
function stepList(plan: Plan): HTMLElement {
  const ordered = [...plan.steps].sort((a, b) => a.index - b.index);
  const live = plan.status === 'authorized';
  return h(
    'ol',
    { class: 'plain plan-steps' },
    ordered.map((step, position) => {
      const state = position < plan.steps_used ? 'used' : live && position === plan.steps_used ? 'next' : 'waiting';
      return h(
        'li',
        { class: `plan-step ${state}`, 'data-step-index': step.index },
        h('span', { class: 'step-state' }, state),
        ' ',
        h('strong', {}, `${step.index}.`),
        ' ',
        h('code', { class: 'path' }, step.action),
        step.target !== null ? [' → ', h('code', {}, step.target)] : null,
        step.value !== null ? ` · ${step.value}` : null,
        ' ',
        h('span', { class: `badge ${RISK_BADGES[step.risk_class] ?? 'badge-neutral'}` }, step.risk_class),
      );
    }),
  );
}

function planCard(plan: Plan, ctx: ConsoleContext, reload: () => void): HTMLElement {
  const authorize = async (button: HTMLButtonElement) => {
    button.disabled = true;
    try {
      await api('POST', `/fabric/plans/${encodeURIComponent(plan.plan_id)}/authorize`, { authorized_by: ctx.me.name ?? null });
      ctx.notify(`Plan ${plan.plan_id} authorized`);
      reload();
    } catch (error) {
      ctx.notify(error instanceof ApiFailure ? error.message : String(error), 'error');
      button.disabled = false;
    }
  };
  const mine = plan.committed_by_key_id === ctx.me.key_id;
  return h(
    'article',
    { class: `card rule plan${plan.status === 'completed' ? ' disabled' : ''}`, 'data-plan-id': plan.plan_id },
    h(
      'header',
      { class: 'rule-head' },
      h('h2', {}, plan.goal),
      h('span', { class: `badge ${STATUS_BADGES[plan.status]}` }, plan.status.replace('_', ' ')),
    ),
    h(
      'dl',
      { class: 'facts-grid' },
      h('dt', {}, 'Agent'),
      h('dd', {}, plan.agent_id),
      h('dt', {}, 'Steps used'),
      h('dd', { class: 'steps-used' }, `${plan.steps_used} of ${plan.steps.length}`),
      h('dt', {}, 'Risk'),
      h(
        'dd',
        {},
        `${plan.cumulative_risk} of a budget of ${plan.max_cumulative_risk_budget}, ceiling ${plan.authorized_authority_ceiling}`,
      ),
      h('dt', {}, 'Committed'),
      h('dd', {}, `${when(plan.created_at)} by key ${plan.committed_by_key_id}`),
      plan.authorized_by_key_id
        ? [
            h('dt', {}, 'Authorized'),
            h(
              'dd',
              {},
              `by key ${plan.authorized_by_key_id}${plan.authorized_by ? ` (${plan.authorized_by})` : ''}${plan.comments ? ` — ${plan.comments}` : ''}`,
            ),
          ]
        : null,
      plan.expires_at && plan.status !== 'pending_authorization'
        ? [h('dt', {}, 'Governs until'), h('dd', {}, `${when(plan.expires_at)} (${timeLeft(plan.expires_at)})`)]
        : null,
      plan.completed_at ? [h('dt', {}, 'Completed'), h('dd', {}, when(plan.completed_at))] : null,
    ),
    stepList(plan),
    plan.status === 'pending_authorization'
      ? mine
        ? h('p', { class: 'muted small' }, 'You committed this plan; another key must authorize it.')
        : h(
            'div',
            { class: 'buttons' },
            h(
              'button',
              {
                type: 'button',
                class: 'primary authorize',
                onclick: (event: Event) => void authorize(event.currentTarget as HTMLButtonElement),
              },
              'Authorize plan',
            ),
          )
      : null,
  );
}

// Steps are used by decisions: the view reloads on every decision event, so a used step shows at once.
export const plansView: View = (root, ctx) => {
  const list = h('div', { class: 'rules', id: 'plan-list' });
  const status = h('p', { class: 'muted' });
  const load = async () => {
    try {
      const { plans } = await api<{ plans: Plan[] }>('GET', '/fabric/plans?limit=100');
      replace(
        list,
        ...(plans.length ? plans.map((plan) => planCard(plan, ctx, () => void load())) : [h('p', { class: 'muted' }, 'No plans yet.')]),
      );
      status.textContent = '';
    } catch (error) {
      status.textContent = `Could not load plans: ${(error as Error).message}`;
    }
  };
  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Plans'),
      h(
        'p',
        { class: 'muted' },
        'An authorized plan admits only its next unused step: a repeated, out-of-order or other call of its agent is held.',
      ),
    ),
    status,
    list,
  );
  void load();
  return ctx.live.on((event) => {
    if (event.type === 'decision.created') void load();
  });
};
