// Tool rules: list, create, edit (each edit bumps the version), enable or disable, delete.
import { api } from '../api.ts';
import { effectBadge } from '../badges.ts';
import type { ConsoleContext, View } from '../context.ts';
import { h } from '../dom.ts';
import { when } from '../format.ts';
import { jsonView } from '../json-view.ts';

interface Rule {
  id: string;
  version: number;
  name: string;
  effect: string;
  match_path: string;
  description: string;
  enabled: boolean;
  match_args?: unknown[] | null;
  agent_ids?: string[] | null;
  risk_at_least?: string | null;
  updated_at: string;
}

const EFFECTS = [
  ['deny', 'deny — block the call'],
  ['require_approval', 'require approval — hold for a human'],
  ['allow', 'allow — lift holds caused by a short record'],
];

let formCounter = 0;

/** The create / edit form; `rule` given means edit. Resolves the body to send, or null when cancelled. */
function ruleForm(rule: Rule | null, onSubmit: (body: Record<string, unknown>) => Promise<void>, onCancel?: () => void): HTMLFormElement {
  const n = ++formCounter;
  const name = h('input', {
    id: `rule-name-${n}`,
    name: 'name',
    required: true,
    maxlength: 120,
    value: rule?.name ?? '',
    placeholder: 'no-prod-deletes',
  });
  const effect = h(
    'select',
    { id: `rule-effect-${n}`, name: 'effect' },
    EFFECTS.map(([v, label]) => h('option', { value: v, selected: rule?.effect === v }, label)),
  );
  const path = h('input', {
    id: `rule-path-${n}`,
    name: 'match_path',
    required: true,
    maxlength: 512,
    pattern: '/\\S*',
    value: rule?.match_path ?? '',
    placeholder: '/tools/delete_file',
    'aria-describedby': `rule-path-help-${n}`,
  });
  const description = h('input', { id: `rule-desc-${n}`, name: 'description', maxlength: 1000, value: rule?.description ?? '' });
  const enabled = h('input', { id: `rule-enabled-${n}`, name: 'enabled', type: 'checkbox', checked: rule ? rule.enabled : true });
  const args = h(
    'textarea',
    {
      id: `rule-args-${n}`,
      name: 'match_args',
      rows: 3,
      placeholder: '[{"field": "amount", "op": "gte", "value": 1000}]',
      spellcheck: 'false',
    },
    rule?.match_args ? JSON.stringify(rule.match_args, null, 2) : '',
  );
  const error = h('p', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, rule ? `Save as v${rule.version + 1}` : 'Create rule');
  const form = h(
    'form',
    {
      class: 'rule-form',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        error.textContent = '';
        const body: Record<string, unknown> = {
          name: name.value.trim(),
          effect: effect.value,
          match_path: path.value.trim(),
          description: description.value.trim(),
          enabled: enabled.checked,
        };
        const argsText = args.value.trim();
        if (argsText) {
          try {
            body.match_args = JSON.parse(argsText);
          } catch {
            error.textContent = 'Argument conditions must be JSON: a list of {field, op, value}.';
            return;
          }
        } else if (rule?.match_args) {
          body.match_args = null;
        }
        submit.disabled = true;
        try {
          await onSubmit(body);
        } catch (failure) {
          error.textContent = (failure as Error).message;
        } finally {
          submit.disabled = false;
        }
      },
    },
    h('div', { class: 'form-grid' }, h('label', { for: name.id }, 'Name'), name, h('label', { for: effect.id }, 'Effect'), effect),
    h(
      'div',
      { class: 'form-grid' },
      h('label', { for: path.id }, 'Tool path'),
      path,
      h('label', { for: description.id }, 'Description'),
      description,
    ),
    h(
      'p',
      { class: 'help', id: `rule-path-help-${n}` },
      'An exact path, a subtree when it ends with “/”, “*” for one segment. Deny wins over require approval over allow.',
    ),
    h('details', {}, h('summary', {}, 'Argument conditions (optional)'), h('label', { for: args.id }, 'Conditions, JSON'), args),
    h('label', { class: 'check' }, enabled, ' Enabled'),
    error,
    h('div', { class: 'buttons' }, submit, onCancel ? h('button', { type: 'button', class: 'ghost', onclick: onCancel }, 'Cancel') : null),
  );
  return form;
}

