// Which regular expressions the injection screen runs per call, and roughly how long they take: every
// `exec` (and so every `test`, `match`, `search`, `replace` and `matchAll`) is counted by source during
// a pass of screenInjection over decision payloads (the latency bench's ~300 B call) or the bare rows
// of pi_bipia and pi_notinject_injecguard. A gate expression that runs about once per text is one the
// shared key-word pass does not answer (word-gates.ts): the first place to look for a cheaper gate.
// Times are wall time around each run (a busy machine inflates a few at random: read the run counts
// first, and the times only where they agree between runs).
//
//   node --import tsx bench/screen-expression-runs.ts decision|rows [top=40]
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenInjection } from '../packages/engine/src/injection/screen-injection.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { dataRows } from './lib/screen-rows.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const which = process.argv[2] ?? 'decision';
const top = Number(process.argv[3] ?? 40);

const template = JSON.stringify(payloadOfSize(230));
const inputs: unknown[] =
  which === 'decision'
    ? Array.from({ length: 64 }, (_, i) => JSON.parse(template.replace('req-00000000', `run-${i}`)) as unknown)
    : dataRows(dataRoot).map((text) => ({ content: text }));
// Warm: the first calls compile the expressions and build the key-word pass.
for (const payload of inputs) screenInjection(payload);

const runs = new Map<string, { count: number; ns: number }>();
const exec = RegExp.prototype.exec;
let counting = false;
RegExp.prototype.exec = function (this: RegExp, text: string): RegExpExecArray | null {
  if (!counting) return exec.call(this, text);
  counting = false;
  const started = process.hrtime.bigint();
  const match = exec.call(this, text);
  const ns = Number(process.hrtime.bigint() - started);
  const key = `/${this.source.slice(0, 100)}/${this.flags}`;
  const entry = runs.get(key) ?? { count: 0, ns: 0 };
  entry.count++;
  entry.ns += ns;
  runs.set(key, entry);
  counting = true;
  return match;
};
counting = true;
for (const payload of inputs) screenInjection(payload);
counting = false;
RegExp.prototype.exec = exec;

console.log(`screenInjection over ${inputs.length} ${which} payloads: expression runs per call, µs per call (wall)\n`);
for (const [source, { count, ns }] of [...runs].sort((a, b) => b[1].ns - a[1].ns).slice(0, top))
  console.log(`${(count / inputs.length).toFixed(2).padStart(7)} ${(ns / inputs.length / 1000).toFixed(2).padStart(8)}  ${source}`);
