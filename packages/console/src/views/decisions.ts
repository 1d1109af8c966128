// Decisions: a live list with filters, and one decision in full — the stage chain, risk reasons,
// injection findings, the approval and who decided it, and the signature checked in the browser.
import { api } from '../api.ts';
import { approvalBadge, heldBadge, riskBadge, trustBadge, verdictBadge } from '../badges.ts';
import type { View } from '../context.ts';
import { h, replace } from '../dom.ts';
import { ago, when } from '../format.ts';
import { jsonView } from '../json-view.ts';
import { verifyDecision } from '../verify.ts';

interface DecisionSummary {
  decision_id: string;
  verdict: string;
  agent_id: string;
  path: string;
  risk: string;
  detail: string;
  created_at: string;
  approval_id: string | null;
}

interface Stage {
  stage: string;
  verdict: string;
  enforcing: boolean;
  detail: string;
  data: Record<string, any>;
}

interface Decision extends DecisionSummary {
  blocked: boolean;
  mode: string;
  stages: Stage[];
  payload: unknown;
  key_id: string;
  trace_id: string | null;
  outcome: {
    status: string;
    detail: string | null;
    at: string;
    result_screen?: { flagged: boolean; score: number; rules: string[]; action: string } | null;
  } | null;
}

const VERDICTS = ['ALLOWED', 'ALLOWED_DEGRADED', 'ALLOWED_WITH_DENIALS', 'REQUIRE_APPROVAL', 'BLOCKED'];
const PAGE = 50;

/** `send_email` or `/tools/send_email` both name the tool. */
function toolPath(tool: string): string {
  const trimmed = tool.trim();
  return trimmed.startsWith('/') ? trimmed : `/tools/${trimmed}`;
}

/** A decision's verdict as the list shows it: a held one says what became of its approval. */
function verdictCell(d: DecisionSummary, approvalStatus?: string): HTMLElement {
  if (d.verdict === 'REQUIRE_APPROVAL' && d.approval_id) return heldBadge(approvalStatus);
  return verdictBadge(d.verdict);
}

function row(d: DecisionSummary, fresh = false, approvalStatus?: string): HTMLElement {
  return h(
    'a',
    {
      class: `row decision-row${fresh ? ' fresh' : ''}`,
      href: `#/decisions/${encodeURIComponent(d.decision_id)}`,
      'data-decision-id': d.decision_id,
      'data-approval-id': d.approval_id ?? undefined,
    },
    h('span', { class: 'cell cell-verdict' }, verdictCell(d, approvalStatus)),
    h('span', { class: 'cell cell-main' }, h('span', { class: 'path' }, d.path), h('span', { class: 'detail' }, d.detail)),
    h('span', { class: 'cell' }, h('span', { class: 'label' }, 'agent '), h('span', { class: 'agent' }, d.agent_id)),
    h('span', { class: 'cell' }, riskBadge(d.risk)),
    h('time', { class: 'cell cell-time', datetime: d.created_at, title: when(d.created_at) }, ago(d.created_at)),
  );
}

