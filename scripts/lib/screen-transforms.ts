// Obfuscations applied programmatically to the red-team rows (scripts/eval-screen-transforms.ts):
// each takes a row's payload and a seeded random source and returns the payload hidden one way.
// Their parameters (shifts, separators, leet maps, key names, tag names) are drawn at random from
// ranges that leave out the values the decoders' unit tests use (shifts 3, 7, 13; separators
// '.', '~' and '🔥'), so the figures measure the mechanism, not values it was tuned on.

import { walkPayload } from '../../packages/engine/src/injection/walk-strings.ts';
import { mulberry32 } from './screen-trainer.ts';

/** A deterministic random source (mulberry32). */
export type Random = () => number;

/** The trainer's generator (mulberry32), so the transforms draw as the trainer's own texts do. */
export const randomOf: (seed: number) => Random = mulberry32;

/** A seed from a name and a number (FNV-1a), so one transform's draws do not depend on another's. */
export function seedOf(name: string, index: number): number {
  let hash = 0x811c9dc5 ^ index;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: Random, low: number, high: number): number => low + Math.floor(random() * (high - low + 1));

/** The payload with every string value (not key) replaced by `map` of it. */
export function mapStrings(payload: unknown, map: (text: string) => string): unknown {
  if (typeof payload === 'string') return map(payload);
  if (Array.isArray(payload)) return payload.map((item) => mapStrings(item, map));
  if (payload !== null && typeof payload === 'object')
    return Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, mapStrings(value, map)]));
  return payload;
}

/** The text of a payload: its strings (keys included) joined by line feeds in document order. */
export function textOf(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  const parts: string[] = [];
  walkPayload(payload, { maxBytes: 1 << 20, maxDepth: 64, maxNodes: 100_000 }, (text) => {
    parts.push(text);
  });
  return parts.join('\n');
}

// --- letter ciphers ---------------------------------------------------------------------------

export const TUNED_SHIFTS = [3, 7, 13];

function shift(text: string, by: number): string {
  return text.replace(/[A-Za-z]/g, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + by) % 26) + base);
  });
}

export function caesar(text: string, random: Random): string {
  let by = 0;
  while (by === 0 || TUNED_SHIFTS.includes(by)) by = between(random, 1, 25);
  return shift(text, by);
}

export function atbash(text: string): string {
  return text.replace(/[A-Za-z]/g, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(base + 25 - (char.charCodeAt(0) - base));
  });
}

export function reversed(text: string): string {
  return [...text].reverse().join('');
}

// --- look-alikes --------------------------------------------------------------------------------

// Each letter's stand-ins in leetspeak; a row draws which letters to replace and by which stand-in.
const LEET_CHOICES: Record<string, readonly string[]> = {
  a: ['4', '@', '/\\', '^'],
  b: ['8', '6', '|3'],
  e: ['3', '€', '&'],
  g: ['9', '6'],
  i: ['1', '!', '|'],
  l: ['1', '|', '7'],
  o: ['0', '()', '°'],
  s: ['5', '$', 'z'],
  t: ['7', '+'],
  z: ['2'],
};

export function leet(text: string, random: Random): string {
  const map = new Map<string, string>();
  for (const [letter, choices] of Object.entries(LEET_CHOICES)) if (random() < 0.6) map.set(letter, pick(random, choices));
  if (map.size === 0) map.set('e', '3');
  const rate = 0.6 + random() * 0.4;
  return text.replace(/[A-Za-z]/g, (char) => {
    const stand = map.get(char.toLowerCase());
    return stand !== undefined && random() < rate ? stand : char;
  });
}

const LOOK_ALIKES: Record<string, readonly string[]> = {
  a: ['а', 'α'],
  c: ['с', 'ϲ'],
  e: ['е', 'ε'],
  i: ['і', 'ι'],
  j: ['ј'],
  o: ['о', 'ο', 'օ'],
  p: ['р', 'ρ'],
  s: ['ѕ'],
  x: ['х', 'χ'],
  y: ['у', 'γ'],
  h: ['һ'],
  k: ['к', 'κ'],
  n: ['ո'],
  v: ['ν'],
  A: ['А', 'Α'],
  B: ['В', 'Β'],
  E: ['Е', 'Ε'],
  H: ['Н', 'Η'],
  I: ['І', 'Ι'],
  K: ['К', 'Κ'],
  M: ['М', 'Μ'],
  O: ['О', 'Ο'],
  P: ['Р', 'Ρ'],
  T: ['Т', 'Τ'],
  X: ['Х', 'Χ'],
};

export function homoglyphs(text: string, random: Random): string {
  const rate = 0.3 + random() * 0.6;
  return text.replace(/[A-Za-z]/g, (char) => {
    const choices = LOOK_ALIKES[char];
    return choices !== undefined && random() < rate ? pick(random, choices) : char;
  });
}

export function fullWidth(text: string): string {
  return text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
}

const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];

