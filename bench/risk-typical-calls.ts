// classifyRisk CPU per everyday call of about 300 B (HTTP post, file read, shell, small payment,
// chat message, SQL select) in two trees, interleaved in one process: 15 rounds of 6,000 calls each,
// a fresh `request_id` per call so no memo answers from cache. Prints min and median per tree.
//
//   node --import tsx bench/risk-typical-calls.ts /path/to/other/worktree
import { join, resolve } from 'node:path';
import { classifyRisk as current } from '../packages/engine/src/risk/classify-risk.ts';

type Classify = typeof current;
const other = resolve(process.argv[2] ?? '../main');
const before = (await import(join(other, 'packages/engine/src/risk/classify-risk.ts'))).classifyRisk as Classify;

const typical: Array<{ path: string; payload: Record<string, unknown> }> = [
  {
    path: '/tools/http_request',
    payload: {
      method: 'POST',
      url: 'https://api.example.com/v1/tickets',
      body: { title: 'Checkout page slow on mobile', priority: 'p2', labels: ['perf', 'web'], assignee: 'ana' },
      headers: { 'content-type': 'application/json' },
    },
  },
  {
    path: '/tools/read_file',
    payload: {
      path: 'packages/server/src/routes/decisions.ts',
      start_line: 120,
      end_line: 220,
      encoding: 'utf8',
      reason: 'how a timeout is answered',
    },
  },
  {
    path: '/tools/shell',
    payload: { command: 'git log --oneline -n 20 -- packages/engine/src/risk && npm run test -- --grep classifier', cwd: '/srv/app' },
  },
  {
    path: '/tools/payments/create',
    payload: { amount: 42.5, currency: 'EUR', payee: 'supplier-118', memo: 'office supplies, order 7731', method: 'sepa' },
  },
  {
    path: '/tools/slack/post_message',
    payload: { channel: '#team-web', text: 'Deploy of web finished, error rate back to 0.1%. Thanks all for the quick rollback.' },
  },
  {
    path: '/tools/sql/query',
    payload: { sql: "SELECT id, status, total FROM orders WHERE customer_id = 4411 AND created_at > now() - interval '30 days' LIMIT 50" },
  },
];

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
