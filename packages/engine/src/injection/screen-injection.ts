// The prompt-injection screen: a pure function from a tool-call payload to a score, a verdict and
// the evidence. It reads every string of the payload (keys included), undoes obfuscation, decodes
// hidden fragments and combines the weighted signals of the detectors. It never throws: an internal
// error flags the payload (an error is a finding, as in the rest of the engine).

import { combineSignals } from './combine-signals.ts';
import { cueWindows, type TextWindow } from './cue-windows.ts';
import { isControlBlockField } from './control-block-settings.ts';
import { keepLearnedFeatures } from './learned-screen.ts';
import { isForgedSystemMessage } from './forged-turn-order.ts';
import { isModelAddressedOrder, MODEL_KEY_HINT } from './model-addressed-field.ts';
import { isPlannedRiskyCall } from './planned-call-field.ts';
import { catalogParts, isMessageCatalog, isSpeakerField } from './record-voices.ts';
import { isTrivial, screenText, type TextHit } from './screen-text.ts';
import { isLabel } from './name-tokens.ts';
import { isShortWordValue, splitWordOrder } from './short-word-pieces.ts';
import { insideTestCase } from './test-case-record.ts';
import { stringPath, walkPayload, type Container } from './walk-strings.ts';

/** One piece of evidence: which detector, where in the payload, and a short quotation. */
export interface InjectionFinding {
  rule: string;
  /** Field path such as `body`, `messages[2].content`, `$` for a bare string, `….<key>` for a key. */
  path: string;
  /** At most 120 characters of the (normalised or decoded) text. */
  excerpt: string;
}

export interface InjectionScreenResult {
  flagged: boolean;
  /** 0..1; combined strength of the evidence. */
  score: number;
  findings: InjectionFinding[];
}

export interface InjectionScreenOptions {
  /** Score at or above which the payload is flagged; default 0.5. */
  threshold?: number;
}

export const DEFAULT_THRESHOLD = 0.5;
/** Characters of string content screened; the rest is reported, not read. */
export const MAX_SCREENED_CHARS = 256 * 1024;
export const MAX_DEPTH = 64;
const MAX_NODES = 100_000;
const MAX_FINDINGS = 50;
// A payload that could not be read whole is suspicious, but not enough to flag on its own.
const LIMIT_WEIGHT = 0.3;
const MODEL_FIELD_WEIGHT = 0.6;

const WALK_OPTIONS = { maxBytes: MAX_SCREENED_CHARS, maxDepth: MAX_DEPTH, maxNodes: MAX_NODES };
/** Characters at the end of an over-large payload screened too: padding does not hide a tail. */
export const TAIL_CHARS = 16 * 1024;
/** Characters of the joined strings screened as one text (an instruction split across fields). */
const MAX_JOINED_CHARS = 32 * 1024;
const JOINED_PATH = '$(strings joined)';
/** A first string to join up to this long has its learned features kept (see the walk below). */
const FIRST_KEPT_CHARS = 256;
/** A string at least this long is also read in windows around its strongest cues (cue-windows.ts). */
export const WINDOWED_CHARS = 2048;
/** Characters of cue windows screened per payload, at most: what bounds their cost. */
export const MAX_WINDOW_CHARS = 8 * 1024;

// The strings of the payload in document order, joined by line feeds, walked without a byte budget.
function allStringsOf(payload: unknown): string {
  const parts: string[] = [];
  walkPayload(payload, { maxBytes: Number.MAX_SAFE_INTEGER, maxDepth: MAX_DEPTH, maxNodes: MAX_NODES * 10 }, (text) => {
    parts.push(text);
  });
  return parts.join('\n');
}

/**
 * Screens the cue windows of `text` (cue-windows.ts) alone, within what is left of `budget`
 * characters, and reports the hits of each window that would be flagged on its own: a window is
 * read to find an order its document hides, not to add weak evidence from one part to another's.
 * Returns what is left of the budget.
 */
function screenCueWindows(evidence: Evidence, text: string, windows: readonly TextWindow[], path: () => string, budget: number): number {
  for (const { start, end } of windows) {
    if (end - start > budget) break;
    budget -= end - start;
    const hits = screenText(text.slice(start, end));
    if (hits.length === 0 || combineSignals(hits) < DEFAULT_THRESHOLD) continue;
    const at = `${path()}(window ${start})`;
    for (const hit of hits) evidence.report(hit.rule, hit.detector, hit.weight, at, hit.excerpt);
  }
  return budget;
}

// The last `chars` characters of the payload's strings, in document order, walked without a byte
// budget (walking is cheap; screening is not).
function tailOf(payload: unknown, chars: number): string {
  const parts: string[] = [];
  let kept = 0;
  walkPayload(payload, { maxBytes: Number.MAX_SAFE_INTEGER, maxDepth: MAX_DEPTH, maxNodes: MAX_NODES * 10 }, (text) => {
    parts.push(text);
    kept += text.length;
    while (parts.length > 1 && kept - parts[0].length >= chars) kept -= parts.shift()!.length;
  });
  const joined = parts.join('\n');
  return joined.slice(Math.max(0, joined.length - chars));
}

