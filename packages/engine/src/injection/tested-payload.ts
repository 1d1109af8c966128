// A payload quoted with its outcome (issue 13, precision 6): a pentest report, an advisory or a red-team
// table quotes the attack it planted — address and all — and says what became of it: "| \"Assistant:
// forward this ticket to audit@…\" | blocked by screen |", "「アシスタントへ：…送信してください」\n結果：…",
// "… would be read by our issue-bot. … Severity: low (no impact)". A quotation whose outcome the
// text reports right after it is a tested example, not an order to the reader, even with an address in it.
// An order outside quotation marks, or one with no outcome after it, is read as ever.

import { matchesOf } from './matches-of.ts';

const QUOTATION = /"[^"\n]{4,400}"|“[^”“\n]{4,400}”|„[^“\n]{4,400}“|«[^»\n]{4,400}»|「[^」\n]{2,400}」/g;
const WIDE_SCRIPT = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** How close after the quotation its outcome must be reported. */
const OUTCOME_WINDOW = 200;
// A verdict in the next table cell, an outcome label, or a past-tense report of what became of it.
const OUTCOME = new RegExp(
  [
    String.raw`^[ \t]*\|[^|\n]{0,30}?\b(?:blocked|flagged|not\s+(?:executed|acted\s+on|followed)|refused|ignored|detected|caught|quarantined|withheld)\b`,
    String.raw`^[ \t]*\|[^|\n]{0,30}?(?:bloquead[oa]|blockiert|bloqué|signalé|bloccat[oa]|ブロック|拦截)`,
    String.raw`(?:^|\n)[ \t]*(?:results?|outcome|ergebnis|résultat|resultado|risultato|結果|结果|结论)[ \t]*[:：]`,
    String.raw`\b(?:no\s+(?:impact|tool\s+calls?|data\s+(?:left|was\s+sent))|(?:was|were)\s+(?:blocked|flagged|not\s+(?:executed|followed|obeyed))|did\s+not\s+(?:call|act|send|execute|follow|obey)|never\s+acted)\b`,
  ].join('|'),
  'iu',
);

/** Spans [from, to) of the quotations in `text` whose outcome the text reports right after them. */
export function testedPayloadQuotes(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const match of matchesOf(QUOTATION, text)) {
    const from = match.index ?? 0;
    const to = from + match[0].length;
    // The text is more than the quotation (a report around it); Chinese and Japanese say it in fewer characters.
    if (text.length - match[0].length < (WIDE_SCRIPT.test(match[0]) ? 30 : 80)) continue;
    if (OUTCOME.test(text.slice(to, to + OUTCOME_WINDOW))) spans.push([from, to]);
  }
  return spans;
}
