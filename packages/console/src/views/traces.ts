// Traces: recent traces, and one trace as a timeline of its decisions and recorded events.
import { api } from '../api.ts';
import { verdictBadge } from '../badges.ts';
import type { View } from '../context.ts';
import { h, replace } from '../dom.ts';
import { ago, when } from '../format.ts';
import { jsonView } from '../json-view.ts';

interface TraceSummary {
  trace_id: string;
  decisions: number;
  events: number;
  first_at: string;
  last_at: string;
}

export const tracesView: View = (root) => {
  const list = h('div', { class: 'rows', id: 'trace-list' });
  const status = h('p', { class: 'muted' });
  const input = h('input', { id: 'trace-id', required: true, maxlength: 200, placeholder: 'trace id' });
  root.append(
    h(
      'div',
      { class: 'view-head' },
      h('h1', {}, 'Traces'),
      h(
        'p',
        { class: 'muted' },
        'Decisions sent with a trace_id, and events recorded with POST /fabric/traces/{trace_id}/events, on one timeline.',
      ),
    ),
    h(
      'form',
      {
        class: 'filters',
        onsubmit: (e: Event) => (e.preventDefault(), (location.hash = `#/traces/${encodeURIComponent(input.value.trim())}`)),
      },
      h('label', {}, 'Open a trace', input),
      h('button', { type: 'submit' }, 'Open'),
    ),
    status,
    list,
  );
  void api<{ traces: TraceSummary[] }>('GET', '/fabric/traces?limit=50')
    .then((body) => {
      status.textContent = body.traces.length ? '' : 'No traces yet.';
      list.replaceChildren(
        ...body.traces.map((t) =>
          h(
            'a',
            { class: 'row', href: `#/traces/${encodeURIComponent(t.trace_id)}` },
            h('span', { class: 'cell cell-main' }, h('span', { class: 'path' }, t.trace_id)),
            h('span', { class: 'cell' }, `${t.decisions} decisions · ${t.events} events`),
            h('time', { class: 'cell cell-time', datetime: t.last_at, title: when(t.last_at) }, ago(t.last_at)),
          ),
        ),
      );
    })
    .catch((error) => (status.textContent = `Could not load traces: ${(error as Error).message}`));
};

export const traceDetailView: View = (root, _ctx, traceId) => {
  root.append(h('p', { class: 'muted' }, 'Loading…'));
  void api<{ items: any[] }>('GET', `/fabric/traces/${encodeURIComponent(traceId!)}`)
    .then((trace) => {
      const start = Date.parse(trace.items[0]?.at ?? new Date().toISOString());
      replace(
        root,
        h('a', { href: '#/traces', class: 'back' }, '← All traces'),
        h(
          'div',
          { class: 'view-head' },
          h('h1', {}, 'Trace ', h('code', {}, traceId!)),
          h('p', { class: 'muted' }, `Started ${when(trace.items[0]?.at)}`),
        ),
        h(
          'ol',
          { class: 'timeline', id: 'timeline' },
          trace.items.map((item) => {
            const offset = h('span', { class: 'offset', title: when(item.at) }, `+${Date.parse(item.at) - start} ms`);
            if (item.type === 'decision') {
              const d = item.decision;
              return h(
                'li',
                { class: 'tl-item tl-decision' },
                offset,
                h(
                  'div',
                  { class: 'tl-body' },
                  h(
                    'p',
                    {},
                    verdictBadge(d.verdict),
                    ' ',
                    h('a', { href: `#/decisions/${d.decision_id}` }, h('span', { class: 'path' }, d.path)),
                    ` — agent ${d.agent_id}`,
                  ),
                  h('p', { class: 'muted' }, d.detail),
                ),
              );
            }
            const e = item.event;
            return h(
              'li',
              { class: 'tl-item tl-event' },
              offset,
              h(
                'div',
                { class: 'tl-body' },
                h(
                  'p',
                  {},
                  h('strong', {}, e.name),
                  ' ',
                  h('span', { class: `badge badge-outline ${e.status === 'OK' ? 'badge-ok' : 'badge-deny'}` }, e.status),
                  ' ',
                  h('span', { class: 'muted' }, `${e.kind} · span ${e.span_id}${e.parent_span_id ? ` ← ${e.parent_span_id}` : ''}`),
                ),
                Object.keys(e.attributes).length ? jsonView(e.attributes, 'attributes') : null,
                e.payload !== null ? h('details', {}, h('summary', {}, 'Payload'), jsonView(e.payload, 'payload')) : null,
              ),
            );
          }),
        ),
      );
    })
    .catch((error) =>
      replace(
        root,
        h('p', { class: 'form-error' }, `Trace ${traceId}: ${(error as Error).message}`),
        h('a', { href: '#/traces' }, 'Back to traces'),
      ),
    );
};
