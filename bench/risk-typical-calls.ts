// classifyRisk CPU per everyday call of about 300 B (HTTP post, file read, shell, small payment,
// chat message, SQL select) in two trees, interleaved in one process: 15 rounds of 6,000 calls each,
// a fresh `request_id` per call so no memo answers from cache. Prints min and median per tree.
//
//   node --import tsx bench/risk-typical-calls.ts /path/to/other/worktree
import { join, resolve } from 'node:path';
import { classifyRisk as current } from '../packages/engine/src/risk/classify-risk.ts';
import { TYPICAL_CALLS as typical } from './lib/typical-risk-calls.ts';

type Classify = typeof current;
const other = resolve(process.argv[2] ?? '../main');
const before = (await import(join(other, 'packages/engine/src/risk/classify-risk.ts'))).classifyRisk as Classify;

let serial = 0;
function cpuPerCall(classify: Classify, count: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const call = typical[i % typical.length];
    classify({ path: call.path, payload: { ...call.payload, request_id: `r-${serial++}` } });
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
cpuPerCall(before, 3000);
cpuPerCall(current, 3000);
const a: number[] = [];
const b: number[] = [];
for (let round = 0; round < 15; round++) {
  a.push(cpuPerCall(before, 6000));
  b.push(cpuPerCall(current, 6000));
}
const [minA, minB] = [Math.min(...a), Math.min(...b)];
console.log(`classifyRisk, µs CPU per typical ~300 B call (${other} / this tree)`);
console.log(
  `min ${minA.toFixed(2)} / ${minB.toFixed(2)} (x${(minB / minA).toFixed(3)}); median ${median(a).toFixed(2)} / ${median(b).toFixed(2)} (x${(median(b) / median(a)).toFixed(3)})`,
);
