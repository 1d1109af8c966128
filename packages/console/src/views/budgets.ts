// Budgets: what each budget has spent and holds in reservations against its limit, in integer
// cents, with the alert level it reached this period. Alerts (`budget.alert` events) arrive live.
import { api } from '../api.ts';
import type { ConsoleContext, View } from '../context.ts';
import { h } from '../dom.ts';
import { when } from '../format.ts';

interface Budget {
  id: string;
  name: string;
  description: string;
  scope: string;
  scope_id: string | null;
  parent_id: string | null;
  period: string;
  limit_cents: number;
  hard_limit: boolean;
  on_exceed: string;
  soft_limit_pct: number;
  alert_threshold_pct: number;
  currency: string;
  spent_cents: number;
  reserved_cents: number;
  available_cents: number;
  used_pct: number;
  alert_level: string;
  period_resets_at: string | null;
}

/** Integer cents as money, without ever going through a float sum: 123456 → "1,234.56 USD". */
export function money(cents: number, currency: string): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

const ALERT_LABELS: Record<string, string> = {
  none: 'Within budget',
  alert: 'Alert threshold reached',
  soft_limit: 'Soft limit reached',
  exceeded: 'Limit exceeded',
};

const ALERT_BADGES: Record<string, string> = { none: 'badge-ok', alert: 'badge-info', soft_limit: 'badge-hold', exceeded: 'badge-deny' };

/** Spent and reserved as two segments of one bar, capped at the limit (the numbers say the rest). */
function spendBar(b: Budget): HTMLElement {
  const share = (cents: number) => `${Math.min(100, Math.max(0, (cents / b.limit_cents) * 100)).toFixed(2)}%`;
  const spent = Math.min(b.spent_cents, b.limit_cents);
  const reserved = Math.min(b.reserved_cents, b.limit_cents - spent);
  const bar = h(
    'div',
    {
      class: `spend-bar level-${b.alert_level}`,
      role: 'meter',
      'aria-valuemin': 0,
      'aria-valuemax': b.limit_cents,
      'aria-valuenow': Math.min(b.spent_cents + b.reserved_cents, b.limit_cents),
      'aria-label': `${b.name}: ${Math.round(b.used_pct)}% used`,
    },
    h('span', { class: 'spent' }),
    h('span', { class: 'reserved' }),
    h('span', { class: 'mark', title: `alert at ${b.alert_threshold_pct}%` }),
    h('span', { class: 'mark soft', title: `soft limit at ${b.soft_limit_pct}%` }),
  );
  // Widths through the CSSOM: the page's CSP refuses inline style attributes.
  (bar.children[0] as HTMLElement).style.width = share(spent);
  (bar.children[1] as HTMLElement).style.width = share(reserved);
  (bar.children[2] as HTMLElement).style.left = `${b.alert_threshold_pct}%`;
  (bar.children[3] as HTMLElement).style.left = `${b.soft_limit_pct}%`;
  return bar;
}

function budgetCard(b: Budget, byId: Map<string, Budget>): HTMLElement {
  const scope = b.scope === 'tenant' ? 'the whole tenant' : `${b.scope} ${b.scope_id ?? ''}`;
  const parent = b.parent_id ? byId.get(b.parent_id) : undefined;
  return h(
    'article',
    { class: 'card budget', 'data-budget-id': b.id },
    h(
      'header',
      { class: 'agent-head' },
      h('h2', {}, b.name),
      h(
        'span',
        { class: `badge ${ALERT_BADGES[b.alert_level] ?? 'badge-neutral'}`, 'data-alert-level': b.alert_level },
        ALERT_LABELS[b.alert_level] ?? b.alert_level,
      ),
    ),
    b.description ? h('p', { class: 'muted' }, b.description) : null,
    spendBar(b),
    h(
      'p',
      { class: 'spend-numbers' },
      h('span', { class: 'spent-text' }, `${money(b.spent_cents, b.currency)} spent`),
      ' · ',
      h('span', { class: 'reserved-text' }, `${money(b.reserved_cents, b.currency)} reserved`),
      ' · ',
      h('span', { class: 'limit-text' }, `limit ${money(b.limit_cents, b.currency)}`),
      ' · ',
      `${Math.round(b.used_pct * 10) / 10}% used`,
    ),
    h(
      'dl',
      { class: 'facts-grid' },
      h('dt', {}, 'Covers'),
      h('dd', {}, scope),
      h('dt', {}, 'Period'),
      h('dd', {}, b.period, b.period_resets_at ? ` · resets ${when(b.period_resets_at)}` : ' · never resets'),
      h('dt', {}, 'Limit'),
      h(
        'dd',
        { class: 'limit-kind' },
        b.hard_limit
          ? `hard: a call passing it is ${b.on_exceed === 'block' ? 'blocked' : 'held for approval'}`
          : 'soft: calls run, passing it raises an alert',
      ),
      h('dt', {}, 'Alerts at'),
      h('dd', {}, `${b.alert_threshold_pct}% and ${b.soft_limit_pct}% (soft limit)`),
      b.parent_id ? [h('dt', {}, 'Nested in'), h('dd', {}, parent ? parent.name : b.parent_id)] : null,
      h('dt', {}, 'Available'),
      h('dd', {}, money(b.available_cents, b.currency)),
    ),
  );
}

