// Issue 15 (sixteenth session): a lone decision's wall-clock time by segment, from the marks that
// `marks.patch` adds to a scratch copy of the server (process.hrtime at each step, kept in memory,
// written as JSON at exit to the file named by LONE_MARKS). The patch is never committed applied: the
// marks cost a closure call each on the hot path.
//   git apply bench/lone-marks/marks.patch && node packages/server/build.mjs
//   LONE_MARKS=/tmp/marks.json node --import tsx bench/lone-gap-probe.ts --count 400 --gaps 5 --warmup 1000
//   git apply -R bench/lone-marks/marks.patch && node packages/server/build.mjs
//   node --import tsx bench/lone-marks/summary.ts /tmp/marks.json [last N decisions, default 400]
import { readFileSync } from 'node:fs';

const MARKS = [
  'onRequest hook',
  'route handler starts',
  'runDecision queued',
  'flush starts (setImmediate)',
  'decide() + signature done',
  'COMMIT written to the WAL',
  'fdatasync done (its callback on the main thread)',
  'answer() runs',
  'the route resumes',
  'onResponse hook',
  'reply.send() returned (writev done)',
];
const rows = (JSON.parse(readFileSync(process.argv[2], 'utf8')) as number[][])
  .slice(-Number(process.argv[3] ?? 400))
  .filter((row) => row.length === MARKS.length && row.every((mark) => typeof mark === 'number'));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const line = (label: string, from: number, to: number) => {
  const spans = rows.map((row) => (row[to] - row[from]) / 1000);
  console.log(`| ${label} | ${[10, 50, 90].map((p) => percentile(spans, p).toFixed(0)).join(' / ')} |`);
};
console.log(`${rows.length} decisions; µs p10 / p50 / p90\n\n| segment | p10 / p50 / p90 µs |\n|---|---|`);
for (const [from, to] of [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
  [4, 5],
  [5, 6],
  [6, 7],
  [7, 8],
  [8, 10],
])
  line(`${MARKS[from]} → ${MARKS[to]}`, from, to);
line('onRequest → reply written', 0, 10);
