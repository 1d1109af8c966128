// The kill switch: stop every decision of the tenant now, and lift the stop. Halting takes a
// confirmation token; with quorum 2 it comes from a second admin, who passes it to the first.
import { api } from '../api.ts';
import type { HaltState, View } from '../context.ts';
import { h, replace } from '../dom.ts';
import { when } from '../format.ts';

export const killSwitchView: View = (root, ctx) => {
  const body = h('div', { id: 'kill-switch' });
  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Kill switch'),
      h(
        'p',
        { class: 'muted' },
        'Halting blocks every decision of this tenant at the identity stage, for every agent, until someone resumes.',
      ),
    ),
    body,
  );

  const halted = (state: HaltState) => {
    const error = h('p', { class: 'form-error', role: 'alert' });
    replace(
      body,
      h(
        'section',
        { class: 'card halted-card' },
        h('h2', {}, '■ Halted'),
        h(
          'dl',
          { class: 'facts-grid' },
          h('dt', {}, 'Reason'),
          h('dd', {}, state.reason ?? ''),
          h('dt', {}, 'By'),
          h('dd', {}, state.operator_id ?? ''),
          h('dt', {}, 'Since'),
          h('dd', {}, when(state.since)),
        ),
        ctx.me.is_admin
          ? h(
              'button',
              {
                type: 'button',
                class: 'approve',
                id: 'resume',
                onclick: async () => {
                  try {
                    await api('POST', '/fabric/resume', {});
                    ctx.notify('Resumed: decisions run normally again.');
                    await ctx.refreshHalt();
                  } catch (failure) {
                    error.textContent = (failure as Error).message;
                  }
                },
              },
              'Resume decisions',
            )
          : h('p', { class: 'refusal' }, 'Resuming needs an admin key.'),
        error,
      ),
    );
  };

  const running = (state: HaltState) => {
    if (!ctx.me.is_admin) {
      replace(body, h('section', { class: 'card' }, h('h2', {}, 'Running'), h('p', { class: 'refusal' }, 'Halting needs an admin key.')));
      return;
    }
    const reason = h('input', { id: 'halt-reason', required: true, maxlength: 1000, placeholder: 'what is going wrong' });
    const operator = h('input', { id: 'halt-operator', required: true, maxlength: 200, placeholder: 'your name' });
    const token = h('input', {
      id: 'halt-token',
      required: true,
      maxlength: 200,
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: 'hlt_…',
    });
    const issued = h('div', { class: 'issued', 'aria-live': 'polite' });
    const error = h('p', { class: 'form-error', role: 'alert' });
    const quorumNote =
      state.halt_quorum === 2
        ? 'Quorum is 2: a second admin gets a token (“Issue a token” while signed in with their key) and gives it to you; your own token will not do.'
        : 'Issue a token with this key, then halt. The token works once, for 5 minutes.';
    const issue = h(
      'button',
      {
        type: 'button',
        id: 'issue-token',
        onclick: async () => {
          error.textContent = '';
          try {
            const t = await api<{ confirmation_token: string; expires_at: string; detail: string }>('POST', '/fabric/halt/token');
            replace(
              issued,
              h('p', {}, 'Token: ', h('code', { class: 'token' }, t.confirmation_token), ` (until ${when(t.expires_at)}). ${t.detail}.`),
            );
            if (state.halt_quorum === 1) token.value = t.confirmation_token;
          } catch (failure) {
            error.textContent = (failure as Error).message;
          }
        },
      },
      '1. Issue a confirmation token',
    );
    const form = h(
      'form',
      {
        class: 'halt-form',
        onsubmit: async (event: Event) => {
          event.preventDefault();
          error.textContent = '';
          try {
            await api('POST', '/fabric/halt', {
              reason: reason.value.trim(),
              operator_id: operator.value.trim(),
              confirmation_token: token.value.trim(),
            });
            ctx.notify('Halted: every decision is now blocked.');
            await ctx.refreshHalt();
          } catch (failure) {
            error.textContent = (failure as Error).message;
          }
        },
      },
      h(
        'div',
        { class: 'form-grid' },
        h('label', { for: 'halt-reason' }, 'Reason'),
        reason,
        h('label', { for: 'halt-operator' }, 'Operator'),
        operator,
      ),
      h('label', { for: 'halt-token' }, 'Confirmation token'),
      token,
      error,
      h('button', { type: 'submit', class: 'deny big', id: 'halt' }, '2. Halt all decisions'),
    );
    replace(
      body,
      h(
        'section',
        { class: 'card' },
        h('h2', {}, '● Running'),
        h('p', {}, `Halt quorum: ${state.halt_quorum}. ${quorumNote}`),
        issue,
        issued,
        form,
      ),
    );
  };

  return ctx.onHalt((state) => (state.halted ? halted(state) : running(state)));
};
