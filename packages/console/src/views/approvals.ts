// The approval queue: what a held agent wants to do, exactly, and the buttons to let it run once or
// refuse it. Items leave the queue for every open console as soon as anyone decides them.
import { api, ApiFailure } from '../api.ts';
import { riskBadge } from '../badges.ts';
import type { ConsoleContext, View } from '../context.ts';
import { h } from '../dom.ts';
import { ago, timeLeft, when } from '../format.ts';
import { jsonView } from '../json-view.ts';
import { votesBox } from './approval-votes.ts';

interface Approval {
  approval_id: string;
  status: string;
  agent_id: string;
  path: string;
  payload: unknown;
  risk: string;
  reasons: string[];
  detail: string;
  decision_id: string;
  requested_by_key_id: string;
  requested_by_key_name?: string | null;
  decided_by_key_id?: string | null;
  decided_by_key_name?: string | null;
  created_at: string;
  expires_at: string;
}

/** Why this key may not decide this approval, or null when it may. */
function refusal(ctx: ConsoleContext, a: Approval): string | null {
  if (!ctx.me.can_approve) return 'Agent keys cannot approve.';
  if (a.requested_by_key_id === ctx.me.key_id) {
    return 'This key sent the request, and a key can never approve its own request. Sign in with another admin or approver key to decide it.';
  }
  return null;
}

/** The hold in words, from the decision's detail (`held by <stage>: <what that stage said>`). */
function holdReason(detail: string): string {
  const match = /^held by (\w+): (.*)$/s.exec(detail);
  return match ? `The ${match[1]} stage held it: ${match[2]}` : detail;
}

function card(ctx: ConsoleContext, a: Approval, onDone: (id: string) => void): HTMLElement {
  const noteId = `note-${a.approval_id}`;
  const note = h('textarea', { id: noteId, rows: 2, maxlength: 1000, placeholder: 'Why (kept with the approval for auditors)' });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const why = refusal(ctx, a);
  const votes = votesBox(ctx, a.approval_id);
  const decide = async (action: 'approve' | 'deny', buttons: HTMLButtonElement[]) => {
    for (const b of buttons) b.disabled = true;
    error.textContent = '';
    try {
      const after = await api<Approval>('POST', `/fabric/approvals/${encodeURIComponent(a.approval_id)}/${action}`, {
        note: note.value.trim() || null,
      });
      if (after.status === 'pending') {
        // A multi-party approval: this vote counted, others are still needed; the card stays.
        ctx.notify(`Your approval of ${a.path} is recorded; more approvers are needed.`);
        note.value = '';
        await votes.refresh();
        return;
      }
      ctx.notify(`${action === 'approve' ? 'Approved' : 'Denied'}: ${a.path} for ${a.agent_id}.`);
      onDone(a.approval_id);
    } catch (failure) {
      error.textContent = (failure as Error).message;
      if (failure instanceof ApiFailure && (failure.status === 409 || failure.status === 404))
        setTimeout(() => onDone(a.approval_id), 2500);
      else for (const b of buttons) b.disabled = false;
    }
  };
  const approve = h('button', { type: 'button', class: 'approve', disabled: why !== null }, '✓ Approve, run once');
  const deny = h('button', { type: 'button', class: 'deny', disabled: why !== null }, '✕ Deny');
  approve.addEventListener('click', () => void decide('approve', [approve, deny]));
  deny.addEventListener('click', () => void decide('deny', [approve, deny]));
  const left = h('span', { class: 'time-left', 'data-expires': a.expires_at }, timeLeft(a.expires_at));
  const age = h('time', { datetime: a.created_at, title: when(a.created_at) }, `asked ${ago(a.created_at)}`);
  return h(
    'article',
    { class: 'card approval', 'data-approval-id': a.approval_id, 'aria-labelledby': `title-${a.approval_id}` },
    h(
      'header',
      { class: 'approval-head' },
      h(
        'h2',
        { id: `title-${a.approval_id}` },
        h('span', { class: 'agent' }, a.agent_id),
        ' wants to call ',
        h('span', { class: 'path' }, a.path),
      ),
      riskBadge(a.risk),
    ),
    h(
      'p',
      { class: 'muted' },
      age,
      ' · ',
      left,
      a.decision_id ? [' · ', h('a', { href: `#/decisions/${encodeURIComponent(a.decision_id)}` }, 'see the decision')] : null,
    ),
    // The hold reason comes from the stage that held the call (trust, policy, budget…); the risk
    // classifier's reasons are context, shown apart and folded.
    h('div', { class: 'sub why-held' }, h('h3', {}, 'Why it was held'), h('p', { class: 'hold-reason' }, holdReason(a.detail))),
    a.reasons.length
      ? h(
          'details',
          { class: 'sub risk-reasons' },
          h('summary', {}, `Risk ${a.risk}: why`),
          h(
            'ul',
            { class: 'reasons' },
            a.reasons.map((r) => h('li', {}, r)),
          ),
        )
      : null,
    votes.el,
    h('div', { class: 'sub' }, h('h3', {}, 'Exact arguments'), jsonView(a.payload, 'arguments')),
    why
      ? h('p', { class: 'refusal', role: 'note' }, why)
      : h('div', { class: 'decide' }, h('label', { for: noteId }, 'Note (optional)'), note, h('div', { class: 'buttons' }, approve, deny)),
    error,
  );
}

