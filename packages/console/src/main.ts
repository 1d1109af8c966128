// The console's shell: sign-in, the header with the live status and the halted banner, the
// navigation, and the hash router that swaps views (#/decisions, #/approvals/…).
import { api, ApiFailure, whenUnauthorized } from './api.ts';
import type { ConsoleContext, HaltState, Me, View } from './context.ts';
import { h, replace } from './dom.ts';
import { when } from './format.ts';
import { LiveEvents, type LiveMode } from './live.ts';
import { forgetKey, storedKey } from './session.ts';
import { agentsView } from './views/agents.ts';
import { approvalsView } from './views/approvals.ts';
import { budgetsView } from './views/budgets.ts';
import { credentialsView } from './views/credentials.ts';
import { decisionDetailView, decisionsView } from './views/decisions.ts';
import { killSwitchView } from './views/kill-switch.ts';
import { policiesView } from './views/policies.ts';
import { plansView } from './views/plans.ts';
import { rulesView } from './views/rules.ts';
import { signInView } from './views/sign-in.ts';
import { traceDetailView, tracesView } from './views/traces.ts';

const root = document.getElementById('app')!;

const ROUTES: { path: string; label: string; list: View; detail?: View }[] = [
  { path: 'decisions', label: 'Decisions', list: decisionsView, detail: decisionDetailView },
  { path: 'approvals', label: 'Approvals', list: approvalsView },
  { path: 'agents', label: 'Agents', list: agentsView },
  { path: 'rules', label: 'Tool rules', list: rulesView },
  { path: 'policies', label: 'Policies', list: policiesView },
  { path: 'plans', label: 'Plans', list: plansView },
  { path: 'budgets', label: 'Budgets', list: budgetsView },
  { path: 'halt', label: 'Kill switch', list: killSwitchView },
  { path: 'credentials', label: 'Credentials', list: credentialsView },
  { path: 'traces', label: 'Traces', list: tracesView, detail: traceDetailView },
];

const LIVE_LABELS: Record<LiveMode, string> = {
  connecting: 'Connecting…',
  sse: 'Live',
  polling: 'Live (polling)',
  offline: 'Offline, retrying',
};

/** Cleanup of the view on screen, and of the signed-in session (live stream, router). */
let stopView: (() => void) | null = null;
let stopSession: (() => void) | null = null;

function signOut(notice?: string): void {
  stopView?.();
  stopView = null;
  stopSession?.();
  stopSession = null;
  forgetKey();
  signInView(root, start, notice);
}

