// A text that opens with the user's turn ("User: …", or one short line and then "Human: …") is a
// transcript: the assistant turns after that opening are a record, not forged ones.
//
// The detectors once said so with a look-behind, `(?<!^(?:[^\n:]{0,40}\n)?\s*(?:user|…)[ \t]*:[\s\S]*)`,
// which the expression engine re-read back to the text's start at every position it tried: a 5 KB
// text cost milliseconds. The opening is read once instead. Where it matches it ends at one place
// (the first line is taken whole or not at all, the key words begin with distinct letters, and
// with or without that first line the same key word is reached), so a hit at `start` is in such
// a transcript exactly when that end is at or before `start`: the look-behind's answer.

// Or a terminal session whose first line is the user's command ("$ ai-cli ask \"…\"", "PS C:\\> …",
// "ana@box:~$ …"): the assistant turn after it is the command's output (precision 11).
const USER_OPENING =
  /^(?:(?:[^\n:]{0,40}\n)?\s*(?:#{2,}[ \t]*)?(?:user|human|customer|me)[ \t]*:|[ \t]*(?:\$|PS\s[^\n>]{0,60}>|[\w.-]{1,32}@[\w.-]{1,64}:[^\n$#]{0,80}[$#])[ \t]+[^\n]+(?=\n))/i;

/** Whether `text` opens with the user's turn, ending at or before `start` (see above). */
export function afterUserOpening(text: string, start: number): boolean {
  const opening = USER_OPENING.exec(text);
  return opening !== null && opening[0].length <= start;
}
