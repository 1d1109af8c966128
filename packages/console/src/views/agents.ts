// Agents: the trust each one has earned, what it still needs to reach the next state, and the
// operator's overrides (suspend, revoke, reinstate), each with a reason on record.
import { api } from '../api.ts';
import { trustBadge } from '../badges.ts';
import type { ConsoleContext, View } from '../context.ts';
import { h } from '../dom.ts';
import { ago, percent, when } from '../format.ts';
import { agentControlsBox } from './agent-controls.ts';

interface Threshold {
  reached: boolean;
  approved_needed: number;
  min_share: number;
}

interface Agent {
  agent_id: string;
  state: string;
  agent_state: string;
  key_state: string | null;
  override: string | null;
  override_reason: string | null;
  counters: { approved: number; blocked: number; approved_share: number; blocked_last_24h: number; forgiven_blocked?: number };
  thresholds: { normal: Threshold; trusted: Threshold };
  agent_keys: string[];
  last_seen_at: string;
}

function toReach(name: string, t: Threshold): string {
  if (t.reached) return `${name}: reached`;
  const parts = [];
  if (t.approved_needed > 0) parts.push(`${t.approved_needed} more approved`);
  parts.push(`share ≥ ${percent(t.min_share)}`);
  return `${name}: ${parts.join(', ')}`;
}

function recordText(a: Agent): string {
  const c = a.counters;
  if (c.approved + c.blocked === 0) return 'no actions on record yet';
  const forgiven = c.forgiven_blocked ? ` · ${c.forgiven_blocked} forgiven on reinstatement` : '';
  return `${c.approved} approved · ${c.blocked} blocked (${percent(c.approved_share)} approved) · ${c.blocked_last_24h} blocked in the degrade window${forgiven}`;
}

function actions(ctx: ConsoleContext, agent: Agent, reload: () => void): HTMLElement {
  if (!ctx.me.is_admin) return h('p', { class: 'muted small' }, 'Changing an agent’s state needs an admin key.');
  const id = `reason-${agent.agent_id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const reason = h('input', { id, type: 'text', required: true, maxlength: 1000, placeholder: 'reason, kept on record' });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const act = async (action: 'suspend' | 'revoke' | 'reinstate') => {
    if (!reason.value.trim()) {
      error.textContent = 'Give a reason first.';
      reason.focus();
      return;
    }
    try {
      await api('POST', `/fabric/agents/${encodeURIComponent(agent.agent_id)}/${action}`, { reason: reason.value.trim() });
      ctx.notify(`${agent.agent_id}: ${action}d.`);
      reload();
    } catch (failure) {
      error.textContent = (failure as Error).message;
    }
  };
  // Reinstate lifts an operator's override and forgives a bad record (degraded or suspended by its
  // blocked attempts), so it is offered whenever the agent's own record holds it.
  const reinstatable = agent.override !== null || agent.agent_state === 'degraded' || agent.agent_state === 'suspended';
  return h(
    'details',
    { class: 'agent-actions' },
    h('summary', {}, reinstatable ? 'Reinstate or change state' : 'Change state'),
    h('label', { for: id }, 'Reason'),
    reason,
    h(
      'div',
      { class: 'buttons' },
      reinstatable ? h('button', { type: 'button', class: 'approve', onclick: () => void act('reinstate') }, 'Reinstate') : null,
      agent.override !== 'suspended' && agent.override !== 'revoked'
        ? h('button', { type: 'button', class: 'warn', onclick: () => void act('suspend') }, 'Suspend')
        : null,
      agent.override !== 'revoked' ? h('button', { type: 'button', class: 'deny', onclick: () => void act('revoke') }, 'Revoke') : null,
    ),
    error,
  );
}

export const agentsView: View = (root, ctx) => {
  const list = h('div', { class: 'agents', id: 'agent-list' });
  const status = h('p', { class: 'muted' });
  const load = async () => {
    try {
      const body = await api<{ agents: Agent[] }>('GET', '/fabric/agents');
      const open = new Set(
        [...list.querySelectorAll<HTMLElement>('details.agent-actions[open]')].map(
          (d) => d.closest<HTMLElement>('[data-agent]')?.dataset.agent,
        ),
      );
      const editing = new Set(
        [...list.querySelectorAll<HTMLElement>('details.controls-edit[open]')].map(
          (d) => d.closest<HTMLElement>('[data-agent]')?.dataset.agent,
        ),
      );
      list.replaceChildren(
        ...body.agents.map((a) => {
          const card = h(
            'article',
            { class: 'card agent', 'data-agent': a.agent_id },
            h('header', { class: 'agent-head' }, h('h2', {}, a.agent_id), trustBadge(a.state)),
            h(
              'dl',
              { class: 'facts-grid' },
              h('dt', {}, 'Own record'),
              h('dd', {}, trustBadge(a.agent_state)),
              h('dt', {}, 'Key'),
              h('dd', {}, a.key_state ? trustBadge(a.key_state) : h('span', { class: 'muted' }, 'no agent key (customer key)')),
              h('dt', {}, 'Record'),
              h('dd', {}, recordText(a)),
              h('dt', {}, 'To reach'),
              h(
                'dd',
                {},
                h(
                  'ul',
                  { class: 'plain' },
                  h('li', {}, toReach('normal', a.thresholds.normal)),
                  h('li', {}, toReach('trusted', a.thresholds.trusted)),
                ),
              ),
              a.override
                ? [h('dt', {}, 'Override'), h('dd', {}, `${a.override}${a.override_reason ? ` — “${a.override_reason}”` : ''}`)]
                : null,
              h('dt', {}, 'Last seen'),
              h('dd', { title: when(a.last_seen_at) }, ago(a.last_seen_at)),
            ),
            agentControlsBox(ctx, a.agent_id, editing.has(a.agent_id)),
            actions(ctx, a, () => void load()),
          );
          if (open.has(a.agent_id)) card.querySelector('details.agent-actions')?.setAttribute('open', '');
          return card;
        }),
      );
      status.textContent = body.agents.length ? '' : 'No agents yet. An agent appears after its first decision.';
    } catch (error) {
      status.textContent = `Could not load agents: ${(error as Error).message}`;
    }
  };
  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Agents'),
      h(
        'p',
        { class: 'muted' },
        'Trust is earned from the record of approved and blocked actions, and never exceeds the trust of the agent’s key.',
      ),
    ),
    status,
    list,
  );
  void load();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const off = ctx.live.on((event) => {
    if (event.type !== 'decision.created' && event.type !== 'approval.denied') return;
    // Reload at most once a second, and not while someone is typing a reason.
    if (timer || list.querySelector('details[open] input:focus')) return;
    timer = setTimeout(() => {
      timer = null;
      void load();
    }, 1000);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
};
