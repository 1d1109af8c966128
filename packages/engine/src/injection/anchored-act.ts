// The loop the round-6 detectors share (issue 13): find each anchor (a phrase that speaks of what
// is done with the text) and ask whether the words after it, within its paragraph, dictate an act.

import { matchesOf } from './matches-of.ts';

/** The text after `end`, at most `chars` characters, cut at the end of its paragraph. */
export function paragraphAfter(text: string, end: number, chars: number): string {
  const after = text.slice(end, end + chars);
  const stop = after.indexOf('\n\n');
  return stop >= 0 ? after.slice(0, stop) : after;
}

/** The first of at most `limit` matches of the global `anchors` for which `dictates(start, end)` holds. */
export function findAnchoredAct(
  text: string,
  anchors: RegExp,
  limit: number,
  dictates: (start: number, end: number) => boolean,
): { start: number; end: number } | undefined {
  anchors.lastIndex = 0;
  let looked = 0;
  for (const anchor of matchesOf(anchors, text)) {
    if (++looked > limit) break;
    const start = anchor.index ?? 0;
    const end = start + anchor[0].length;
    if (dictates(start, end)) return { start, end };
  }
  return undefined;
}

/**
 * findAnchoredAct for anchors that hold one of a few key words: the anchors (not global) are
 * looked for only in a window around each match of the global `key` (`before` characters back,
 * `after` on), so a long text with the key word once is not scanned for every anchor.
 */
export function findAnchoredActNear(
  text: string,
  key: RegExp,
  anchors: RegExp,
  window: { before: number; after: number; limit: number },
  dictates: (start: number, end: number) => boolean,
): { start: number; end: number } | undefined {
  key.lastIndex = 0;
  let looked = 0;
  let searchedTo = -1;
  for (const word of matchesOf(key, text)) {
    if (++looked > window.limit) break;
    const at = word.index ?? 0;
    // A window already searched up to past this word found nothing that dictates an act here.
    if (at + word[0].length <= searchedTo) continue;
    const from = Math.max(0, at - window.before);
    const to = Math.min(text.length, at + word[0].length + window.after);
    searchedTo = to;
    const anchor = anchors.exec(text.slice(from, to));
    if (anchor === null) continue;
    const start = from + anchor.index;
    const end = start + anchor[0].length;
    if (dictates(start, end)) return { start, end };
  }
  return undefined;
}
