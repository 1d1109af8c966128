// How the injection screen holds up when the red-team rows (packages/engine/test/cases/screen-adversarial.json)
// are hidden programmatically (scripts/lib/screen-transforms.ts): Caesar with a random shift, Atbash,
// reversed, random leetspeak maps, look-alike letters, full-width forms, invisible characters,
// letters split by random separators, one text split over fields under random key names, the
// fields as JSON inside a string, HTML comments and made-up tags in a benign carrier; and
// generated exfiltration links (scripts/lib/exfil-link-rows.ts). Benign rows get the same
// transforms: an encoded benign text must stay unflagged. Deterministic (seeded).
//
// Per transform: recall on attacks, "kept" (of the attacks caught plain, the share still caught
// transformed; the plain figure is in-sample for the learned model, the transformed one is not
// tuned on), FPR on benign rows, and the screen's CPU time per KB of transformed text.
//
//   node --import tsx scripts/eval-screen-transforms.ts [--misses N] [--only NAME] [--root DIR]
//
// --root screens with the engine of another checkout (a worktree of main), for before/after figures.

import { resolve } from 'node:path';
import type { screenInjection as ScreenInjection } from '../packages/engine/src/injection/screen-injection.ts';
import { probes } from '../packages/engine/test/support/screen-probes.ts';
import { exfilLinkRows } from './lib/exfil-link-rows.ts';
import {
  atbash,
  caesar,
  caesarInCarrier,
  fullWidth,
  homoglyphs,
  htmlComment,
  jsonInString,
  leet,
  madeUpTag,
  mapStrings,
  mixedLookAlikes,
  randomOf,
  reversed,
  seedOf,
  separated,
  splitFields,
  textOf,
  zeroWidth,
  type Random,
} from './lib/screen-transforms.ts';

const args = process.argv.slice(2);
const missesArg = args.indexOf('--misses');
const SHOW = missesArg >= 0 ? Number(args[missesArg + 1]) : 0;
const onlyArg = args.indexOf('--only');
const ONLY = onlyArg >= 0 ? args[onlyArg + 1] : undefined;
const rootArg = args.indexOf('--root');
const engineRoot = rootArg >= 0 ? resolve(args[rootArg + 1]) : resolve(import.meta.dirname, '..');
const { screenInjection } = (await import(resolve(engineRoot, 'packages/engine/src/injection/screen-injection.ts'))) as {
  screenInjection: typeof ScreenInjection;
};
console.log(`engine: ${engineRoot}`);

interface Row {
  index: number;
  flag: boolean;
  family: string;
  payload: unknown;
}

// Padded rows (past the size cap) are left out: they measure the cap, not a transform.
const rows: Row[] = probes
  .map((probe, index) => ({ index, flag: probe.expect === 'flag', family: probe.family, payload: probe.payload, pad: probe.pad }))
  .filter((row) => row.pad === undefined)
  .map(({ index, flag, family, payload }) => ({ index, flag, family, payload }));

// Rows already encoded (hex, base64, ROT13, …): a letter cipher over them destroys their payload
// rather than hides it, so the character transforms leave them out.
const ALREADY_ENCODED = /encod|hex|b64|rot13|leet|split|revers|zero_width|homoglyph/;

const flagged = (payload: unknown): boolean => screenInjection(payload).flagged;
const plainCaught = new Map<number, boolean>(rows.map((row) => [row.index, flagged(row.payload)]));

// Carriers for the hiding places: benign strings the screen passes plain, of tool-output length.
const carriers = rows
  .filter((row) => !row.flag && typeof row.payload === 'string' && row.payload.length >= 80 && row.payload.length <= 1500)
  .map((row) => row.payload as string)
  .filter((text) => !flagged(text));

/** A transform, or undefined where it does not apply to the row. */
type Transform = (row: Row, random: Random) => unknown;
const carrierFor = (row: Row, random: Random): string => {
  let carrier = carriers[Math.floor(random() * carriers.length)];
  if (carrier === row.payload) carrier = carriers[(carriers.indexOf(carrier) + 1) % carriers.length];
  return carrier;
};
const onStrings =
  (map: (text: string, random: Random) => string): Transform =>
  (row, random) =>
    ALREADY_ENCODED.test(row.family) ? undefined : mapStrings(row.payload, (text) => map(text, random));
// Structure and carriers take the row's text whole (an object row's strings joined).
const onText =
  (make: (text: string, random: Random, row: Row) => unknown): Transform =>
  (row, random) =>
    make(textOf(row.payload), random, row);

