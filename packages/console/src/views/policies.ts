// Policies (issue 21): the tenant's governance policies (constraints and exceptions as data, by
// priority, with status and version) and trajectory policies (ordered patterns over an agent's
// recent calls). Read here; they are written through the API, where every change is versioned.
import { api } from '../api.ts';
import type { View } from '../context.ts';
import { h } from '../dom.ts';
import { when } from '../format.ts';
import { jsonView } from '../json-view.ts';

interface GovernancePolicy {
  policy_id: string;
  name: string;
  description: string;
  scope: Record<string, unknown> | null;
  constraints: Record<string, unknown>[];
  exceptions: Record<string, unknown>[];
  parent_policy_id: string | null;
  linked_policy_id: string | null;
  priority: number;
  status: string;
  version: string;
  updated_at: string;
}

interface TrajectoryRule {
  id?: string;
  steps?: { action?: string }[];
  effect?: string;
  window_seconds?: number;
  same_trace?: boolean;
  reason?: string;
}

interface TrajectoryPolicy {
  policy_id: string;
  name: string;
  description: string;
  rules: TrajectoryRule[];
  created_at: string;
}

const STATUS_BADGES: Record<string, string> = { active: 'badge-ok', draft: 'badge-neutral', disabled: 'badge-outline' };

/** One constraint in words: `require_approval (2 approvers) — reason`. */
function constraintText(c: Record<string, unknown>): string {
  const approvers =
    typeof c.min_distinct_approvers === 'number' && c.min_distinct_approvers > 1 ? ` (${c.min_distinct_approvers} approvers)` : '';
  const conditions = Array.isArray(c.conditions)
    ? ` when ${c.conditions.length} condition${c.conditions.length === 1 ? '' : 's'} hold`
    : '';
  return `${String(c.effect ?? 'constraint')}${approvers}${conditions}${c.reason ? ` — ${String(c.reason)}` : ''}`;
}

function governanceCard(p: GovernancePolicy): HTMLElement {
  return h(
    'article',
    { class: `card rule policy${p.status === 'active' ? '' : ' disabled'}`, 'data-policy-id': p.policy_id },
    h(
      'header',
      { class: 'rule-head' },
      h('h2', {}, p.name),
      h('span', { class: `badge ${STATUS_BADGES[p.status] ?? 'badge-neutral'}` }, p.status),
      h('span', { class: 'version', title: `updated ${when(p.updated_at)}` }, `v${p.version}`),
    ),
    p.description ? h('p', { class: 'muted' }, p.description) : null,
    h(
      'dl',
      { class: 'facts-grid' },
      h('dt', {}, 'Priority'),
      h('dd', {}, `${p.priority} (lower decides first)`),
      h('dt', {}, 'Constraints'),
      h(
        'dd',
        {},
        p.constraints.length
          ? h(
              'ul',
              { class: 'plain constraints' },
              p.constraints.map((c) => h('li', {}, constraintText(c))),
            )
          : 'none',
      ),
      h('dt', {}, 'Exceptions'),
      h('dd', {}, p.exceptions.length ? `${p.exceptions.length}` : 'none'),
      p.parent_policy_id ? [h('dt', {}, 'Parent'), h('dd', {}, p.parent_policy_id)] : null,
      p.linked_policy_id ? [h('dt', {}, 'Linked'), h('dd', {}, p.linked_policy_id)] : null,
    ),
    h(
      'details',
      { class: 'sub' },
      h('summary', {}, 'Scope, constraints and exceptions as data'),
      jsonView({ scope: p.scope, constraints: p.constraints, exceptions: p.exceptions }, 'policy'),
    ),
  );
}

function trajectoryCard(p: TrajectoryPolicy): HTMLElement {
  return h(
    'article',
    { class: 'card rule policy', 'data-policy-id': p.policy_id },
    h('header', { class: 'rule-head' }, h('h2', {}, p.name)),
    p.description ? h('p', { class: 'muted' }, p.description) : null,
    h(
      'ol',
      { class: 'trajectory-rules' },
      p.rules.map((r) =>
        h(
          'li',
          {},
          h('code', { class: 'path' }, (r.steps ?? []).map((s) => s.action ?? '?').join(' → ')),
          ` ⇒ ${r.effect ?? ''}`,
          r.same_trace ? ' · same trace' : ` · within ${r.window_seconds ?? 3600} s`,
          r.reason ? ` — ${r.reason}` : '',
        ),
      ),
    ),
  );
}

// No event announces a policy change, so the view reads on open (policies change rarely).
export const policiesView: View = (root) => {
  const governance = h('div', { class: 'rules', id: 'governance-policies' });
  const trajectories = h('div', { class: 'rules', id: 'trajectory-policies' });
  const status = h('p', { class: 'muted' });
  const load = async () => {
    try {
      const [g, t] = await Promise.all([
        api<{ policies: GovernancePolicy[] }>('GET', '/fabric/governance/policies'),
        api<{ policies: TrajectoryPolicy[] }>('GET', '/fabric/trajectory-policies'),
      ]);
      const byPriority = [...g.policies].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
      governance.replaceChildren(
        ...(byPriority.length ? byPriority.map(governanceCard) : [h('p', { class: 'muted' }, 'No governance policies yet.')]),
      );
      trajectories.replaceChildren(
        ...(t.policies.length ? t.policies.map(trajectoryCard) : [h('p', { class: 'muted' }, 'No trajectory policies yet.')]),
      );
      status.textContent = '';
    } catch (error) {
      status.textContent = `Could not load policies: ${(error as Error).message}`;
    }
  };
  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Policies'),
      h(
        'p',
        { class: 'muted' },
        'Active governance policies take part in the policy stage of every decision, by priority; trajectory policies match sequences of an agent’s calls.',
      ),
    ),
    status,
    h('h2', { class: 'section-title' }, 'Governance policies'),
    governance,
    h('h2', { class: 'section-title' }, 'Trajectory policies'),
    trajectories,
  );
  void load();
};
