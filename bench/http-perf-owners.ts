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
import { ownerOf } from './lib/perf-owners.ts';

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

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