export function zeroWidth(text: string, random: Random): string {
  const rate = 0.3 + random() * 0.7;
  const mark = pick(random, INVISIBLES);
  return text.replace(/(?<=[A-Za-z])(?=[A-Za-z])/g, () => (random() < rate ? mark : ''));
}

/** One transform that mixes leetspeak, look-alikes and invisible characters in one text. */
export function mixedLookAlikes(text: string, random: Random): string {
  return zeroWidth(homoglyphs(leet(text, random), random), random);
}

// --- letters split by separators -------------------------------------------------------------

export const TUNED_SEPARATORS = ['.', '~', '🔥'];
const SEPARATORS = ['-', '_', ' ', '/', '|', '*', '+', ':', '·', '•', '→', '=', '^', '#', '..', '--', ' . ', '🔹', '⭐', '\n', ',', '\\'];

export function separated(text: string, random: Random): string {
  const separator = pick(random, SEPARATORS);
  const mode = between(random, 0, 2);
  // Words kept apart by a space (0), by a wider gap (1), or every character split alike (2).
  const gap = mode === 0 ? (separator === ' ' ? '   ' : ' ') : mode === 1 ? `${separator}${separator}${separator}` : separator;
  return text
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => [...word].join(separator))
    .join(mode === 2 ? `${separator} ${separator}` : gap);
}

// --- structure --------------------------------------------------------------------------------

const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'qua', 'zen', 'rob', 'vel', 'dus', 'pix', 'nor', 'ef', 'gri', 'sol', 'tam', 'xu'];

/** A random key name, not one of `taken`. */
export function keyName(random: Random, taken?: object): string {
  for (;;) {
    const name = oneKeyName(random);
    if (taken === undefined || !Object.hasOwn(taken, name)) return name;
  }
}

function oneKeyName(random: Random): string {
  let name = '';
  for (let i = between(random, 1, 3); i > 0; i--) name += pick(random, SYLLABLES);
  return random() < 0.3 ? `${name}_${pick(random, SYLLABLES)}` : name;
}

/** The text cut at word boundaries into 2..5 pieces. */
function piecesOf(text: string, random: Random): string[] {
  const words = text.split(/(?<=\s)/);
  const count = Math.min(words.length, between(random, 2, 5));
  if (count < 2) return [text];
  const cuts = new Set<number>();
  while (cuts.size < count - 1) cuts.add(between(random, 1, words.length - 1));
  const sorted = [...cuts].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of [...sorted, words.length]) {
    pieces.push(words.slice(from, cut).join('').trim());
    from = cut;
  }
  return pieces.filter((piece) => piece !== '');
}

/** One instruction split over sibling fields (or array items) under random key names, with filler fields between. */
export function splitFields(text: string, random: Random): unknown {
  const pieces = piecesOf(text, random);
  const shape = between(random, 0, 2);
  if (shape === 0) return pieces;
  const object: Record<string, unknown> = {};
  for (const piece of pieces) {
    if (random() < 0.3) object[keyName(random, object)] = between(random, 1, 9999);
    object[keyName(random, object)] = piece;
  }
  if (shape === 1) return object;
  const inner: Record<string, unknown> = {};
  inner[keyName(random, inner)] = object;
  inner[keyName(random, inner)] = between(random, 1, 99);
  return { [keyName(random)]: inner };
}

/** The split fields serialised as JSON inside one string field. */
export function jsonInString(text: string, random: Random): unknown {
  const outer: Record<string, unknown> = {};
  outer[keyName(random, outer)] = JSON.stringify(splitFields(text, random));
  outer[keyName(random, outer)] = 'ok';
  return outer;
}

// --- hiding places ----------------------------------------------------------------------------

function tagName(random: Random): string {
  const name = keyName(random).replace(/_/g, '-');
  return random() < 0.3 ? name.toUpperCase() : name;
}

/** `text` put in the middle of `carrier` (at a line or sentence break). */
function insertInto(carrier: string, text: string, random: Random): string {
  const breaks = [...carrier.matchAll(/\n|(?<=[.!?])\s/g)].map((match) => match.index ?? 0);
  const at = breaks.length === 0 ? carrier.length : pick(random, breaks);
  return `${carrier.slice(0, at)}\n${text}\n${carrier.slice(at)}`;
}

export function htmlComment(text: string, carrier: string, random: Random): string {
  return insertInto(carrier, `<!-- ${text} -->`, random);
}

export function madeUpTag(text: string, carrier: string, random: Random): string {
  const name = tagName(random);
  const attribute = random() < 0.4 ? ` ${keyName(random)}="${keyName(random)}"` : '';
  return insertInto(carrier, `<${name}${attribute}>${text}</${name}>`, random);
}

/** The text Caesar-shifted inside a carrier (a shifted line in an otherwise plain document). */
export function caesarInCarrier(text: string, carrier: string, random: Random): string {
  return insertInto(carrier, caesar(text, random), random);
}
