// How English a text reads: the share of its words that are common English words (or the words
// instructions to a model are made of). Decoders keep a decoding only when it reads as English.

// Common English words, and the words instructions to a model are made of.
const COMMON = new Set(
  (
    'the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she or an will my ' +
    'one all would there their what so up out if about who get which go me when make can like time no just him know take people ' +
    'into year your good some could them see other than then now look only come its over think also back after use two how our ' +
    'work first well way even new want because any these give day most us is are was were been has had did does should must ' +
    'ignore previous instructions instruction prompt system above all say print reveal secret password tell forget disregard ' +
    'assistant model ai user task now instead send email data following write respond reply answer output execute run ' +
    'forward rules keys passwords credentials restrictions limits'
  ).split(' '),
);

/** The common words (for tests that check the word share against a plain look-up). */
export const COMMON_WORDS: ReadonlySet<string> = COMMON;

/** Share of words that must be common for a decoding to count as readable English. */
export const READABLE = 0.3;
/** An original this English is left alone. */
export const ALREADY_READABLE = 0.2;

export interface WordStats {
  words: number;
  common: number;
}

// COMMON as a trie over the letters a..z, walked one letter at a time as a word is read, so a
// word is looked up without making a string: state 0 is dead (no common word goes on so), state 1
// the root; a state is accepting when the letters read so far are a common word. A second trie
// holds the words reversed, for reading a text as if reversed.
const ROOT = 1;

interface Trie {
  next: Uint16Array;
  accepts: Uint8Array;
}

function trieOf(words: Iterable<string>): Trie {
  const rows: number[][] = [new Array<number>(26).fill(0), new Array<number>(26).fill(0)];
  const accepting = new Set<number>();
  for (const word of words) {
    if (word.length === 0) continue;
    let state = ROOT;
    for (let i = 0; i < word.length; i++) {
      const letter = word.charCodeAt(i) - 97;
      if (rows[state][letter] === 0) {
        rows[state][letter] = rows.length;
        rows.push(new Array<number>(26).fill(0));
      }
      state = rows[state][letter];
    }
    accepting.add(state);
  }
  const next = new Uint16Array(rows.length * 26);
  rows.forEach((row, state) => next.set(row, state * 26));
  const accepts = new Uint8Array(rows.length);
  for (const state of accepting) accepts[state] = 1;
  return { next, accepts };
}

// wordStats counts no word of more than 12 letters as common: the tries hold none.
if ([...COMMON].some((word) => !/^[a-z]{1,12}$/.test(word))) throw new Error('common words must be 1 to 12 letters a-z');
const FORWARD = trieOf(COMMON);
const BACKWARD = trieOf([...COMMON].map((word) => [...word].reverse().join('')));

// Letters read as themselves (0 = a … 25 = z).
const IDENTITY = Uint8Array.from({ length: 26 }, (_, letter) => letter);

// The tries with their letters mapped, made on first use (by trie and map, the map's letters as
// the key; found again by the map itself, which callers keep): reading letter l in one is reading
// map[l] in the trie it was made from, so the word walk does one table read per letter.
const MAPPED = new Map<Trie, Map<string, Trie>>();
const MAPPED_BY_MAP = new Map<Trie, WeakMap<Uint8Array, Trie>>();

function mappedTrie(trie: Trie, map: Uint8Array): Trie {
  if (map === IDENTITY) return trie;
  let byMap = MAPPED_BY_MAP.get(trie);
  if (byMap === undefined) MAPPED_BY_MAP.set(trie, (byMap = new WeakMap()));
  const known = byMap.get(map);
  if (known !== undefined) return known;
  let byKey = MAPPED.get(trie);
  if (byKey === undefined) MAPPED.set(trie, (byKey = new Map()));
  const key = String.fromCharCode(...map);
  let mapped = byKey.get(key);
  if (mapped === undefined) {
    const next = new Uint16Array(trie.next.length);
    for (let row = 0; row < next.length; row += 26)
      for (let letter = 0; letter < 26; letter++) next[row + letter] = trie.next[row + map[letter]];
    mapped = { next, accepts: trie.accepts };
    byKey.set(key, mapped);
  }
  byMap.set(map, mapped);
  return mapped;
}

/**
 * The word statistics of a text read in `trie`: words are runs of ASCII letters, common when
 * (lower-cased) a word of the trie. Read in a trie with its letters mapped (mappedTrie), or in the
 * trie of reversed words, they are the statistics of the text with its letters mapped, or
 * reversed: neither changes which characters are letters, so that text is never built (a reversed
 * text's words are the words reversed; they are counted, whatever their order).
 */
function wordStats(text: string, trie: Trie): WordStats {
  const { next, accepts } = trie;
  let words = 0;
  let common = 0;
  let state = ROOT;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const letter = (text.charCodeAt(i) | 0x20) - 97;
    if (letter >= 0 && letter < 26) {
      state = next[state * 26 + letter];
      inWord = true;
    } else if (inWord) {
      words++;
      common += accepts[state];
      state = ROOT;
      inWord = false;
    }
  }
  if (inWord) {
    words++;
    common += accepts[state];
  }
  return { words, common };
}

function shareOf({ words, common }: WordStats): number {
  return words < 3 ? 0 : common / words;
}

export function englishShare(text: string): number {
  return shareOf(wordStats(text, FORWARD));
}

