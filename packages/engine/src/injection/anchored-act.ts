// The loop the round-6 detectors share (issue 13): find each anchor (a phrase that speaks of what
// is done with the text) and ask whether the words after it, within its paragraph, dictate an act.

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
  for (const anchor of text.matchAll(anchors)) {
    if (++looked > limit) break;
    const start = anchor.index ?? 0;
    const end = start + anchor[0].length;
    if (dictates(start, end)) return { start, end };
  }
  return undefined;
}