export const decisionsView: View = (root, ctx) => {
  const filters = { agent: '', verdict: '', tool: '' };
  const list = h('div', { class: 'rows', id: 'decision-list', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  const status = h('p', { class: 'muted' });
  const more = h('button', { type: 'button', class: 'ghost', hidden: true }, 'Show older');
  let cursor: string | null = null;
  const shown = new Set<string>();
  /** Where each approval of a listed held decision stands (pending, approved, consumed, …). */
  const approvalStatus = new Map<string, string>();
  const showApproval = (approvalId: string, status: string) => {
    approvalStatus.set(approvalId, status);
    for (const el of list.querySelectorAll<HTMLElement>(`[data-approval-id="${CSS.escape(approvalId)}"]`)) {
      const summary = { verdict: 'REQUIRE_APPROVAL', approval_id: approvalId } as DecisionSummary;
      el.querySelector('.cell-verdict')?.replaceChildren(verdictCell(summary, status));
    }
  };

  const query = (extra = '') => {
    const params = new URLSearchParams({ limit: String(PAGE) });
    if (filters.agent) params.set('agent_id', filters.agent);
    if (filters.verdict) params.set('verdict', filters.verdict);
    if (filters.tool) params.set('path', toolPath(filters.tool));
    return `/fabric/decisions?${params}${extra}`;
  };
  const matches = (d: DecisionSummary) =>
    (!filters.agent || d.agent_id === filters.agent) &&
    (!filters.verdict || d.verdict === filters.verdict) &&
    (!filters.tool || d.path === toolPath(filters.tool));

  const load = async (append: boolean) => {
    try {
      const [body, approvals] = await Promise.all([
        api<{ decisions: DecisionSummary[]; next_cursor: string | null }>(
          'GET',
          query(append && cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''),
        ),
        api<{ approvals: { approval_id: string; status: string }[] }>('GET', '/fabric/approvals?limit=1000').catch(() => ({
          approvals: [],
        })),
      ]);
      for (const a of approvals.approvals) approvalStatus.set(a.approval_id, a.status);
      if (!append) {
        list.replaceChildren();
        shown.clear();
      }
      for (const d of body.decisions) {
        if (shown.has(d.decision_id)) continue;
        shown.add(d.decision_id);
        list.append(row(d, false, d.approval_id ? approvalStatus.get(d.approval_id) : undefined));
      }
      cursor = body.next_cursor;
      more.hidden = !cursor;
      status.textContent = shown.size ? '' : 'No decisions yet. They appear here the moment an agent asks.';
    } catch (error) {
      status.textContent = `Could not load decisions: ${(error as Error).message}`;
    }
  };
  more.addEventListener('click', () => void load(true));

  const agentInput = h('input', { id: 'filter-agent', type: 'search', placeholder: 'any agent', autocomplete: 'off' });
  const toolInput = h('input', { id: 'filter-tool', type: 'search', placeholder: 'any tool, e.g. send_email', autocomplete: 'off' });
  const verdictSelect = h(
    'select',
    { id: 'filter-verdict' },
    h('option', { value: '' }, 'any verdict'),
    VERDICTS.map((v) => h('option', { value: v }, v)),
  );
  let debounce: ReturnType<typeof setTimeout> | null = null;
  const onFilter = () => {
    filters.agent = agentInput.value.trim();
    filters.tool = toolInput.value.trim();
    filters.verdict = verdictSelect.value;
    if (debounce) clearTimeout(debounce);
    debounce = setTimeout(() => void load(false), 200);
  };
  for (const el of [agentInput, toolInput]) el.addEventListener('input', onFilter);
  verdictSelect.addEventListener('change', onFilter);

  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Decisions'),
      h('p', { class: 'muted' }, 'Every tool call an agent asked about, newest first. New ones appear live.'),
    ),
    h(
      'form',
      { class: 'filters', role: 'search', onsubmit: (e: Event) => e.preventDefault() },
      h('label', {}, 'Agent', agentInput),
      h('label', {}, 'Verdict', verdictSelect),
      h('label', {}, 'Tool', toolInput),
    ),
    status,
    list,
    more,
  );
  void load(false);

  const off = ctx.live.on((event) => {
    const approvalId = event.data.approval_id as string | undefined;
    if (approvalId && event.type.startsWith('approval.') && event.type !== 'approval.created') {
      showApproval(approvalId, event.type === 'approval.approved' ? 'approved' : event.type === 'approval.denied' ? 'denied' : 'consumed');
    }
    if (event.type !== 'decision.created') return;
    const d = event.data as DecisionSummary;
    if (shown.has(d.decision_id) || !matches(d)) return;
    shown.add(d.decision_id);
    status.textContent = '';
    list.prepend(row(d, true));
  });
  const ticker = setInterval(() => {
    for (const time of list.querySelectorAll('time')) time.textContent = ago(time.getAttribute('datetime'));
  }, 10_000);
  return () => {
    off();
    clearInterval(ticker);
    if (debounce) clearTimeout(debounce);
  };
};

