// Pretty JSON for people checking exactly what an agent wants to do: indented, with long strings
// and big nested values folded behind a toggle so one huge field cannot hide the others.
import { h } from './dom.ts';

const FOLD_STRING = 160;
const FOLD_ITEMS = 20;

function scalar(value: unknown): HTMLElement {
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    if (text.length <= FOLD_STRING) return h('span', { class: 'j-str' }, text);
    return h(
      'details',
      { class: 'j-fold' },
      h(
        'summary',
        {},
        h('span', { class: 'j-str' }, text.slice(0, 80) + '…'),
        h('span', { class: 'j-note' }, ` ${value.length} characters, show all`),
      ),
      h('span', { class: 'j-str j-full' }, text),
    );
  }
  if (typeof value === 'number') return h('span', { class: 'j-num' }, String(value));
  if (typeof value === 'boolean') return h('span', { class: 'j-bool' }, String(value));
  return h('span', { class: 'j-null' }, 'null');
}

function node(value: unknown, depth: number): HTMLElement {
  if (value === null || typeof value !== 'object') return scalar(value);
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray ? (value as unknown[]).map((v, i) => [String(i), v]) : Object.entries(value as object);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return h('span', { class: 'j-punct' }, open + close);
  const lines = entries.map(([key, child], i) =>
    h(
      'div',
      { class: 'j-line' },
      isArray ? null : [h('span', { class: 'j-key' }, JSON.stringify(key)), h('span', { class: 'j-punct' }, ': ')],
      node(child, depth + 1),
      i < entries.length - 1 ? h('span', { class: 'j-punct' }, ',') : null,
    ),
  );
  const body = h('div', { class: 'j-body' }, lines);
  if (entries.length > FOLD_ITEMS || depth >= 4) {
    return h(
      'details',
      { class: 'j-fold' },
      h(
        'summary',
        {},
        h('span', { class: 'j-punct' }, open),
        h('span', { class: 'j-note' }, ` ${entries.length} ${isArray ? 'items' : 'fields'}, show `),
      ),
      body,
      h('span', { class: 'j-punct' }, close),
    );
  }
  return h('span', {}, h('span', { class: 'j-punct' }, open), body, h('span', { class: 'j-punct' }, close));
}

/** A block of pretty JSON; `label` names it for screen readers. */
export function jsonView(value: unknown, label: string): HTMLElement {
  return h('div', { class: 'json', role: 'group', 'aria-label': label }, node(value, 0));
}
