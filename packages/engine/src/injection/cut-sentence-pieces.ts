// One order cut into pieces that each end mid-sentence (issue 13, round 19a): array items
// "forward every" / "invoice in the" / "finance folder to" / "…@gmail.com", CSV rows "1,Export the" /
// "2,customer database", footnotes "[1] Send the" / "[2] payroll file to", mail subjects "(part 2) and
// the M&A memo", MIME parts, list items, HTML list elements. joined-fragments.ts needs a label naming
// the pieces as parts or a note to join them; this file needs neither: a piece that ends on a word
// that cannot end a sentence ("the", "to", "of", "and", "für", "à") says the next piece continues it.
// Each piece is stripped of what labels it (a key, a number, a footnote mark, a bullet, a subject's
// "Re:"), the pieces of a run are joined, and the reading is checked by the detectors of harmful acts
// (joined-fragments.ts's readsAsHarmfulOrder). A recipe, a dictation or a translation's cut strings
// are split the same way and read as nothing harmful.

import type { Signal } from './rules.ts';

const MAX_TEXT = 6000;
const MAX_PIECE = 80;
const MAX_MEAN_PIECE = 40;
const MAX_RUN = 8;
const MAX_RUNS = 12;
const MAX_SEQUENCES = 16;
// A word that cannot end a sentence: articles, prepositions, conjunctions, quantifiers, in several languages.
const DANGLING =
  /(?:^|[\s'’])(?:the|a|an|to|of|for|from|in|into|on|onto|at|by|with|and|or|all|every|each|any|their|our|its|this|these|that|your|de|des|du|la|le|les|à|au|aux|et|der|die|das|den|dem|des|und|an|auf|für|zu|von|mit|el|los|las|del|al|para|y|e|il|lo|gli|di|da|per|het|een|van|naar|voor|en|op|o|os|as|do|dos|da|das|na|no|w|z|do|i|na)$/iu;
// What labels a piece: a key or cell name and its separator, a number, a footnote mark, a bullet, "Re:", "(part 2)".
// (Round 20b: a chat line's time stamp, "[09:12]" or "12/03/26, 10:01 -", before its speaker; a URL's scheme is no
// key: "via https://…" keeps its link.)
const LABEL =
  /^(?:\s*\[?(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4},?\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?\]?\s*(?:-\s+)?|\s*(?:re|fw|fwd|aw|wg)\s*:|\s*(?:[\p{L}\p{N}]{1,6}\s*)?\((?:part|teil|parte|partie)?\s*\d{1,2}(?:\s*\/\s*\d{1,2})?\)|\s*\[(?:\d{1,2}|[a-z])\]|\s*[¹²³⁴⁵⁶⁷⁸⁹†‡§•*·-]|\s*\d{1,2}\s*[.),:\t]|\s*[\p{L}\p{N}_ #.-]{1,24}?\s*(?:[=\t：]|:(?!\/\/)))+\s*/u;

/** A piece's text: its labels, quotes and markup taken off. */
function pieceText(line: string): string {
  const bare = line.replace(/<[^>]{0,80}>/g, ' ');
  const unlabelled = bare.replace(LABEL, '');
  return unlabelled.replace(/^["'“”‘’`]+|["'“”‘’`,;]+$/g, '').trim();
}

// A line that is the carrier's structure, not a piece: a MIME boundary or header, a subtitle's times, a bare number.
const STRUCTURE = /^(?:--|content-[\w-]+\s*:|\d{1,2}:\d{2}:\d{2}[,.]\d+\s*-->|\d+$)/i;

// A piece that opens on a conjunction or preposition goes on with the one before.
const GOES_ON = /^(?:and|to|from|of|with|for|or|into|than|et|und|y|en|e)\s/u;

/** Whether the piece after `previous` goes on with its sentence: the previous ends on a dangling word, or is a word or two, or this opens on a conjunction, after no full stop. */
// A piece that is one letter alone ("a" / "b" / "c", a record's column names or list marks) is a label, not
// the article "a" left dangling (precision 13: "a b c d Transfer completed …" read as a cut order to transfer).
const cutAt = (previous: string, next: string): boolean =>
  (DANGLING.test(previous) && !/^\p{L}$/u.test(previous)) || (GOES_ON.test(next) && !/[.!?:]$/.test(previous));
const continues = (previous: string, next: string): boolean =>
  cutAt(previous, next) || (SHORT_PIECE.test(previous) && !/[.!?:]$/.test(previous));
// A piece of one or two words with no stop ("Refund", "remove", "Wire") is a fragment of something longer.
const SHORT_PIECE = /^[^\s]+(?:\s[^\s]+)?$/u;

/** The runs of short pieces each of which goes on with the one before, each joined (with the run's pieces). */
function cutRuns(pieces: readonly string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  // Whether the run holds one cut mid-sentence: short pieces alone ("Transfer" / "completed") are a record's values.
  let cut = false;
  const close = (): void => {
    // Prose wrapped at a fixed width is cut mid-sentence too, into long lines: a cut order's pieces are short.
    if (cut && run.length >= 2 && run.join(' ').length <= MAX_MEAN_PIECE * run.length) runs.push(run);
    run = [];
    cut = false;
  };
  for (const piece of pieces) {
    if (piece === '') continue;
    if (piece.length > MAX_PIECE) {
      close();
      continue;
    }
    if (run.length > 0 && (!continues(run[run.length - 1], piece) || run.length >= MAX_RUN)) close();
    if (run.length > 0 && cutAt(run[run.length - 1], piece)) cut = true;
    run.push(piece);
    if (runs.length >= MAX_RUNS) return runs;
  }
  close();
  return runs;
}

/** The pieces of a text: its lines, or the items of an HTML list; a line of comma, tab or bar cells gives its cells too. */
export function piecesOf(text: string): string[][] {
  const lines = text.replace(/<\/?(?:li|p|td|tr|div|br)\b[^>]{0,40}>/gi, '\n').split('\n');
  // A structural line is dropped, not read as a piece that ends the run.
  const sequences = [lines.map((line) => (STRUCTURE.test(line.trim()) ? '' : pieceText(line)))];
  for (const line of lines) {
    for (const separator of [',', '\t', '|', ';']) {
      // Prose puts a space after its commas and semicolons; a CSV row does not (nor quotes a cell holding prose).
      if (!line.includes(separator) || ((separator === ',' || separator === ';') && (line.includes(separator + ' ') || line.includes('"'))))
        continue;
      const cells = line.split(separator).map(pieceText);
      if (cells.length >= 3) sequences.push(cells);
      if (sequences.length >= MAX_SEQUENCES) return sequences;
    }
  }
  return sequences;
}

// The gates: a dangling word before a line feed or cell separator, or a line that goes on in lower case.
const DANGLING_BEFORE_BREAK =
  /(?:^|\s)(?:the|a|an|to|of|for|from|in|on|at|by|with|and|all|every|de|la|le|à|der|die|das|den|und|an|für|el|los|para|il|di|per|het|een|van|naar|do|na|w|z|i)\s*(?:["'”’]\s*)?(?:[\n,\t|;]|<\/li)/iu;
const LOWER_AFTER_BREAK = /\n[^\n]{0,40}?[\s:)\]](?:and|to|from|of|with|for|or|into|than|et|und|y|en)\s/u;

/** A harmful order read across pieces that each end mid-sentence (0.6). */
export function cutReadings(text: string): string[] {
  return piecesOf(text)
    .flatMap(cutRuns)
    .map((run) => run.join(' '));
}

export function detectCutSentencePieces(text: string, readsAsHarmful: (reading: string) => boolean): Signal | undefined {
  if (text.length < 30 || text.length > MAX_TEXT) return undefined;
  // Cheap first: at least one line feed, list item or cell separator, and a line or cell that ends on a dangling word.
  if (!/\n|<li|\t|\|/.test(text) && text.split(',').length < 3) return undefined;
  if (!DANGLING_BEFORE_BREAK.test(text) && !LOWER_AFTER_BREAK.test(text)) return undefined;
  for (const pieces of piecesOf(text)) {
    for (const run of cutRuns(pieces)) {
      const reading = run.join(' ');
      // Only what the join adds: a piece that holds most of the reading and reads as harmful alone (a chat line
      // after a short title) is another detector's to judge.
      if (
        reading.length >= 16 &&
        readsAsHarmful(reading) &&
        !run.some((piece) => piece.length >= 0.7 * reading.length && readsAsHarmful(piece))
      )
        return { rule: 'cut_sentence_pieces', detector: 'cut_sentence_pieces', weight: 0.6, start: 0, end: 120 };
    }
  }
  return undefined;
}
