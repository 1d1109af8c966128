// Credentials (issue 18): the vault as the operator sees it — names, kind, version, the hosts and
// methods each may be used for, and last use — with the tenant's containment and closure state.
// Never the secret: the service does not return it, and secrets are added with the CLI or the API
// (`actiongate credentials add … --secret-env VAR`), not typed into a browser.
import { api } from '../api.ts';
import type { View } from '../context.ts';
import { h } from '../dom.ts';
import { ago, when } from '../format.ts';

interface Credential {
  name: string;
  kind: string;
  version: number;
  allowed_hosts: string[];
  allowed_methods: string[] | null;
  description: string | null;
  updated_at: string;
  last_used_at: string | null;
}

interface Posture {
  contained: boolean;
  containment: { since: string; reason: string } | null;
  closed: boolean;
  closure: { since: string; reason: string; final_disposition: string } | null;
  egress_rules: number;
}

export const credentialsView: View = (root, ctx) => {
  const status = h('p', { class: 'muted' });
  const state = h('div', { id: 'enforcement-state' });
  const list = h('div', { class: 'credentials', id: 'credential-list' });
  const load = async () => {
    try {
      const [body, posture] = await Promise.all([
        api<{ credentials: Credential[] }>('GET', '/fabric/credentials'),
        api<Posture>('GET', '/fabric/posture'),
      ]);
      state.replaceChildren(
        posture.closed && posture.closure
          ? h('p', { class: 'halted-banner', role: 'alert' }, `Tenant closed ${when(posture.closure.since)}: ${posture.closure.reason}`)
          : posture.contained && posture.containment
            ? h(
                'p',
                { class: 'halted-banner', role: 'status' },
                `Contained since ${when(posture.containment.since)}: brokered calls are stopped`,
              )
            : h(
                'p',
                { class: 'muted' },
                posture.egress_rules
                  ? `${posture.egress_rules} egress rule(s) limit where brokered calls may go.`
                  : 'No egress rules: brokered calls may go to any host a credential allows.',
              ),
      );
      list.replaceChildren(
        ...body.credentials.map((c) =>
          h(
            'article',
            { class: 'card credential', 'data-credential': c.name },
            h(
              'header',
              { class: 'agent-head' },
              h('h2', {}, c.name),
              h('span', { class: 'badge badge-outline' }, c.kind),
              h('span', { class: 'version' }, `v${c.version}`),
            ),
            c.description ? h('p', {}, c.description) : '',
            h(
              'dl',
              { class: 'facts-grid' },
              h('dt', {}, 'Hosts'),
              h('dd', {}, ...c.allowed_hosts.map((host) => h('code', { class: 'path' }, host, ' '))),
              h('dt', {}, 'Methods'),
              h('dd', {}, c.allowed_methods?.length ? c.allowed_methods.join(', ') : 'any'),
              h('dt', {}, 'Last used'),
              h('dd', { title: when(c.last_used_at) }, c.last_used_at ? ago(c.last_used_at) : 'never'),
              h('dt', {}, 'Rotated'),
              h('dd', { title: when(c.updated_at) }, ago(c.updated_at)),
            ),
          ),
        ),
      );
      status.textContent = body.credentials.length
        ? ''
        : 'No credentials yet. Add one with `actiongate credentials add NAME --host HOST --secret-env VAR`.';
    } catch (error) {
      status.textContent = `Could not load credentials: ${(error as Error).message}`;
    }
  };
  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Credentials'),
      h(
        'p',
        { class: 'muted' },
        'Secrets agents use through brokered calls (POST /fabric/calls) and never see. Secrets are never shown here.',
      ),
    ),
    state,
    status,
    list,
  );
  if (!ctx.me.can_approve) {
    status.textContent = 'Listing credentials needs an approver or admin key.';
    return;
  }
  void load();
  // Live: a credential added, rotated or deleted, or the tenant contained, released or closed
  // elsewhere (CLI, API, another console) shows here without a reload.
  const off = ctx.live.on((event) => {
    if (/^(credential\.|tenant\.|egress_rule\.|posture\.)/.test(event.type)) void load();
  });
  return off;
};
