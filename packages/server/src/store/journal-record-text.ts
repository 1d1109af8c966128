// Issue 15: the text a journal entry's content hash covers, `canonicalJson(record)`, written faster
// for a decision's record. Its stages are most of that text (~9 µs of ~13 to canonicalise), and a
// decision's stage list repeats from call to call (same agent, key, tool and outcome), so each list's
// canonical text is kept, keyed by its JSON text (stages-json.ts, which the stored body writes anyway).
//
// INVARIANT: the text equals `canonicalJson(record)`. The rest of the record is written member by
// member exactly as canonicalJson writes an object (keys in code-unit order, `undefined` and
// functions dropped); a record with any other object member takes canonicalJson itself. A kept text
// is canonicalJson of stages with the same JSON text, which is the same text for JSON data (what the
// engine's stages are, and what a stored decision's stages are once read back for verification).
import { canonicalJson, type JournalEntryType, type StageResult } from '@actiongate/engine';
import { stagesJson } from '../stages-json.ts';

/** Stage lists kept at most; past it the map starts over (lists that never repeat hold approval ids or findings). */
const MAX_KEPT = 1024;
const canonicalStages = new Map<string, string>();

/** The canonical JSON text of a journal entry's record. */
export function journalRecordText(type: JournalEntryType, record: object): string {
  return type === 'decision' ? decisionRecordText(record as Record<string, unknown>) : canonicalJson(record);
}

function decisionRecordText(record: Record<string, unknown>): string {
  const stages = record.stages;
  if (!Array.isArray(stages)) return canonicalJson(record);
  const { sorted, quoted } = shapeOf(Object.keys(record));
  let out = '{';
  for (let i = 0; i < sorted.length; i++) {
    const member = record[sorted[i]];
    if (member === undefined || typeof member === 'function') continue;
    let text: string;
    if (member === stages) text = stagesText(stages as StageResult[]);
    else if (typeof member === 'object' && member !== null) return canonicalJson(record);
    else text = canonicalJson(member);
    if (out.length > 1) out += ',';
    out += quoted[i] + text;
  }
  return out + '}';
}

/** A record's keys sorted as canonicalJson sorts them, and each quoted with its colon; decision records come in a few shapes. */
interface Shape {
  keys: string[];
  sorted: string[];
  quoted: string[];
}
const shapes: Shape[] = [];

function shapeOf(keys: string[]): Pick<Shape, 'sorted' | 'quoted'> {
  for (const shape of shapes) if (sameKeys(shape.keys, keys)) return shape;
  const sorted = [...keys].sort();
  const shape = { keys, sorted, quoted: sorted.map((key) => JSON.stringify(key) + ':') };
  if (shapes.length >= 8) shapes.length = 0;
  shapes.push(shape);
  return shape;
}

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function stagesText(stages: readonly StageResult[]): string {
  const json = stagesJson(stages);
  let text = canonicalStages.get(json);
  if (text === undefined) {
    text = flattened(canonicalJson(stages));
    if (canonicalStages.size >= MAX_KEPT) canonicalStages.clear();
    canonicalStages.set(json, text);
  }
  return text;
}

/**
 * Issue 15: canonicalJson's text is a rope of a few hundred pieces; every record hashed around a kept
 * rope walked them all again when the hash flattened the record (perf: 1.5–2.3% of the server's CPU
 * at 16 in flight, mostly cache misses; bench/kept-text-hash.ts: 4.7–11 → 2.8–3.7 µs per record). A
 * copy through UTF-16 bytes is one flat string with the same code units (lone surrogates too; node
 * gives a one-byte string back when every unit fits), made once per list.
 */
function flattened(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}