export const approvalsView: View = (root, ctx) => {
  const list = h('div', { class: 'queue', id: 'approval-queue' });
  const empty = h(
    'p',
    { class: 'empty muted', id: 'queue-empty' },
    'Nothing waits for a decision. Held actions appear here the moment an agent asks.',
  );
  const cards = new Map<string, HTMLElement>();
  const sync = () => (empty.hidden = cards.size > 0);
  const remove = (id: string, message?: string) => {
    const el = cards.get(id);
    if (!el) return;
    cards.delete(id);
    if (message) {
      el.classList.add('leaving');
      el.setAttribute('aria-busy', 'true');
      el.prepend(h('p', { class: 'gone' }, message));
      setTimeout(() => el.remove(), 1200);
    } else {
      el.remove();
    }
    sync();
  };
  const add = (a: Approval, top: boolean) => {
    if (cards.has(a.approval_id) || a.status !== 'pending') return;
    const el = card(ctx, a, (id) => remove(id));
    cards.set(a.approval_id, el);
    if (top) list.prepend(el);
    else list.append(el);
    sync();
  };

  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Approval queue'),
      h('p', { class: 'muted' }, 'Held actions wait here. Approving lets exactly this call, with exactly these arguments, run once.'),
    ),
    !ctx.me.can_approve ? h('p', { class: 'refusal' }, 'This key cannot approve.') : '',
    empty,
    list,
  );
  void api<{ approvals: Approval[] }>('GET', '/fabric/approvals?status=pending&limit=200')
    .then((body) => {
      // The API lists newest first; the oldest request is the most urgent, so it goes on top.
      for (const a of [...body.approvals].reverse()) add(a, false);
    })
    .catch((error) => (empty.textContent = `Could not load the queue: ${(error as Error).message}`));

  const off = ctx.live.on((event) => {
    const id = event.data.approval_id as string | undefined;
    if (!id) return;
    if (event.type === 'approval.created') {
      void api<Approval>('GET', `/fabric/approvals/${encodeURIComponent(id)}`)
        .then((a) => add(a, false))
        .catch(() => {});
    } else if (event.type === 'approval.approved' || event.type === 'approval.denied') {
      const verb = event.type === 'approval.approved' ? 'Approved' : 'Denied';
      if (event.data.decided_by_key_id === ctx.me.key_id) remove(id, `${verb} by you.`);
      else
        void api<Approval>('GET', `/fabric/approvals/${encodeURIComponent(id)}`)
          .then((a) => remove(id, `${verb} by ${a.decided_by_key_name ?? `key ${a.decided_by_key_id}`}.`))
          .catch(() => remove(id, `${verb} by key ${event.data.decided_by_key_id}.`));
    } else {
      remove(id);
    }
  });
  const ticker = setInterval(() => {
    for (const el of list.querySelectorAll<HTMLElement>('.time-left')) el.textContent = timeLeft(el.dataset.expires);
    for (const el of list.querySelectorAll('time')) el.textContent = `asked ${ago(el.getAttribute('datetime'))}`;
  }, 1000);
  return () => {
    off();
    clearInterval(ticker);
  };
};