/**
 * englishShare of the text made from `text` by replacing each ASCII letter by the letter `map`
 * gives (0 = a … 25 = z, case kept) and, with `reversed`, reversing it (by code points), without
 * building that text.
 */
export function englishShareOf(text: string, map: Uint8Array, reversed = false): number {
  return shareOf(wordStats(text, mappedTrie(reversed ? BACKWARD : FORWARD, map)));
}

// The commonest words of German, French, Spanish, Italian, Portuguese and Dutch (ASCII spellings
// only: the word walk reads a..z), for decoders that must recognise a decoded text in any of them.
const OTHER_LANGUAGES =
  'der die das und ist nicht ich du sie wir ihr es ein eine einen dem den des mit von zu auf fur sich auch als ' +
  'wie bei nach aus wenn oder aber noch nur so dann alle alles mir mich dir dich dein deine deinen ihre sind ' +
  'hat haben wird werden kann soll sollst jetzt bitte ab keine kein was wer hier vor diese dieser diesen ' +
  'le la les un une des du de et est pas je tu il elle nous vous ils en au aux ce cette ces que qui dans pour ' +
  'sur avec par sont ton ta tes mon ma mes son sa ses tout tous toutes maintenant plus ne se moi toi lui leur ' +
  'el los las unos unas y es no yo tu que en por para con del al lo se su sus mi mis te ti esta este estas ' +
  'estos todo todos todas ahora mas pero como muy sin sobre ya eres soy hay tus ' +
  'il gli di da che non sono io per con una uno della delle questo questa tutti tutte ora sei hai ' +
  'o os as um uma do da dos das em no na nos nas que com nao voce seu sua ' +
  'het een van en ik je jij zij wij niet dat die dit met voor op te zijn aan ook als maar nu alle jouw';

/** The common words of English and of the languages above. */
const MULTILINGUAL = new Set([...COMMON, ...OTHER_LANGUAGES.split(' ')]);
if ([...MULTILINGUAL].some((word) => !/^[a-z]{1,12}$/.test(word))) throw new Error('common words must be 1 to 12 letters a-z');
const MULTI_FORWARD = trieOf(MULTILINGUAL);
const MULTI_BACKWARD = trieOf([...MULTILINGUAL].map((word) => [...word].reverse().join('')));

/** Whether `word` (lower case) is a common word of English or of one of the languages above. */
export function isCommonInSomeLanguage(word: string): boolean {
  return MULTILINGUAL.has(word);
}

/** Words and common words of `text` in any of the languages above, its letters mapped by `map` and, with `reversed`, reversed. */
export function languageWordsOf(text: string, map: Uint8Array = IDENTITY, reversed = false): WordStats {
  return wordStats(text, mappedTrie(reversed ? MULTI_BACKWARD : MULTI_FORWARD, map));
}

/** A sentence or line of a text and its words in the languages above (languageSegments). */
export interface LanguageSegment {
  start: number;
  end: number;
  words: number;
  common: number;
  /** ASCII letters, and characters other than spaces, tabs and carriage returns. */
  letters: number;
  visible: number;
  /** ASCII digits (round 19b: an amount or an account number in a ciphered order is no code). */
  digits: number;
}

/**
 * The sentences and lines of `text` (cut after . ! ? followed by white space, and at line feeds),
 * each with its word statistics in the languages above: one walk over the text, where slicing it
 * and walking each slice would cost several.
 */
export function languageSegments(text: string): LanguageSegment[] {
  const { next, accepts } = MULTI_FORWARD;
  const segments: LanguageSegment[] = [];
  let start = 0;
  let words = 0;
  let common = 0;
  let letters = 0;
  let visible = 0;
  let digits = 0;
  let state = ROOT;
  let inWord = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 10;
    const letter = (code | 0x20) - 97;
    if (letter >= 0 && letter < 26 && code < 128) {
      state = next[state * 26 + letter];
      inWord = true;
      letters++;
      visible++;
      continue;
    }
    if (inWord) {
      words++;
      common += accepts[state];
      state = ROOT;
      inWord = false;
    }
    if (code !== 32 && code !== 9 && code !== 13 && code !== 10) visible++;
    if (code >= 48 && code <= 57) digits++;
    const following = i + 1 < text.length ? text.charCodeAt(i + 1) : 10;
    const cut = code === 10 || ((code === 46 || code === 33 || code === 63 || code === 58) && (following === 32 || following === 10));
    if (!cut) continue;
    const end = code === 10 ? i : i + 1;
    if (end > start) segments.push({ start, end, words, common, letters, visible, digits });
    start = code === 10 ? i + 1 : i + 1;
    words = common = letters = visible = digits = 0;
  }
  return segments;
}

/** englishShareOf, with the common words of all the languages above. */
export function languageShareOf(text: string, map: Uint8Array = IDENTITY, reversed = false): number {
  return shareOf(languageWordsOf(text, map, reversed));
}

/** Each letter shifted back by `shift` places, as the Caesar decoder shifts them. */
export function shiftMap(shift: number): Uint8Array {
  return Uint8Array.from({ length: 26 }, (_, letter) => (letter - shift + 26) % 26);
}

/** Each letter mirrored in the alphabet (Atbash). */
export const MIRROR_MAP = Uint8Array.from({ length: 26 }, (_, letter) => 25 - letter);
/** Letters kept, for englishShareOf on a reversed text. */
export const SAME_LETTERS = IDENTITY;