const TRANSFORMS: Array<[string, Transform]> = [
  ['caesar (random shift)', onStrings(caesar)],
  ['atbash', onStrings((text) => atbash(text))],
  ['reversed', onStrings((text) => reversed(text))],
  ['leetspeak (random map)', onStrings(leet)],
  ['look-alike letters', onStrings(homoglyphs)],
  ['full-width', onStrings((text) => fullWidth(text))],
  ['invisible characters', onStrings((text, random) => zeroWidth(text, random))],
  ['leet+look-alike+invisible', onStrings(mixedLookAlikes)],
  ['split letters (random sep)', onStrings(separated)],
  ['split over fields', onText((text, random) => splitFields(text, random))],
  ['fields as JSON in a string', onText((text, random) => jsonInString(text, random))],
  ['HTML comment in carrier', onText((text, random, row) => htmlComment(text, carrierFor(row, random), random))],
  ['made-up tag in carrier', onText((text, random, row) => madeUpTag(text, carrierFor(row, random), random))],
  ['caesar line in carrier', onText((text, random, row) => caesarInCarrier(text, carrierFor(row, random), random))],
];

const pct = (part: number, whole: number): string => (whole === 0 ? '   n/a' : `${((100 * part) / whole).toFixed(1).padStart(5)}%`);
const oneLine = (payload: unknown): string => {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 150 ? `${flat.slice(0, 149)}…` : flat;
};

/** CPU microseconds of screening `payload`, and whether it was flagged. */
function timed(payload: unknown): { flagged: boolean; micros: number } {
  const start = process.cpuUsage();
  const result = screenInjection(payload).flagged;
  const used = process.cpuUsage(start);
  return { flagged: result, micros: used.user + used.system };
}

console.log('transform                        attacks  recall   kept  | benign  FPR    | µs/KB');
const plainAttacks = rows.filter((row) => row.flag);
const plainBenign = rows.filter((row) => !row.flag);
console.log(
  `${'(plain, in-sample)'.padEnd(32)} ${String(plainAttacks.length).padStart(6)} ${pct(plainAttacks.filter((row) => plainCaught.get(row.index)).length, plainAttacks.length)}        | ${String(plainBenign.length).padStart(6)} ${pct(plainBenign.filter((row) => plainCaught.get(row.index)).length, plainBenign.length)} |`,
);
for (const [name, transform] of TRANSFORMS) {
  if (ONLY !== undefined && !name.includes(ONLY)) continue;
  let caught = 0;
  let kept = 0;
  let plainHits = 0;
  let falsePositives = 0;
  let micros = 0;
  let chars = 0;
  const misses: string[] = [];
  const wrongs: string[] = [];
  let attacks = 0;
  let benign = 0;
  for (const row of rows) {
    const payload = transform(row, randomOf(seedOf(name, row.index)));
    if (payload === undefined) continue;
    if (row.flag) attacks++;
    else benign++;
    const result = timed(payload);
    micros += result.micros;
    chars += textOf(payload).length;
    if (row.flag) {
      if (result.flagged) caught++;
      if (plainCaught.get(row.index)) {
        plainHits++;
        if (result.flagged) kept++;
        else if (misses.length < SHOW) misses.push(`    MISS ${oneLine(payload)}`);
      }
    } else if (result.flagged) {
      falsePositives++;
      if (wrongs.length < SHOW) wrongs.push(`    FP   ${oneLine(payload)}`);
    }
  }
  console.log(
    `${name.padEnd(32)} ${String(attacks).padStart(6)} ${pct(caught, attacks)} ${pct(kept, plainHits)} | ${String(benign).padStart(6)} ${pct(falsePositives, benign)} | ${((micros * 1024) / chars).toFixed(0).padStart(5)}`,
  );
  for (const line of [...misses, ...wrongs]) console.log(line);
}

if (ONLY === undefined || 'exfil'.includes(ONLY)) {
  const { attacks, benign } = exfilLinkRows(200);
  const caught = attacks.filter(flagged);
  const wrong = benign.filter(flagged);
  console.log(
    `${'exfil links (generated)'.padEnd(32)} ${String(attacks.length).padStart(6)} ${pct(caught.length, attacks.length)}        | ${String(benign.length).padStart(6)} ${pct(wrong.length, benign.length)} |`,
  );
  for (const text of attacks.filter((text) => !flagged(text)).slice(0, SHOW)) console.log(`    MISS ${oneLine(text)}`);
  for (const text of wrong.slice(0, SHOW)) console.log(`    FP   ${oneLine(text)}`);
}
