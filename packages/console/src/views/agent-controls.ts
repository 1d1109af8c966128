// An agent's limits (issue 19): actions per sliding hour and actions running at once, with the
// current counts beside them; admins edit them in place (`PUT /fabric/agents/{id}/controls`).
import { api } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { h, replace } from '../dom.ts';

export interface AgentControls {
  agent_id: string;
  max_actions_per_hour: number | null;
  max_concurrent_actions: number | null;
  actions_last_hour: number;
  running: number;
  updated_at: string | null;
}

const limitText = (count: number, limit: number | null) => (limit === null ? `${count} (no limit)` : `${count} of ${limit}`);

/** Reads a limit field: empty means no limit; anything but a whole number ≥ 1 is refused. */
function limitValue(input: HTMLInputElement, what: string): number | null {
  const raw = input.value.trim();
  if (raw === '') return null;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${what} is a whole number of at least 1, or empty for no limit.`);
  return Number(raw);
}

/** The controls box of one agent card; fills itself from the API. */
export function agentControlsBox(ctx: ConsoleContext, agentId: string, editing = false): HTMLElement {
  const box = h('div', { class: 'sub agent-controls', 'data-controls-for': agentId }, h('p', { class: 'muted small' }, 'Loading limits…'));
  const safeId = agentId.replace(/[^A-Za-z0-9_-]/g, '_');
  const draw = (c: AgentControls) => {
    const facts = h(
      'dl',
      { class: 'facts-grid' },
      h('dt', {}, 'Actions in the last hour'),
      h('dd', { class: 'per-hour' }, limitText(c.actions_last_hour, c.max_actions_per_hour)),
      h('dt', {}, 'Running now'),
      h('dd', { class: 'concurrent' }, limitText(c.running, c.max_concurrent_actions)),
    );
    if (!ctx.me.is_admin) return replace(box, h('h3', {}, 'Limits'), facts);
    const perHour = h('input', {
      id: `per-hour-${safeId}`,
      type: 'number',
      min: 1,
      step: 1,
      value: c.max_actions_per_hour ?? '',
      placeholder: 'no limit',
    });
    const concurrent = h('input', {
      id: `concurrent-${safeId}`,
      type: 'number',
      min: 1,
      step: 1,
      value: c.max_concurrent_actions ?? '',
      placeholder: 'no limit',
    });
    const error = h('p', { class: 'form-error', role: 'alert' });
    const form = h(
      'form',
      { class: 'controls-form', novalidate: true },
      h(
        'div',
        { class: 'form-grid' },
        h('label', { for: perHour.id }, 'Max actions per hour'),
        perHour,
        h('label', { for: concurrent.id }, 'Max concurrent actions'),
        concurrent,
      ),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary' }, 'Save limits')),
      error,
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      error.textContent = '';
      try {
        const body = {
          max_actions_per_hour: limitValue(perHour, 'Max actions per hour'),
          max_concurrent_actions: limitValue(concurrent, 'Max concurrent actions'),
        };
        draw(await api<AgentControls>('PUT', `/fabric/agents/${encodeURIComponent(agentId)}/controls`, body));
        ctx.notify(`${agentId}: limits saved.`);
      } catch (failure) {
        error.textContent = (failure as Error).message;
      }
    });
    replace(
      box,
      h('h3', {}, 'Limits'),
      facts,
      h('details', { class: 'controls-edit', open: editing }, h('summary', {}, 'Edit limits'), form),
    );
  };
  void api<AgentControls>('GET', `/fabric/agents/${encodeURIComponent(agentId)}/controls`)
    .then(draw)
    .catch((failure) => replace(box, h('p', { class: 'form-error' }, `Could not load limits: ${(failure as Error).message}`)));
  return box;
}
