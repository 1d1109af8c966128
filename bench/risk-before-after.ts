// classifyRisk cost before and after a change, in one process: two trees' classifiers run
// interleaved on the same inputs, CPU time per KB of payload JSON, best of 5 rounds.
//
//   node --import tsx bench/risk-before-after.ts /path/to/other/worktree
//
// Inputs: the engine bench's payloads (300 B, 1, 4, 64 KB to `/tools/search_documents`), the shell
// commands of the public risk data sets when present, and the red-team probe table.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { payloadOfSize } from './lib/payloads.ts';
import { TYPICAL_CALLS } from './lib/typical-risk-calls.ts';
import { classifyRisk as current } from '../packages/engine/src/risk/classify-risk.ts';

type Classify = typeof current;
type Input = { path: string; payload: unknown };

const other = resolve(process.argv[2] ?? '../main');
const before = (await import(join(other, 'packages/engine/src/risk/classify-risk.ts'))).classifyRisk as Classify;

const sets: Array<[string, Input[]]> = [];
for (const [label, bytes] of [
  ['bench payloads 300 B', 300],
  ['bench payloads 1 KB', 1024],
  ['bench payloads 4 KB', 4096],
  ['bench payloads 64 KB', 65536],
] as Array<[string, number]>) {
  sets.push([
    label,
    Array.from({ length: bytes > 8192 ? 16 : 64 }, (_, i) => ({ path: '/tools/search_documents', payload: payloadOfSize(bytes, i) })),
  ]);
}
sets.push(['typical ~300 B calls', [...TYPICAL_CALLS]]);
const data = resolve('../shared/data/risk_shell_gtfobins_harmless/shell_commands_flat_labelled.jsonl');
if (existsSync(data)) {
  const rows = readFileSync(data, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { command: string });
  sets.push(['gtfobins + harmless shell rows', rows.map((row) => ({ path: '/tools/shell', payload: { command: row.command } }))]);
}
const probes = JSON.parse(readFileSync(new URL('../packages/engine/test/cases/risk-adversarial.json', import.meta.url), 'utf8')) as Input[];
sets.push(['red-team probe table', probes.map((probe) => ({ path: probe.path, payload: probe.payload }))]);

function cpuPerKb(classify: Classify, inputs: Input[], kb: number, repeat: number): number {
  const start = process.cpuUsage();
  for (let r = 0; r < repeat; r++) for (const input of inputs) classify(input);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (kb * repeat);
}

console.log('classifyRisk, µs CPU per KB of payload JSON (best of 5 interleaved rounds)\n');
console.log(`${'input'.padEnd(34)}${'before'.padStart(10)}${'after'.padStart(10)}`);
for (const [label, inputs] of sets) {
  const kb = inputs.reduce((sum, input) => sum + JSON.stringify(input.payload).length, 0) / 1024;
  const repeat = Math.max(1, Math.round(2000 / kb));
  let a = Infinity;
  let b = Infinity;
  // Memoised parsers answer repeats from cache in both trees alike; the first pass warms them.
  cpuPerKb(before, inputs, kb, 1);
  cpuPerKb(current, inputs, kb, 1);
  for (let round = 0; round < 5; round++) {
    a = Math.min(a, cpuPerKb(before, inputs, kb, repeat));
    b = Math.min(b, cpuPerKb(current, inputs, kb, repeat));
  }
  console.log(`${label.padEnd(34)}${a.toFixed(2).padStart(10)}${b.toFixed(2).padStart(10)}`);
}