function createForm(ctx: ConsoleContext, reload: () => void): HTMLElement {
  const name = h('input', { id: 'budget-name', type: 'text', required: true, maxlength: 255 });
  const limit = h('input', { id: 'budget-limit', type: 'number', required: true, min: 1, step: 1, inputmode: 'numeric' });
  const scope = h(
    'select',
    { id: 'budget-scope' },
    ['tenant', 'agent', 'key', 'tool'].map((s) => h('option', { value: s }, s)),
  );
  const scopeId = h('input', { id: 'budget-scope-id', type: 'text', maxlength: 200, placeholder: 'agent id, key id or tool name' });
  const period = h(
    'select',
    { id: 'budget-period' },
    ['monthly', 'weekly', 'daily', 'total'].map((p) => h('option', { value: p }, p)),
  );
  const hard = h('input', { id: 'budget-hard', type: 'checkbox', checked: true });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const form = h(
    'form',
    { class: 'card rule-form budget-form', id: 'budget-form', novalidate: true },
    h('h2', {}, 'New budget'),
    h('label', { for: 'budget-name' }, 'Name'),
    name,
    h('label', { for: 'budget-limit' }, 'Limit, in whole cents'),
    limit,
    h('label', { for: 'budget-scope' }, 'Covers'),
    scope,
    h('label', { for: 'budget-scope-id' }, 'Which one (not for tenant)'),
    scopeId,
    h('label', { for: 'budget-period' }, 'Period'),
    period,
    h('label', { class: 'check' }, hard, ' Hard limit (hold calls that would pass it)'),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary' }, 'Create budget')),
    error,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    // Cents are whole numbers: refuse "12.5" here rather than round it.
    if (!/^\d+$/.test(limit.value)) {
      error.textContent = 'The limit is a whole number of cents.';
      return;
    }
    try {
      await api('POST', '/fabric/budgets', {
        name: name.value.trim(),
        limit_cents: Number(limit.value),
        scope: scope.value,
        scope_id: scope.value === 'tenant' ? null : scopeId.value.trim() || null,
        period: period.value,
        hard_limit: hard.checked,
      });
      ctx.notify(`Budget ${name.value.trim()} created.`);
      form.reset();
      reload();
    } catch (failure) {
      error.textContent = (failure as Error).message;
    }
  });
  return form;
}

export const budgetsView: View = (root, ctx) => {
  const list = h('div', { class: 'agents', id: 'budget-list' });
  const alerts = h('ul', { class: 'plain budget-alerts', id: 'budget-alerts', 'aria-live': 'polite' });
  const status = h('p', { class: 'muted' });
  const load = async () => {
    try {
      const body = await api<{ budgets: Budget[] }>('GET', '/fabric/budgets');
      const byId = new Map(body.budgets.map((b) => [b.id, b]));
      list.replaceChildren(...body.budgets.map((b) => budgetCard(b, byId)));
      status.textContent = body.budgets.length ? '' : 'No budgets yet.';
    } catch (error) {
      status.textContent = `Could not load budgets: ${(error as Error).message}`;
    }
  };
  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Budgets'),
      h('p', { class: 'muted' }, 'Spent and reserved against each limit this period, in cents. Allowed calls with an amount reserve it.'),
    ),
    alerts,
    status,
    list,
    ctx.me.is_admin ? createForm(ctx, () => void load()) : h('p', { class: 'muted small' }, 'Creating a budget needs an admin key.'),
  );
  void load();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const off = ctx.live.on((event) => {
    if (event.type === 'budget.alert') {
      const d = event.data;
      const text = `${d.name}: ${ALERT_LABELS[d.level] ?? d.level} (${money(Number(d.used_cents), d.currency)} of ${money(Number(d.limit_cents), d.currency)})`;
      alerts.prepend(
        h('li', { class: `budget-alert alert-${d.level}`, 'data-budget-id': d.budget_id }, when(event.created_at), ' — ', text),
      );
      while (alerts.childElementCount > 20) alerts.lastElementChild?.remove();
      ctx.notify(text, d.level === 'exceeded' ? 'error' : 'ok');
    } else if (!event.type.startsWith('decision.')) return;
    // Spend moves with decisions and their outcomes: reload at most twice a second.
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void load();
    }, 500);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
};