function ruleRow(ctx: ConsoleContext, rule: Rule, reload: () => Promise<void>): HTMLElement {
  const el = h('article', { class: `card rule${rule.enabled ? '' : ' disabled'}`, 'data-rule-id': rule.id });
  const show = () => {
    el.replaceChildren(
      h(
        'header',
        { class: 'rule-head' },
        h('h2', {}, rule.name),
        effectBadge(rule.effect),
        h('span', { class: 'version', title: `updated ${when(rule.updated_at)}` }, `v${rule.version}`),
        h('span', { class: `badge badge-outline ${rule.enabled ? 'badge-ok' : 'badge-neutral'}` }, rule.enabled ? 'enabled' : 'disabled'),
      ),
      h('p', {}, 'Matches ', h('code', { class: 'path' }, rule.match_path), rule.description ? ` — ${rule.description}` : ''),
      rule.agent_ids?.length || rule.risk_at_least
        ? h(
            'p',
            { class: 'muted' },
            rule.agent_ids?.length ? `Only for agents: ${rule.agent_ids.join(', ')}. ` : '',
            rule.risk_at_least ? `Only at ${rule.risk_at_least} risk or above.` : '',
          )
        : '',
      rule.match_args?.length
        ? h('div', { class: 'sub' }, h('h3', {}, 'Argument conditions'), jsonView(rule.match_args, 'argument conditions'))
        : '',
      ctx.me.is_admin
        ? h(
            'div',
            { class: 'buttons' },
            h('button', { type: 'button', onclick: edit }, 'Edit'),
            h('button', { type: 'button', onclick: () => void toggle() }, rule.enabled ? 'Disable' : 'Enable'),
            h('button', { type: 'button', class: 'deny', onclick: confirmDelete }, 'Delete'),
          )
        : '',
    );
  };
  const toggle = async () => {
    try {
      await api('PATCH', `/fabric/tool-rules/${rule.id}`, { enabled: !rule.enabled });
      await reload();
    } catch (failure) {
      ctx.notify((failure as Error).message, 'error');
    }
  };
  const edit = () => {
    el.replaceChildren(
      h('h2', {}, `Edit ${rule.name} (v${rule.version})`),
      ruleForm(
        rule,
        async (body) => {
          const updated = await api<Rule>('PATCH', `/fabric/tool-rules/${rule.id}`, body);
          ctx.notify(`Saved ${updated.name} as v${updated.version}.`);
          await reload();
        },
        show,
      ),
    );
    el.querySelector('input')?.focus();
  };
  const confirmDelete = () => {
    el.replaceChildren(
      h('p', {}, `Delete the rule “${rule.name}”? Calls it matched are decided without it from the next decision on.`),
      h(
        'div',
        { class: 'buttons' },
        h(
          'button',
          {
            type: 'button',
            class: 'deny',
            onclick: async () => {
              try {
                await api('DELETE', `/fabric/tool-rules/${rule.id}`);
                ctx.notify(`Deleted ${rule.name}.`);
                await reload();
              } catch (failure) {
                ctx.notify((failure as Error).message, 'error');
              }
            },
          },
          'Yes, delete',
        ),
        h('button', { type: 'button', class: 'ghost', onclick: show }, 'Keep it'),
      ),
    );
  };
  show();
  return el;
}

export const rulesView: View = (root, ctx) => {
  const list = h('div', { class: 'rules', id: 'rule-list' });
  const status = h('p', { class: 'muted' });
  const reload = async () => {
    try {
      const body = await api<{ rules: Rule[] }>('GET', '/fabric/tool-rules');
      list.replaceChildren(...body.rules.map((rule) => ruleRow(ctx, rule, reload)));
      status.textContent = body.rules.length ? '' : 'No tool rules yet.';
    } catch (error) {
      status.textContent = `Could not load rules: ${(error as Error).message}`;
    }
  };
  const create = ctx.me.is_admin
    ? h(
        'section',
        { class: 'card', id: 'new-rule' },
        h('h2', {}, 'New rule'),
        ruleForm(null, async (body) => {
          const rule = await api<Rule>('POST', '/fabric/tool-rules', body);
          ctx.notify(`Created ${rule.name} (v${rule.version}); it applies from the next decision.`);
          create?.querySelector('form')?.reset();
          await reload();
        }),
      )
    : h('p', { class: 'refusal' }, 'Creating and editing rules needs an admin key.');
  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Tool rules'),
      h('p', { class: 'muted' }, 'Rules match tool paths and force deny, require approval or allow.'),
    ),
    create,
    status,
    list,
  );
  void reload();
};
