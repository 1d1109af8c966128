// The injection screen's cost per KB now and at earlier commits, measured side by side in one
// process (rounds interleaved, so a busy machine slows every version alike) as CPU time of the
// process, best of the rounds. Each commit's packages/engine is extracted with `git archive` into
// a temporary directory that borrows this tree's node_modules. Inputs: the engine bench's payloads
// (bench/lib/payloads.ts: a search call and lists of short documents), and, when ../shared/data
// is present, the bare rows of pi_bipia and pi_notinject_injecguard (e-mails, code answers,
// tables, prose), each as `{ content: text }`, and the same rows as lists of ~4 KB of documents (the
// bench payloads' documents repeat five sentences, which a payload screens once; these do not
// repeat). Per KB of payload JSON and per call.
//
//   node --import tsx bench/screen-before-after.ts b98ebc1 a83805a
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractEngine } from './lib/engine-at-commit.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { dataRows, rowsAsLists } from './lib/screen-rows.ts';

type Screen = (payload: unknown) => { flagged: boolean };

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const ROUNDS = 5;

async function main(): Promise<void> {
  const commits = process.argv.slice(2);
  const dirs = commits.map((commit) => extractEngine(repoRoot, commit));
  try {
    const versions: Array<{ name: string; screen: Screen }> = [];
    for (const [i, commit] of commits.entries()) {
      const mod = await import(join(dirs[i], 'packages/engine/src/injection/screen-injection.ts'));
      versions.push({ name: commit, screen: mod.screenInjection });
    }
    const current = await import('../packages/engine/src/injection/screen-injection.ts');
    versions.push({ name: 'working tree', screen: current.screenInjection });

    const inputs: Array<{ label: string; payloads: unknown[]; kb: number; repeat: number }> = [];
    for (const bytes of [300, 1024, 4096, 65536]) {
      const payloads = Array.from({ length: 64 }, (_, i) => payloadOfSize(bytes, i));
      const kb = payloads.reduce<number>((sum, p) => sum + JSON.stringify(p).length, 0) / 1024;
      inputs.push({ label: `bench payloads ${bytes} B`, payloads, kb, repeat: Math.max(1, Math.round(4096 / bytes)) * 4 });
    }
    const rows = dataRows(dataRoot);
    if (rows.length > 0) {
      const kb = rows.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / 1024;
      inputs.push({ label: `bipia + notinject rows (${rows.length})`, payloads: rows.map((text) => ({ content: text })), kb, repeat: 1 });
      const lists = rowsAsLists(rows);
      const listKb = lists.reduce<number>((sum, p) => sum + JSON.stringify(p).length, 0) / 1024;
      inputs.push({ label: `the rows as ~4 KB lists (${lists.length})`, payloads: lists, kb: listKb, repeat: 1 });
    } else console.log(`(no data under \`${dataRoot}\`: the data rows are skipped)`);

    const best = new Map<string, number>();
    const bestPerCall = new Map<string, number>();
    // Warm every version on every input first: the first calls compile expressions and load the model.
    for (const { screen } of versions) for (const input of inputs) for (const p of input.payloads) screen(p);
    for (let round = 0; round < ROUNDS; round++) {
      for (const input of inputs) {
        for (const { name, screen } of versions) {
          const before = process.cpuUsage();
          for (let r = 0; r < input.repeat; r++) for (const p of input.payloads) screen(p);
          const used = process.cpuUsage(before);
          const perKb = (used.user + used.system) / input.repeat / input.kb;
          const key = `${input.label}\u0000${name}`;
          best.set(key, Math.min(best.get(key) ?? Infinity, perKb));
          const perCall = (used.user + used.system) / input.repeat / input.payloads.length;
          bestPerCall.set(key, Math.min(bestPerCall.get(key) ?? Infinity, perCall));
        }
      }
    }
    for (const [title, table] of [
      ['µs CPU per KB of payload JSON', best],
      ['µs CPU per call (per payload)', bestPerCall],
    ] as const) {
      console.log(`screenInjection, ${title} (best of ${ROUNDS} interleaved rounds)\n`);
      console.log(['input'.padEnd(34), ...versions.map((v) => v.name.padStart(14))].join(' '));
      for (const input of inputs) {
        console.log(
          [input.label.padEnd(34), ...versions.map((v) => table.get(`${input.label}\u0000${v.name}`)!.toFixed(1).padStart(14))].join(' '),
        );
      }
      console.log('');
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
