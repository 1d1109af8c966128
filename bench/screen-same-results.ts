// Checks that the injection screen of the working tree answers exactly as a committed one does
// (speed work must not change a verdict, a finding or a bit of a score): both screen the same
// payloads and their results are compared as JSON (numbers print round-trip exact). Texts: every
// row of ../shared/data (injection sets, risk sets' strings), BIPIA's spliced texts, the local
// benign corpus and our own texts of the trainer, the engine test cases, the bench payloads; each
// text screened alone, beside the next text in another field (the joined-strings path), and in
// encoded and cut forms that reach the decoders and the window edges of the learned model; and a
// payload past the size cap (its tail).
//
//   node --import tsx bench/screen-same-results.ts main
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { extractEngine } from './lib/engine-at-commit.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { loadAllExamples } from '../scripts/lib/screen-corpus.ts';
import { bipiaSpliced } from '../scripts/lib/bipia-splice.ts';

type Screen = (payload: unknown) => unknown;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');

/** Every string of every row of the risk sets (commands, SQL, code, summaries). */
function riskStrings(): string[] {
  const out: string[] = [];
  if (!existsSync(dataRoot)) return out;
  for (const set of readdirSync(dataRoot).filter((name) => name.startsWith('risk_'))) {
    const folder = join(dataRoot, set);
    for (const file of readdirSync(folder).sort()) {
      let text: string;
      if (file.endsWith('.jsonl')) text = readFileSync(join(folder, file), 'utf8');
      else if (file.endsWith('.jsonl.gz')) text = gunzipSync(readFileSync(join(folder, file))).toString('utf8');
      else continue;
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        for (const value of Object.values(JSON.parse(line) as Record<string, unknown>))
          if (typeof value === 'string') out.push(value);
          else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') out.push(item);
      }
    }
  }
  return out;
}

function rot(text: string, shift: number): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + shift) % 26) + base);
  });
}

/** Forms of a text that reach the decoders, the normaliser and the learned model's window edges. */
function variants(text: string, i: number): string[] {
  const short = text.slice(0, 600);
  const out = [
    rot(short, 13),
    rot(short, 3),
    [...short].reverse().join(''),
    Buffer.from(short).toString('base64'),
    Buffer.from(short).toString('hex'),
    short.toUpperCase(),
    short.replace(/[a-z]/gi, (c) => `${c}.`),
    short.replace(/e/g, '3').replace(/a/g, '4').replace(/o/g, '0').replace(/i/g, '1'),
    short.replace(/a/g, '\u0430').replace(/ /g, i % 2 === 0 ? '\u200b ' : '\u00a0'),
    `<!-- ${short} -->`,
  ];
  for (const cut of [23, 24, 191, 192, 193, 383, 384, 385, 576, 577, 768, 769]) if (text.length > cut) out.push(text.slice(0, cut));
  return out;
}

function texts(): string[] {
  const { examples } = loadAllExamples(dataRoot, repoRoot);
  const all = [...examples.map((e) => e.text), ...bipiaSpliced(examples).map((e) => e.text), ...riskStrings()];
  return all;
}

function casePayloads(): unknown[] {
  const cases = JSON.parse(readFileSync(join(repoRoot, 'packages/engine/test/cases/injection.json'), 'utf8')) as Array<{
    payload: unknown;
  }>;
  return cases.map((c) => c.payload);
}

function* payloads(all: readonly string[]): Generator<unknown> {
  for (const payload of casePayloads()) yield payload;
  for (const bytes of [300, 1024, 4096, 65536]) for (let seed = 0; seed < 16; seed++) yield payloadOfSize(bytes, seed);
  for (const [i, text] of all.entries()) {
    yield { content: text };
    yield text;
    // Two fields, one nested: the joined-strings path, and a key that is a text.
    yield { subject: all[(i + 1) % all.length].slice(0, 200), body: { parts: [text, 'short id'] }, [text.slice(0, 40)]: 1 };
    if (i % 4 === 0) for (const variant of variants(text, i)) yield { content: variant };
  }
  // Past the size cap: the tail is screened too.
  const big: string[] = [];
  let size = 0;
  for (const text of all) {
    if (size > 300_000) break;
    big.push(text);
    size += text.length;
  }
  yield { items: big };
}

async function main(): Promise<void> {
  const commit = process.argv[2] ?? 'HEAD';
  const dir = extractEngine(repoRoot, commit);
  try {
    const before = (await import(join(dir, 'packages/engine/src/injection/screen-injection.ts'))).screenInjection as Screen;
    const now = (await import('../packages/engine/src/injection/screen-injection.ts')).screenInjection as Screen;
    const all = texts();
    let compared = 0;
    let differ = 0;
    let flagged = 0;
    for (const payload of payloads(all)) {
      compared++;
      const a = JSON.stringify(before(payload));
      const b = JSON.stringify(now(payload));
      if (a.startsWith('{"flagged":true')) flagged++;
      if (a !== b) {
        differ++;
        if (differ <= 10)
          console.log(`DIFFERENT on ${JSON.stringify(payload).slice(0, 160)}\n  ${commit}: ${a.slice(0, 400)}\n  now: ${b.slice(0, 400)}`);
      }
    }
    console.log(`${all.length} texts; ${compared} payloads compared (${flagged} flagged by ${commit}); ${differ} different`);
    if (differ > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
