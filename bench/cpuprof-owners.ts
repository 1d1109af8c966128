// Issue 15: a V8 `.cpuprofile` of the server (main thread) split by who owns each sample, like
// http-perf-owners.ts does for `perf`. perf names JIT code from `--perf-basic-prof`'s map, which is
// append-only: once V8 moves or frees code and reuses the address, perf may print another
// function's name for it (eighteenth session: engine frames under `defaultJsonParser`, semver's
// `makeSafeRegex` and fast-uri inside the request path), so its JS owners can be wrong. V8's own
// profile names every JS frame rightly; it samples the main thread's wall clock (preemption by the
// thread pool or by other processes counts where it struck), and sees no other thread: read it beside
// bench/inflight-thread-cpu.ts, which gives the main thread's and the other threads' CPU.
//   BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' node --import tsx bench/http-perf-profile.ts --seconds 40
//   node --import tsx bench/cpuprof-owners.ts /tmp/prof/<file>.cpuprofile [from-s] [to-s] [--us µs-per-decision-of-the-main-thread] [--show <owner>]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** A frame as `name file`, the file's last path part. */
const frameName = (node: ProfileNode) => `${node.callFrame.functionName} ${node.callFrame.url.split('/').pop() ?? ''}`;

/** Owners in priority order: a sample goes to the first whose test holds for its stack (leaf first). */
const OWNERS: Array<[string, (stack: string[]) => boolean]> = [
  ['idle', (s) => s[0] === '(idle) '],
  ['garbage collector', (s) => s[0] === '(garbage collector) '],
  ['(program): V8 and node outside JS', (s) => s[0] === '(program) '],
  ['Ed25519 signature', (s) => s.some((f) => /^(crypto_sign_detached|exports\.crypto_sign_detached|signText) /.test(f))],
  // The engine's decide() is the `decide` the service's `compute` calls (the service has a `decide` of its own).
  ['engine decide()', (s) => s.some((f, i) => f.startsWith('decide ') && (s[i + 1] ?? '').startsWith('compute '))],
  ['WAL fdatasync hand-off', (s) => s.some((f) => /^fdatasync /.test(f))],
  [
    'access line (pino, grouped writer)',
    (s) =>
      s.some((f) => /^(LOG|write|flush|send|writeAll) /.test(f) && /pino|proto\.js|tools\.js|main\.mjs/.test(f)) &&
      s.some((f) => /^(LOG|listOnTimeout|wrapper) /.test(f)),
  ],
  [
    'store: SQLite statements (native, inside the group commit)',
    (s) => /^(guarded\.<computed>|run|get|all) /.test(s[0]) && s.some((f) => f.startsWith('flush ')),
  ],
  ['store: BEGIN / COMMIT / savepoints (native)', (s) => s[0].startsWith('sqliteTransaction ')],
  [
    'store: journal entry (record text, hashes, chain)',
    (s) => s.some((f) => f.startsWith('append ')) && s.some((f) => f.startsWith('flush ')),
  ],
  ['store: decision row (values, packed body)', (s) => s.some((f) => /^(insertDecision|decisionInsertValues|encodeDecisionBody) /.test(f))],
  ['store: the service compute less decide() and the signature', (s) => s.some((f) => f.startsWith('compute '))],
  ['store: rest of the group commit (reads, agent/key/event rows, loop)', (s) => s.some((f) => f.startsWith('flush '))],
  ['answer: socket write (writev)', (s) => s.some((f) => /^writev /.test(f))],
  [
    'answer: Fastify send, node http',
    (s) => s.some((f) => /^(Reply\.send|onSendEnd|writePayload|end|_storeHeader|writeHead) /.test(f) && /reply\.js|_http_/.test(f)),
  ],
  [
    'request: body read and JSON parse',
    (s) => s.some((f) => /^(_parse|defaultJsonParser|rawBody) /.test(f)) && !s.some((f) => /^(preValidationCallback|handler) /.test(f)),
  ],
  ['request: validation', (s) => s.some((f) => /^validate/.test(f))],
  ['request: headers, routing, onRequest hooks, auth', (s) => s.some((f) => f.startsWith('parserOnHeadersComplete '))],
  [
    'request: route handler and service before the enqueue',
    (s) => s.some((f) => /^(preHandlerCallback|preValidationCallback|handler) /.test(f)),
  ],
  [
    'timers, immediates, ticks (other)',
    (s) => s.some((f) => /^(processTimers|processImmediate|processTicksAndRejections|listOnTimeout) /.test(f)),
  ],
];

const args = process.argv.slice(2).filter((a, i, all) => !['--us', '--show'].includes(a) && !['--us', '--show'].includes(all[i - 1]));
const usAt = process.argv.indexOf('--us');
const usPerDecision = usAt > 0 ? Number(process.argv[usAt + 1]) : null;
const [file, fromArg, toArg] = args;
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
};
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const from = Number(fromArg ?? 0) * 1e6;
const to = Number(toArg ?? Infinity) * 1e6;
const show = process.argv.indexOf('--show') > 0 ? process.argv[process.argv.indexOf('--show') + 1] : null;
const shown = new Map<string, number>();
const counts = new Map<string, number>();
let total = 0;
let busy = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t - profile.startTime < from || t - profile.startTime > to) continue;
  const stack: string[] = [];
  for (let at: number | undefined = profile.samples[i]; at !== undefined; at = parent.get(at)) stack.push(frameName(byId.get(at)!));
  const owner = OWNERS.find(([, test]) => test(stack))?.[0] ?? 'other';
  counts.set(owner, (counts.get(owner) ?? 0) + 1);
  total++;
  if (owner !== 'idle') busy++;
  if (owner === show) {
    const key = stack.slice(0, 5).join(' < ');
    shown.set(key, (shown.get(key) ?? 0) + 1);
  }
}
console.log(`${total} samples, ${busy} not idle; shares of the samples that are not idle`);
for (const [owner, count] of [...counts].sort((a, b) => b[1] - a[1])) {
  if (owner === 'idle') continue;
  const share = count / busy;
  const us =
    usPerDecision === null
      ? ''
      : `${Math.round(share * usPerDecision)
          .toString()
          .padStart(6)} µs`;
  console.log(`${(100 * share).toFixed(1).padStart(5)}%${us}  ${owner}`);
}
if (show)
  for (const [stack, count] of [...shown].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`${((100 * count) / busy).toFixed(2).padStart(6)}%  ${stack}`);