function stageCard(stage: Stage): HTMLElement {
  const extras: HTMLElement[] = [];
  if (stage.stage === 'trust') {
    const risk = stage.data.action_risk as { class: string; reasons: string[] } | undefined;
    extras.push(
      h(
        'div',
        { class: 'facts' },
        h('span', {}, 'agent state ', trustBadge(stage.data.state ?? null)),
        stage.data.key_state ? h('span', {}, 'key state ', trustBadge(stage.data.key_state)) : null,
        risk ? h('span', {}, riskBadge(risk.class)) : null,
      ),
    );
    if (risk?.reasons?.length)
      extras.push(
        h(
          'div',
          { class: 'sub' },
          h('h4', {}, 'Risk reasons'),
          h(
            'ul',
            { class: 'reasons' },
            risk.reasons.map((r) => h('li', {}, r)),
          ),
        ),
      );
    const injection = stage.data.injection as
      { flagged: boolean; score: number; findings: { rule: string; path: string; excerpt: string }[] } | undefined;
    if (injection) {
      extras.push(
        h(
          'div',
          { class: 'sub injection' },
          h('h4', {}, 'Injection screen'),
          injection.findings.length === 0
            ? h('p', { class: 'muted' }, 'No findings.')
            : [
                h('p', {}, injection.flagged ? `Flagged (score ${injection.score}).` : `Below the threshold (score ${injection.score}).`),
                h(
                  'ul',
                  { class: 'findings' },
                  injection.findings.map((f) =>
                    h('li', {}, h('code', {}, f.rule), ' at ', h('code', {}, f.path), ': ', h('q', {}, f.excerpt)),
                  ),
                ),
              ],
        ),
      );
    }
  }
  return h(
    'li',
    { class: `stage stage-${stage.verdict}`, 'data-stage': stage.stage },
    h(
      'div',
      { class: 'stage-head' },
      h('h3', {}, stage.stage),
      verdictBadge(stage.verdict),
      h('span', { class: 'muted' }, stage.enforcing ? 'enforcing' : 'not enforcing (shadow)'),
    ),
    h('p', { class: 'stage-detail' }, stage.detail),
    extras,
    h('details', { class: 'raw' }, h('summary', {}, 'Stage data'), jsonView(stage.data, `${stage.stage} stage data`)),
  );
}

async function approvalBox(approvalId: string): Promise<HTMLElement> {
  try {
    const a = await api<any>('GET', `/fabric/approvals/${encodeURIComponent(approvalId)}`);
    const who = a.decided_by_key_id
      ? h(
          'p',
          {},
          `${a.status === 'denied' ? 'Denied' : 'Approved'} by `,
          h('strong', { class: 'key-name' }, a.decided_by_key_name ?? a.decided_by_key_id),
          ' ',
          h('code', { class: 'muted' }, `(${a.decided_by_key_id})`),
          ` on ${when(a.decided_at)}`,
          a.note ? [': ', h('q', {}, a.note)] : '.',
        )
      : a.status === 'pending'
        ? h('p', {}, 'Waiting for a human. ', h('a', { href: '#/approvals' }, 'Open the approval queue'))
        : h('p', { class: 'muted' }, `No one decided it (${a.status}).`);
    return h(
      'section',
      { class: 'card', id: 'approval-box' },
      h('h2', {}, 'Approval ', approvalBadge(a.status)),
      h(
        'p',
        { class: 'muted' },
        h('code', {}, a.approval_id),
        ' requested by ',
        h('strong', {}, a.requested_by_key_name ?? a.requested_by_key_id),
        ` ${ago(a.created_at)}`,
      ),
      who,
      a.consumed_by_decision_id
        ? h('p', {}, 'Ran once, as decision ', h('a', { href: `#/decisions/${a.consumed_by_decision_id}` }, a.consumed_by_decision_id), '.')
        : null,
    );
  } catch (error) {
    return h('section', { class: 'card' }, h('h2', {}, 'Approval'), h('p', { class: 'form-error' }, (error as Error).message));
  }
}

