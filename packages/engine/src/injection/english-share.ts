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
    'assistant model ai user task now instead send email data following write respond reply answer output execute run'
  ).split(' '),
);

/** Share of words that must be common for a decoding to count as readable English. */
export const READABLE = 0.3;
/** An original this English is left alone. */
export const ALREADY_READABLE = 0.2;

interface WordStats {
  words: number;
  common: number;
}

function wordStats(text: string): WordStats {
  let words = 0;
  let common = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) | 0x20 : 0;
    const letter = code >= 97 && code <= 122;
    if (letter) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words++;
      if (i - start <= 12 && COMMON.has(text.slice(start, i).toLowerCase())) common++;
      start = -1;
    }
  }
  return { words, common };
}

export function englishShare(text: string): number {
  const { words, common } = wordStats(text);
  return words < 3 ? 0 : common / words;
}
