// Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): where the samples fell, by function
// (self time) and by file, and the inclusive time of chosen functions. Usage:
//   node --import tsx bench/profile-summary.ts <file.cpuprofile> [top=25] [fn1,fn2,…] [from-s] [to-s]
// (from-s and to-s: seconds since the profile started, to look at one phase such as a load run)
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  children?: number[];
}

const maps = new Map<string, SourceMap | null>();

/** A frame in a bundle with a linked map (the server runs from packages/server/dist/main.mjs) is named by its .ts source. */
function sourceFrame(frame: ProfileNode['callFrame']): { url: string; lineNumber: number } {
  if (!frame.url.startsWith('file:') || !frame.url.endsWith('.mjs')) return frame;
  let map = maps.get(frame.url);
  if (map === undefined) {
    const file = `${fileURLToPath(frame.url)}.map`;
    map = existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null;
    maps.set(frame.url, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber ?? 0);
  if (!entry || !('originalSource' in entry)) return frame;
  return { url: new URL(entry.originalSource, frame.url).href, lineNumber: entry.originalLine };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and inclusive time per function, self time per file, all in percent of the samples. */
export function summarise(profile: Profile, inclusiveOf: string[] = [], window?: { from: number; to: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfCount = new Map<number, number>();
  let at = 0;
  let total = 0;
  profile.samples.forEach((sample, i) => {
    at += profile.timeDeltas[i];
    if (window && (at < window.from * 1e6 || at >= window.to * 1e6)) return;
    selfCount.set(sample, (selfCount.get(sample) ?? 0) + 1);
    total++;
  });
  const label = (node: ProfileNode) => {
    const frame = sourceFrame(node.callFrame);
    const file = frame.url.replace(/^file:\/\/\/work\/main\//, '').replace(/^file:\/\//, '');
    return `${node.callFrame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
  };
  const selfByFunction = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, count] of selfCount) {
    const node = byId.get(id)!;
    selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + count);
    const file = node.callFrame.url
      ? sourceFrame(node.callFrame)
          .url.replace(/^file:\/\/\/work\/main\//, '')
          .replace(/\/[^/]*$/, '/…')
      : node.callFrame.functionName;
    selfByFile.set(file, (selfByFile.get(file) ?? 0) + count);
    // Inclusive: count the sample once for each named function on its stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)!.callFrame.functionName;
      if (inclusiveOf.includes(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + count);
      }
    }
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => ({ name, percent: (100 * count) / total }));
  return {
    samples: total,
    selfByFunction: top(selfByFunction, 1000),
    selfByDirectory: top(selfByFile, 1000),
    inclusive: inclusiveOf.map((name) => ({ name, percent: (100 * (inclusive.get(name) ?? 0)) / total })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, topArg, fnArg, fromArg, toArg] = process.argv.slice(2);
  const n = Number(topArg ?? 25);
  const window = fromArg !== undefined ? { from: Number(fromArg), to: Number(toArg ?? Infinity) } : undefined;
  const summary = summarise(JSON.parse(readFileSync(file, 'utf8')), fnArg ? fnArg.split(',').filter(Boolean) : [], window);
  console.log(`${summary.samples} samples`);
  console.log('\nself time by function:');
  for (const row of summary.selfByFunction.slice(0, n)) console.log(`  ${row.percent.toFixed(1).padStart(5)}%  ${row.name}`);
  console.log('\nself time by directory:');
  for (const row of summary.selfByDirectory.slice(0, n)) console.log(`  ${row.percent.toFixed(1).padStart(5)}%  ${row.name}`);
  if (summary.inclusive.length) {
    console.log('\ninclusive time:');
    for (const row of summary.inclusive) console.log(`  ${row.percent.toFixed(1).padStart(5)}%  ${row.name}`);
  }
}