export const decisionDetailView: View = (root, _ctx, id) => {
  root.append(h('p', { class: 'muted' }, 'Loading…'));
  let alive = true;
  void (async () => {
    let d: Decision;
    try {
      d = await api<Decision>('GET', `/fabric/decisions/${encodeURIComponent(id!)}`);
    } catch (error) {
      replace(
        root,
        h('p', { class: 'form-error' }, `Decision ${id}: ${(error as Error).message}`),
        h('a', { href: '#/decisions' }, 'Back to decisions'),
      );
      return;
    }
    if (!alive) return;
    const signature = h('div', { class: 'signature pending', id: 'signature', 'data-verified': 'checking' }, 'Checking the signature…');
    replace(
      root,
      h('a', { href: '#/decisions', class: 'back' }, '← All decisions'),
      h(
        'div',
        { class: 'view-head decision-head' },
        h('h1', {}, verdictBadge(d.verdict), ' ', h('span', { class: 'path' }, d.path)),
        h('p', {}, d.detail),
        h(
          'dl',
          { class: 'facts-grid' },
          h('dt', {}, 'Agent'),
          h('dd', {}, d.agent_id),
          h('dt', {}, 'Risk'),
          h('dd', {}, riskBadge(d.risk)),
          h('dt', {}, 'When'),
          h('dd', {}, when(d.created_at)),
          h('dt', {}, 'Decision'),
          h('dd', {}, h('code', {}, d.decision_id)),
          h('dt', {}, 'Key'),
          h('dd', {}, h('code', {}, d.key_id)),
          h('dt', {}, 'Mode'),
          h('dd', {}, d.mode),
          d.trace_id
            ? [h('dt', {}, 'Trace'), h('dd', {}, h('a', { href: `#/traces/${encodeURIComponent(d.trace_id)}` }, d.trace_id))]
            : null,
          d.outcome ? [h('dt', {}, 'Outcome'), h('dd', {}, `${d.outcome.status}${d.outcome.detail ? `: ${d.outcome.detail}` : ''}`)] : null,
          // Issue 13: the injection screen's verdict on the tool result reported with the outcome.
          d.outcome?.result_screen
            ? [
                h('dt', {}, 'Tool result'),
                h(
                  'dd',
                  {},
                  d.outcome.result_screen.flagged
                    ? `FLAGGED as prompt injection (score ${d.outcome.result_screen.score}: ${d.outcome.result_screen.rules.join(', ')}); ${d.outcome.result_screen.action}`
                    : 'screened, nothing found',
                ),
              ]
            : null,
        ),
        signature,
      ),
      h('section', { class: 'card' }, h('h2', {}, 'Stage chain'), h('ol', { class: 'stages' }, d.stages.map(stageCard))),
      d.approval_id ? h('div', { id: 'approval-slot' }) : null,
      h('section', { class: 'card' }, h('h2', {}, 'Arguments'), jsonView(d.payload, 'tool arguments')),
    );
    if (d.approval_id) {
      const box = await approvalBox(d.approval_id);
      if (alive) root.querySelector('#approval-slot')?.replaceWith(box);
    }
    const result = await verifyDecision(d);
    if (!alive) return;
    signature.className = `signature ${result.verified ? 'verified' : 'not-verified'}`;
    signature.dataset.verified = String(result.verified);
    replace(
      signature,
      h('strong', {}, result.verified ? '✓ Signature verified' : '✕ Signature NOT verified'),
      h('span', {}, ` — ${result.detail}`),
      result.covers
        ? h('p', { class: 'small', id: 'signature-covers', 'data-version': String(result.version) }, `It ${result.covers}.`)
        : null,
    );
  })();
  return () => {
    alive = false;
  };
};