function start(me: Me): void {
  const live = new LiveEvents();
  let halt: HaltState = { halted: false, reason: null, since: null, operator_id: null, halt_quorum: 1 };
  const haltListeners = new Set<(state: HaltState) => void>();
  const setHalt = (state: HaltState) => {
    halt = state;
    for (const listener of haltListeners) listener(state);
  };

  const toasts = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' });
  const ctx: ConsoleContext = {
    me,
    live,
    halt: () => halt,
    onHalt(listener) {
      haltListeners.add(listener);
      listener(halt);
      return () => haltListeners.delete(listener);
    },
    async refreshHalt() {
      setHalt(await api<HaltState>('GET', '/fabric/halt'));
    },
    notify(message, kind = 'ok') {
      const toast = h('div', { class: `toast toast-${kind}` }, message);
      toasts.append(toast);
      // The newest three are enough; older ones would only cover the page.
      while (toasts.childElementCount > 3) toasts.firstElementChild?.remove();
      setTimeout(() => toast.remove(), 4000);
    },
  };

  const liveStatus = h('span', { class: 'live', 'data-live': 'connecting' }, LIVE_LABELS.connecting);
  live.onMode((mode) => {
    liveStatus.dataset.live = mode;
    liveStatus.textContent = LIVE_LABELS[mode];
  });
  const pendingCount = h('span', { class: 'count', 'aria-label': 'pending approvals' });
  const navLinks = ROUTES.map((r) =>
    h('a', { href: `#/${r.path}`, 'data-route': r.path }, r.label, r.path === 'approvals' ? [' ', pendingCount] : null),
  );
  const banner = h('div', { class: 'halted-banner', role: 'alert', hidden: true });
  const main = h('main', { id: 'main', tabindex: '-1' });

  ctx.onHalt((state) => {
    document.body.classList.toggle('is-halted', state.halted);
    if (!state.halted) {
      banner.hidden = true;
      banner.replaceChildren();
      return;
    }
    banner.hidden = false;
    replace(
      banner,
      h('strong', {}, '■ HALTED'),
      h(
        'span',
        {},
        ` Every decision of this tenant is blocked by the kill switch. Reason: “${state.reason ?? ''}”`,
        state.operator_id ? `, by ${state.operator_id}` : '',
        state.since ? `, since ${when(state.since)}.` : '.',
      ),
      h('a', { href: '#/halt' }, 'Go to the kill switch'),
    );
  });

  const refreshPending = async () => {
    try {
      const body = await api<{ approvals: unknown[] }>('GET', '/fabric/approvals?status=pending&limit=1000');
      pendingCount.textContent = body.approvals.length ? String(body.approvals.length) : '';
    } catch {
      // The badge is a convenience; the queue view shows errors.
    }
  };
  let pendingTimer: ReturnType<typeof setTimeout> | null = null;
  live.on((event) => {
    if (event.type === 'halt.started' || event.type === 'halt.lifted') void ctx.refreshHalt();
    if (event.type.startsWith('approval.')) {
      if (pendingTimer) clearTimeout(pendingTimer);
      pendingTimer = setTimeout(refreshPending, 150);
    }
  });

  root.replaceChildren(
    h('a', { class: 'skip', href: '#main', onclick: (e: Event) => (e.preventDefault(), main.focus()) }, 'Skip to content'),
    h(
      'header',
      { class: 'top' },
      h('div', { class: 'brand' }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '◆'), ' ActionGate'),
      h(
        'div',
        { class: 'who' },
        h('span', { class: 'tenant' }, me.tenant_name ?? me.tenant_id),
        h('span', { class: 'role' }, `${me.name} · ${me.role} key`),
      ),
      liveStatus,
      h('button', { type: 'button', class: 'ghost', id: 'sign-out', onclick: () => signOut() }, 'Sign out'),
    ),
    banner,
    h('nav', { class: 'tabs', 'aria-label': 'Console sections' }, navLinks),
    main,
    toasts,
  );

  const route = () => {
    const parts = location.hash.replace(/^#\/?/, '').split('/');
    const param = parts.length > 1 && parts[1] !== '' ? parts.slice(1).join('/') : null;
    const match = ROUTES.find((r) => r.path === parts[0]) ?? ROUTES[0];
    for (const link of navLinks) {
      if (link.dataset.route === match.path) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    stopView?.();
    main.replaceChildren();
    const view = param && match.detail ? match.detail : match.list;
    stopView = view(main, ctx, param ? decodeURIComponent(param) : null) ?? null;
    document.title = `${match.label} · ActionGate`;
  };
  window.addEventListener('hashchange', route);
  whenUnauthorized(() => signOut('The key stopped working (revoked?). Sign in again.'));
  stopSession = () => {
    live.stop();
    window.removeEventListener('hashchange', route);
    if (pendingTimer) clearTimeout(pendingTimer);
  };
  void ctx.refreshHalt().catch(() => {});
  void refreshPending();
  void live.start().catch(() => ctx.notify('Live updates are unavailable; reload to retry.', 'error'));
  if (!location.hash) history.replaceState(null, '', '#/decisions');
  route();
}

async function boot(): Promise<void> {
  const key = storedKey();
  if (!key) return signInView(root, start);
  try {
    const me = await api<Me>('GET', '/fabric/me');
    if (me.kind === 'agent') return signOut('Agent keys cannot use the console.');
    start(me);
  } catch (failure) {
    if (failure instanceof ApiFailure && failure.status === 401) signOut('That key is unknown or revoked.');
    else signInView(root, start, `Could not reach the service: ${(failure as Error).message}`);
  }
}

void boot();
