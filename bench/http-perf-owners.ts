// Issue 15: a `perf record -g` of the server (bench/http-perf-profile.ts) split by who owns the code
// each sample ran: every sample of every thread (main thread, thread pool, V8's helpers, the kernel
// on their behalf) goes to the first owner whose pattern matches a frame of its stack, in the order
// below. Unlike a V8 `--cpu-prof` (wall-clock samples of the main thread, so a hand-off to the thread
// pool shows as the frame that stood while the thread pool took the vCPU), this counts CPU only.
//   perf script -i /tmp/perf.data -F tid,time,ip,sym > /tmp/perf.txt
//   node --import tsx bench/http-perf-owners.ts /tmp/perf.txt [--from seconds] [--us µs-per-decision] [--show owner]
// `--from`: skip the first seconds of the recording; `--us`: the CPU per decision the profile run
// printed, to show each owner in µs; `--show`: the commonest stacks (leaf first) of one owner.
import { readFileSync } from 'node:fs';

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** Owners in priority order (a sample goes to the first that matches any of its frames). */
const OWNERS: Array<[string, RegExp]> = [
  [
    'V8 compiler (background and lazy)',
    /OptimizingCompileDispatcher|PipelineCompilationJob|Maglev|CompileLazy|Compiler::Compile|BaselineBatchCompile/,
  ],
  [
    'garbage collector',
    /Heap::CollectGarbage|Scavenge|MarkCompact|ConcurrentMarking|Sweeper|IncrementalMarking|ArrayBufferSweeper|MinorGC/,
  ],
  ['WAL fdatasync (thread pool)', /fdatasync/],
  // node's one-shot sign, or libsodium's (ed25519-signer.ts; its addon has no frame pointers, so
  // its samples are told by their leaf: the field, group and scalar arithmetic, its SHA-512).
  ['Ed25519 signature', /signOneShot|crypto_sign_|sodium|ed25519Sign|^(fe|ge|sc)25519_|crypto_hash_sha512|SHA512_Transform/],
  ['signed text', /decisionSignedPayload/],
  // The engine is bundled first: its functions sit in the first ~33,000 lines of main.mjs.
  ['engine decide()', /JS:\S*decide file:\S*(main|baseline-\w+)\.mjs:(3[0-2]\d{3}|[12]?\d{1,4}):/],
  ['access line (pino, sonic-boom, its pipe writes)', /sonic-boom|\/pino\/|onResponse|unix_stream_sendmsg/],
  ['store: group commit (statements, packing, journal, COMMIT)', /JS:\S*flush file/],
  [
    'store: after the sync (identity check, events, checkpoint)',
    /JS:\S*(answer|checkIdentity|releaseThrough|checkpoint|checkpointAfterAnswers) file/,
  ],
  ['answer: socket write (kernel)', /do_writev/],
  ['answer: Fastify send, node http', /Reply\.send|onSendEnd|_http_outgoing|_http_server/],
  ['request: body JSON parse', /JsonParse|secure-json-parse/],
  ['request: route, service, hooks, auth, metrics', /(main|baseline-\w+)\.mjs/],
  ['request: node http parser, Fastify routing', /llhttp|Parser::|parserOn|fastify\/|find-my-way/],
  ['socket read (kernel)', /ksys_read|sock_read|tcp_recvmsg/],
  ['event loop, wake-ups, promises', /uv_run|epoll|RunMicrotasks|processTicksAndRejections|futex|eventfd/],
];

interface Sample {
  time: number;
  stack: string[];
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  let current: Sample | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (current) samples.push(current);
      current = null;
    } else if (!line.startsWith('\t')) {
      // A sample's first line (`tid time:`; perf pads short tids with spaces), its frames start with a tab.
      current = { time: Number.parseFloat(line.trim().split(/\s+/)[1]), stack: [] };
    } else if (current) {
      const frame = line.trim();
      current.stack.push(frame.slice(frame.indexOf(' ') + 1));
    }
  }
  if (current) samples.push(current);
  return samples;
}

const ownerOf = (stack: string[]) =>
  OWNERS.find(([, pattern]) => stack.some((frame) => pattern.test(frame)))?.[0] ?? 'other (malloc and frames perf could not walk)';

const all = parse(readFileSync(process.argv[2], 'utf8'));
const from = Number(argOf('--from') ?? 0);
const samples = all.filter((sample) => sample.time - all[0].time >= from);
const us = argOf('--us') === undefined ? null : Number(argOf('--us'));
const counts = new Map<string, number>();
for (const sample of samples) {
  const owner = ownerOf(sample.stack);
  counts.set(owner, (counts.get(owner) ?? 0) + 1);
}
console.log(`${samples.length} samples`);
for (const [owner, count] of [...counts].sort((a, b) => b[1] - a[1])) {
  const share = count / samples.length;
  console.log(
    `${(100 * share).toFixed(1).padStart(5)}%${
      us === null
        ? ''
        : `${Math.round(us * share)
            .toString()
            .padStart(6)} µs`
    }  ${owner}`,
  );
}
const show = argOf('--show');
if (show) {
  const stacks = new Map<string, number>();
  for (const sample of samples) {
    if (ownerOf(sample.stack) !== show) continue;
    const key = sample.stack
      .slice(0, 6)
      .map((frame) => frame.replace(/file:\/\/\/\S*?\/(node_modules|packages)\//, '').slice(0, 60))
      .join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + 1);
  }
  for (const [stack, count] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${((100 * count) / samples.length).toFixed(2).padStart(6)}%  ${stack}`);
}