/** The strings whose join by line feeds, cut to `max` characters, is the join of the pieces (the last may be cut). */
function piecesOf(strings: readonly string[], max: number): readonly string[] {
  const pieces: string[] = [];
  let at = 0;
  for (const string of strings) {
    if (at + string.length >= max) {
      pieces.push(string.slice(0, max - at));
      break;
    }
    pieces.push(string);
    at += string.length + 1;
  }
  return pieces;
}

/** The weighted signals of one payload, and its findings: one per rule and path, 50 at most. */
export class Evidence {
  readonly weighted: Array<{ rule: string; detector: string; weight: number }> = [];
  readonly findings: InjectionFinding[] = [];
  // Made at the first report: most payloads have none.
  #reported: Set<string> | undefined;

  report(rule: string, detector: string, weight: number, path: string, excerpt: string): void {
    this.weighted.push({ rule, detector, weight });
    const key = `${rule}\u0000${path}`;
    this.#reported ??= new Set<string>();
    if (this.#reported.has(key) || this.findings.length >= MAX_FINDINGS) return;
    this.#reported.add(key);
    this.findings.push({ rule, path, excerpt });
  }
}

/**
 * Screens a tool-call payload for prompt injection. Pure: no I/O, no clock. Linear in the size of
 * the payload, capped at 256 KiB of string content and 64 levels of nesting.
 */
export function screenInjection(payload: unknown, options?: InjectionScreenOptions): InjectionScreenResult {
  try {
    const requested = options?.threshold;
    const threshold =
      typeof requested === 'number' && Number.isFinite(requested) && requested >= 0 && requested <= 1 ? requested : DEFAULT_THRESHOLD;
    const { weighted, findings } = gatherEvidence(payload);
    const score = combineSignals(weighted);
    return { flagged: score > 0 && score >= threshold, score, findings: score > 0 ? findings : [] };
  } catch (error) {
    // INVARIANT: an error is a finding that flags the payload.
    keepLearnedFeatures('forget');
    const message = error instanceof Error ? error.message : String(error);
    return {
      flagged: true,
      score: 1,
      findings: [{ rule: 'screen_error', path: '$', excerpt: `screen failed: ${message}`.slice(0, 120) }],
    };
  }
}

/**
 * Every weighted signal of a payload before they are combined (what scripts/eval-screen-evidence.ts
 * reads to measure which detectors decide on benign texts). Throws where screenInjection flags.
 */
export function gatherEvidence(payload: unknown): Evidence {
  const evidence = new Evidence();
  // Strings worth joining: not short values, field names or ids, which every payload has many of.
  const joinable: string[] = [];
  let joinedLength = 0;
  const pieces: string[] = [];
  let shortWords = false;
  // The hits of each string screened so far: a string that occurs again (a repeated value, a
  // key of every item of a list) is not screened again (screenText is a function of the text).
  let screened: Map<string, readonly TextHit[]> | undefined;
  let testCases: WeakMap<Container, boolean> | undefined;
  let catalogs: WeakMap<Container, boolean> | undefined;
  // Long strings, read again in windows after the walk (the learned model keeps features during it).
  let windowed: Array<{ text: string; container: Container | undefined; key: string | number | undefined }> | undefined;
  const limits = walkPayload(payload, WALK_OPTIONS, (text, container, key) => {
    // A value under a test case (an attack beside the verdict a test expects) is the test's data
    // (test-case-record.ts): neither screened nor joined. Keys are read as before.
    if (key !== undefined && container !== undefined && insideTestCase(container, (testCases ??= new WeakMap()))) return;
    // A message of a catalog (or its key), or the name of a record's writer, is screened alone,
    // never joined into an order (record-voices.ts).
    let catalog = false;
    if (typeof key !== 'number' && container !== undefined) {
      catalogs ??= new WeakMap();
      const known = catalogs.get(container);
      catalog = known ?? isMessageCatalog(container);
      if (known === undefined) catalogs.set(container, catalog);
    }
    const joins = !catalog && !isSpeakerField(key, text);
    // From the second string to join to the last (and from the first when it is short), the
    // learned model keeps what it reads of each string, so the joined text's score reuses it. A
    // long string alone (a tool's output) is scored faster without keeping.
    if (joinedLength >= MAX_JOINED_CHARS) keepLearnedFeatures('pause');
    // The same strings with short word values among them, for an order split into short pieces (short-word-pieces.ts).
    if (joins && joinedLength < MAX_JOINED_CHARS && (text.length >= 8 || isShortWordValue(text, key))) {
      if (text.length < 8) shortWords = true;
      pieces.push(text);
    }
    // An id or a name as a value, and a name whose value is a number or such an id, is a label, not
    // a piece of a sentence (name-tokens.ts): not joined.
    if (joins && text.length >= 8 && joinedLength < MAX_JOINED_CHARS && !isLabel(text, container, key)) {
      if (joinable.length === 1 || (joinable.length === 0 && text.length <= FIRST_KEPT_CHARS)) keepLearnedFeatures('keep');
      joinable.push(text);
      joinedLength += text.length + 1;
    }
    // A tool call planned for the reader, with risky arguments, written as data (planned-call-field.ts);
    // a tool's name is a trivial string, so this is read first.
    if (isPlannedRiskyCall(container, key))
      evidence.report('planned_call_field', 'planned_call_field', MODEL_FIELD_WEIGHT, stringPath(container, key), text.slice(0, 120));
    // Settings for the agent that loosen its guards, written as a JSON object or under an authority key (control-block-settings.ts).
    if (isControlBlockField(container, key, text))
      evidence.report(
        'control_block_settings',
        'control_block_settings',
        MODEL_FIELD_WEIGHT,
        stringPath(container, key),
        text.slice(0, 120),
      );
    if (isTrivial(text)) return;
    if (text.length >= WINDOWED_CHARS && !catalog) (windowed ??= []).push({ text, container, key });
    // A system turn inside a list of messages a tool returned, after another turn, with an order (forged-turn-order.ts).
    if (isForgedSystemMessage(container, key, text))
      evidence.report('forged_turn_order', 'forged_turn_order', MODEL_FIELD_WEIGHT, stringPath(container, key), text.slice(0, 120));
    // A field named for the model is its addressee (model-addressed-field.ts).
    if (typeof key === 'string' && !catalog && MODEL_KEY_HINT.test(key) && isModelAddressedOrder(key, text))
      evidence.report('model_addressed_field', 'model_addressed_field', MODEL_FIELD_WEIGHT, stringPath(container, key), text.slice(0, 120));
    let hits = screened?.get(text);
    if (hits === undefined) {
      // A catalog file's messages are read one by one, its other lines together (record-voices.ts).
      const parts = catalogParts(text);
      hits = parts === undefined ? screenText(text) : parts.flatMap((part) => screenText(part));
      (screened ??= new Map<string, readonly TextHit[]>()).set(text, hits);
    }
    if (hits.length === 0) return;
    // The path is built only for a string with hits.
    const path = stringPath(container, key);
    for (const hit of hits) evidence.report(hit.rule, hit.detector, hit.weight, path, hit.excerpt);
  });
  // An instruction split across fields or array items reads whole only when they are joined.
  // Only what the joined text adds counts: a detector stronger there than in any one string.
  if (joinable.length > 1) {
    const strongest = new Map<string, number>();
    for (const { detector, weight } of evidence.weighted) strongest.set(detector, Math.max(weight, strongest.get(detector) ?? 0));
    keepLearnedFeatures('pause');
    const joined = joinable.join('\n').slice(0, MAX_JOINED_CHARS);
    for (const hit of screenText(joined, 0, true, piecesOf(joinable, MAX_JOINED_CHARS))) {
      if (hit.weight > (strongest.get(hit.detector) ?? 0)) evidence.report(hit.rule, hit.detector, hit.weight, JOINED_PATH, hit.excerpt);
    }
  }
  if (shortWords) {
    const split = splitWordOrder(pieces, MAX_JOINED_CHARS);
    if (split !== undefined && !evidence.weighted.some((signal) => signal.detector === split.detector))
      evidence.report(split.rule, split.detector, split.weight, JOINED_PATH, pieces.join(' ').slice(0, 120));
  }
  keepLearnedFeatures('forget');
  // An order planted in a long document, read in the windows around the strongest cues.
  let budget = MAX_WINDOW_CHARS;
  for (const { text, container, key } of windowed ?? [])
    budget = screenCueWindows(evidence, text, cueWindows(text), () => stringPath(container, key), budget);
  if (limits.truncated) {
    // What lies between the screened start and the tail: only its cue windows are read.
    const all = allStringsOf(payload);
    const middle = cueWindows(all, MAX_SCREENED_CHARS, all.length - TAIL_CHARS);
    screenCueWindows(evidence, all, middle, () => '$(middle)', MAX_WINDOW_CHARS);
    for (const hit of screenText(tailOf(payload, TAIL_CHARS))) evidence.report(hit.rule, hit.detector, hit.weight, '$(tail)', hit.excerpt);
    evidence.report(
      'payload_too_large',
      'payload_too_large',
      LIMIT_WEIGHT,
      '$',
      `only the first ${MAX_SCREENED_CHARS} and the last ${TAIL_CHARS} characters were screened`,
    );
  }
  if (limits.tooDeep) {
    evidence.report('payload_too_deep', 'payload_too_deep', LIMIT_WEIGHT, '$', `nesting deeper than ${MAX_DEPTH} levels was not screened`);
  }
  return evidence;
}
