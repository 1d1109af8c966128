// Sign in with an API key. The key is checked against `GET /fabric/me` before it is kept.
import { api, ApiFailure } from '../api.ts';
import type { Me } from '../context.ts';
import { h } from '../dom.ts';
import { storeKey } from '../session.ts';

export function signInView(root: HTMLElement, onSignedIn: (me: Me) => void, notice?: string): void {
  const input = h('input', {
    id: 'api-key',
    name: 'api-key',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    required: true,
    placeholder: 'fk_…',
    'aria-describedby': 'api-key-help',
  });
  const error = h('p', { class: 'form-error', role: 'alert', id: 'sign-in-error' }, notice ?? '');
  const button = h('button', { type: 'submit', class: 'primary' }, 'Sign in');
  const form = h(
    'form',
    {
      class: 'sign-in card',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        const key = input.value.trim();
        if (!key) return;
        button.disabled = true;
        error.textContent = '';
        try {
          const me = await api<Me>('GET', '/fabric/me', undefined, key);
          if (me.kind === 'agent') {
            error.textContent = 'This is an agent key. Agent keys only send decisions; sign in with an admin or approver key.';
            return;
          }
          storeKey(key);
          input.value = '';
          onSignedIn(me);
        } catch (failure) {
          error.textContent =
            failure instanceof ApiFailure && failure.status === 401
              ? 'That key is unknown or revoked.'
              : `Could not sign in: ${(failure as Error).message}`;
        } finally {
          button.disabled = false;
        }
      },
    },
    h('h1', {}, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '◆'), ' ActionGate console'),
    h('p', {}, 'Review held agent actions, watch decisions live, and manage agents, tool rules and the kill switch.'),
    h('label', { for: 'api-key' }, 'API key'),
    input,
    h(
      'p',
      { class: 'help', id: 'api-key-help' },
      'An admin or approver key. It stays in this browser tab only (session storage) and is sent as the X-API-Key header; closing the tab or signing out forgets it.',
    ),
    error,
    button,
  );
  root.replaceChildren(h('main', { class: 'sign-in-page', id: 'main' }, form));
  input.focus();
}
