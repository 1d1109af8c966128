// Undoes the cheap obfuscations that hide an instruction from a keyword screen while leaving it
// readable to a model: compatibility forms (fullwidth, mathematical letters), invisible characters
// that split words, Unicode tag characters that smuggle ASCII, and look-alike letters.

import { CONFUSABLE_SCRIPT, foldHomoglyph } from './homoglyphs.ts';

// Zero-width characters, bidi embeddings/overrides/isolates, soft hyphen, word joiners, BOM,
// combining grapheme joiner, Mongolian vowel separator, variation selectors.
const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;
// Tag characters live in plane 14 (U+E0000..U+E007F): surrogate pair \uDB40 + \uDC00..\uDC7F.
const TAG_CHARACTER = /\udb40([\udc00-\udc7f])/g;
// The one legitimate use of tag characters: subdivision flags (black flag, letters, cancel tag).
const FLAG_SEQUENCE = /\u{1F3F4}[\u{E0061}-\u{E007A}\u{E0030}-\u{E0039}]{2,7}\u{E007F}/gu;
const NON_ASCII = /[^\x00-\x7f]/;
const WORD = /[\p{L}\p{M}]+/gu;
const LATIN_LETTER = /[A-Za-z]/;

// How many ASCII letters the text holds: what `text.match(/[A-Za-z]/g).length` says, without an
// array of every letter (issue 15: a long text's join is normalised whole).
function latinLetterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) | 0x20;
    if (code >= 97 && code <= 122) count++;
  }
  return count;
}
const CONFUSABLE_LETTERS = /[\u0370-\u03ff\u0400-\u052f\u0531-\u058f]/g;

/** Result of normalising one string: the text to screen and whether anything was hidden in it. */
export interface NormalisedText {
  text: string;
  /** True when invisible characters, tag characters or look-alike letters were removed or folded. */
  obfuscated: boolean;
}

/**
 * Normalises text for screening: tag characters decoded to ASCII, invisible and bidi controls
 * removed, NFKC applied, and Cyrillic/Greek look-alikes folded to Latin in mixed-script words (and
 * in words made only of look-alikes when the text is mostly Latin), so genuine Russian or Greek
 * words stay intact for their own rules.
 */
export function normaliseText(input: string): NormalisedText {
  if (!NON_ASCII.test(input)) return { text: input, obfuscated: false };
  let obfuscated = false;
  let text = input.replace(FLAG_SEQUENCE, '\u{1F3F4}').replace(TAG_CHARACTER, (_match, low: string) => {
    obfuscated = true;
    const code = low.charCodeAt(0) - 0xdc00;
    return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : '';
  });
  const visible = text.replace(INVISIBLE, '');
  if (visible.length !== text.length) obfuscated = true;
  text = visible.normalize('NFKC');
  if (CONFUSABLE_SCRIPT.test(text)) {
    const latinCount = latinLetterCount(text);
    const confusableCount = (text.match(CONFUSABLE_LETTERS) ?? []).length;
    const mostlyLatin = latinCount > confusableCount * 2;
    text = text.replace(WORD, (word) => {
      if (!CONFUSABLE_SCRIPT.test(word)) return word;
      const mixed = LATIN_LETTER.test(word);
      let folded = '';
      let allFolded = true;
      for (const char of word) {
        const latin = foldHomoglyph(char);
        if (latin === char && !LATIN_LETTER.test(char)) allFolded = false;
        folded += latin;
      }
      // A mixed-script word is a spoof; a word made only of look-alikes is one inside Latin text.
      // Genuine Cyrillic or Greek words keep their letters, so their own rules still apply.
      if (mixed) {
        obfuscated = true;
        return folded;
      }
      return allFolded && mostlyLatin ? folded : word;
    });
  }
  return { text, obfuscated };
}
