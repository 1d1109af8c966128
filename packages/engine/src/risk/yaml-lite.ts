// A small reader for the YAML that manifests are written in (Kubernetes, compose files): block
// mappings and sequences by indentation, `- key: value` items, flow collections (`[a, "b"]`,
// `{app: web}`), quoted and plain scalars, comments, and `---` between documents. Anchors, tags,
// block scalars (`|`, `>`) beyond their text, and multi-line flow collections are read loosely or
// as text: what it returns is for judging what a manifest does, not a faithful round trip.
// Linear in the text; never throws (an unreadable document gives undefined).

type Value = unknown;

interface Line {
  indent: number;
  text: string;
}

const MAX_TEXT = 256 * 1024;
const MAX_DOCUMENTS = 32;

/** The documents of a YAML text (`---` separated), each as plain objects, arrays and strings. */
export function readYamlDocuments(text: string): Value[] {
  if (text.length > MAX_TEXT) return [];
  const documents: Value[] = [];
  for (const part of text.split(/^---[^\n]*$/m).slice(0, MAX_DOCUMENTS)) {
    const lines = toLines(part);
    if (lines.length === 0) continue;
    try {
      const [value] = readBlock(lines, 0, lines[0].indent);
      documents.push(value);
    } catch {
      // A document this reader cannot follow is skipped; the others still count.
    }
  }
  return documents;
}

function toLines(text: string): Line[] {
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    const stripped = stripComment(raw).replace(/\s+$/, '');
    if (stripped.trim() === '' || stripped.trim() === '...') continue;
    const indent = stripped.length - stripped.trimStart().length;
    lines.push({ indent, text: stripped.trimStart() });
  }
  return lines;
}

/** The line without a ` # comment` outside quotes. */
function stripComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote !== '') {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

/** Reads the block starting at `start` indented `indent`; returns it and the next line index. */
function readBlock(lines: Line[], start: number, indent: number): [Value, number] {
  const first = lines[start];
  if (first.text.startsWith('- ') || first.text === '-') return readSequence(lines, start, indent);
  if (mappingKey(first.text) !== undefined) return readMapping(lines, start, indent);
  return [scalar(first.text), start + 1];
}

function readSequence(lines: Line[], start: number, indent: number): [Value[], number] {
  const items: Value[] = [];
  let i = start;
  while (i < lines.length && lines[i].indent === indent && (lines[i].text.startsWith('- ') || lines[i].text === '-')) {
    const rest = lines[i].text.slice(1).trimStart();
    if (rest === '') {
      if (i + 1 < lines.length && lines[i + 1].indent > indent) {
        const [value, next] = readBlock(lines, i + 1, lines[i + 1].indent);
        items.push(value);
        i = next;
      } else {
        items.push(null);
        i++;
      }
      continue;
    }
    // `- key: value` opens a mapping whose further keys sit at the column after the dash.
    const column = indent + (lines[i].text.length - rest.length);
    if (mappingKey(rest) !== undefined && !rest.startsWith('{') && !rest.startsWith('[')) {
      const inner: Line[] = [{ indent: column, text: rest }];
      let j = i + 1;
      while (j < lines.length && lines[j].indent > indent) inner.push(lines[j++]);
      const [value] = readMapping(inner, 0, column);
      items.push(value);
      i = j;
      continue;
    }
    items.push(scalar(rest));
    i++;
  }
  return [items, i];
}

function readMapping(lines: Line[], start: number, indent: number): [Record<string, Value>, number] {
  const map: Record<string, Value> = {};
  let i = start;
  while (i < lines.length && lines[i].indent === indent) {
    const entry = mappingKey(lines[i].text);
    if (entry === undefined) {
      i++;
      continue;
    }
    const [key, rest] = entry;
    i++;
    if (rest !== '' && !/^[|>][-+]?\d*$/.test(rest)) {
      map[key] = scalar(rest);
      continue;
    }
    // A nested block (deeper, or a sequence at the same column), or a block scalar's lines as text.
    if (i < lines.length && (lines[i].indent > indent || (lines[i].indent === indent && lines[i].text.startsWith('- ')))) {
      if (rest !== '') {
        const body: string[] = [];
        while (i < lines.length && lines[i].indent > indent) body.push(lines[i++].text);
        map[key] = body.join(rest.startsWith('>') ? ' ' : '\n');
        continue;
      }
      const [value, next] = readBlock(lines, i, lines[i].indent);
      map[key] = value;
      i = next;
    } else map[key] = rest === '' ? null : '';
  }
  return [map, i];
}

/** `key: rest` of a mapping line (the key may be quoted), or undefined. */
function mappingKey(text: string): [string, string] | undefined {
  const match = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s"'{[\]#:,-][^:]*?|-[^\s:][^:]*?)\s*:(?:\s+(.*)|$)/.exec(text);
  if (match === null) return undefined;
  return [unquote(match[1]), (match[2] ?? '').trim()];
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return text.slice(1, -1);
    }
  }
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

/** A scalar or a one-line flow collection. */
function scalar(text: string): Value {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const flow = readFlow(trimmed, 0);
    if (flow !== undefined) return flow[0];
  }
  const value = unquote(trimmed);
  if (value !== trimmed) return value;
  if (/^(?:true|True|TRUE|yes|on)$/.test(trimmed)) return true;
  if (/^(?:false|False|FALSE|no|off)$/.test(trimmed)) return false;
  if (/^(?:null|~)$/.test(trimmed)) return null;
  if (/^-?\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

/** Reads a flow collection from `at`; returns it and the index after it, or undefined. */
function readFlow(text: string, at: number): [Value, number] | undefined {
  const open = text[at];
  const close = open === '[' ? ']' : '}';
  const out: Value[] = [];
  const map: Record<string, Value> = {};
  let i = at + 1;
  while (i < text.length) {
    while (text[i] === ' ' || text[i] === ',') i++;
    if (text[i] === close) return [open === '[' ? out : map, i + 1];
    let key: string | undefined;
    if (open === '{') {
      const item = readFlowItem(text, i);
      if (item === undefined) return undefined;
      key = String(item[0]);
      i = item[1];
      while (text[i] === ' ') i++;
      if (text[i] !== ':') return undefined;
      i++;
      while (text[i] === ' ') i++;
    }
    const item = readFlowItem(text, i);
    if (item === undefined) return undefined;
    if (key === undefined) out.push(item[0]);
    else map[key] = item[0];
    i = item[1];
  }
  return undefined;
}

function readFlowItem(text: string, at: number): [Value, number] | undefined {
  const ch = text[at];
  if (ch === '[' || ch === '{') return readFlow(text, at);
  if (ch === '"' || ch === "'") {
    let i = at + 1;
    while (i < text.length && !(text[i] === ch && text[i - 1] !== '\\')) i++;
    return [unquote(text.slice(at, i + 1)), i + 1];
  }
  let i = at;
  while (i < text.length && !/[,\]}]/.test(text[i]) && !(text[i] === ':' && text[i + 1] === ' ')) i++;
  return [scalar(text.slice(at, i)), i];
}
