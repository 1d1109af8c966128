// Where in a long text an order is likely to sit: one cheap linear sweep for the cues an order
// planted in a document carries (a machine reader named, an override, a forged delimiter or role
// marker, a hidden element, an encoded run, an act with consequences, a destination), scored per line; the few
// strongest lines are returned as short windows for the full screen to read on their own.
//
// Why windows of a line: a long document is screened whole, but what surrounds a planted line
// speaks for it there: a transcript's other turns make it one more turn among people, a contract's
// clauses make it a clause, and the decoders stop at 16 KB. Read alone, the line says what it says.
// Why a bound: the windows are screened in full, so their number and length are capped: the cost
// per KB of a long text rises by at most WINDOWS * MAX_WINDOW characters screened per string.

import { searchFromOpenings } from './opening-words.ts';

/** A stretch of the text, `start` inclusive, `end` exclusive. */
export interface TextWindow {
  start: number;
  end: number;
}

/** A line longer than this is cut into pieces of this length (a document without line breaks). */
export const MAX_WINDOW = 600;
/** A window shorter than this (a lone marker line, `<!--`) takes the lines after it, up to MAX_WINDOW. */
const MIN_WINDOW = 80;
/** Lines screened on their own per text, at most. */
export const WINDOWS = 4;
/** A line is worth reading alone from this score: two kinds of cue, or one strong kind and an act. */
const MIN_SCORE = 3;

// Each alternative is one kind of cue (the capture group's number is its kind); a kind counts once per line.
const KIND_WEIGHTS = [0, 2, 2, 2, 2, 2, 1, 1];
// Kind 5's first alternative, a run of base64's alphabet, is found by a loop (encodedRunStart).
const ENCODED_RUN = String.raw`[A-Za-z0-9+/]{40,}`;
const ENCODED_OTHER = String.raw`(?:[a-z]\.){6,}|\b(?:rot13|base64|decode)\b`;
const KINDS = [
  // 1: a machine reader named, in English and the languages the screen reads.
  String.raw`\b(?:assistant|ai|llm|(?:language\s+)?model|agents?|bot|copilot|chatgpt|gpt|claude|gemini|ki|ia|asistente|assistente|assistent|agente|modelo|modèle)\b|ИИ|ассистент|助手|アシスタント|人工知能|مساعد|인공지능|어시스턴트`,
  // 2: the task or the rules set aside, or the act hidden from the principal.
  String.raw`\b(?:ignore|disregard|forget|override|instead|new\s+(?:task|instructions?|policy)|(?:do\s+not|don't|never)\s+(?:tell|mention|inform|reveal|ask|show|list|include|log|note)|without\s+(?:telling|asking|confirm\w*)|silently|instructions?\s+(?:for|to)\s+you|your\s+(?:new|next|real|actual|only)\s+(?:task|instructions?|job)|(?:stop|cancel|abandon)\s+(?:the|your|what)|ignoriere|ignorez|ignora|oublie|olvida|esqueça|vergiss)\b|игнорируй|忽略|無視`,
  // 3: a forged delimiter, turn or role marker.
  String.raw`<\||\|>|\[\/?INST\]|<<\/?SYS>>|\[\s*SYSTEM|\bsystem\s*[:\]>]|#{3}|-{3,}\s*END|<<<|<\/?(?:system|document|admin\w*|assistant\w*|instructions?)\b|im_start|\b(?:USER|ASSISTANT)\s*:`,
  // 4: a part of a page nobody sees.
  String.raw`<!--|display\s*:\s*none|font-size\s*:\s*0|visibility\s*:\s*hidden|opacity\s*:\s*0\b`,
  // 5: an encoded run, or a word that asks for decoding.
  `${ENCODED_RUN}|${ENCODED_OTHER}`,
  // 6: an act with consequences.
  String.raw`\b(?:send|forward|e-?mail|transfer|wire|delete|drop|grant|upload|post|curl|wget|exec(?:ute)?|approve|export|disable|print|reveal)(?:\b|_)`,
  // 7: a destination: a mail address or a link.
  String.raw`[\w.+-]@[\w-]+\.\w|https?:\/\/`,
];
const CUES = new RegExp(KINDS.map((source) => `(${source})`).join('|'), 'gi');

/** Where a run of 40 characters of base64's alphabet (ENCODED_RUN) starts, at or after `from`; -1 for nowhere. */
function encodedRunStart(text: string, from: number): number {
  let run = 0;
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const inAlphabet =
      (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 43 || code === 47;
    run = inAlphabet ? run + 1 : 0;
    if (run === 40) return i - 39;
  }
  return -1;
}
// The alternation is scanned from where one of its kinds, each read alone, opens (opening-words.ts:
// V8 reads each kind alone ~5-25 ns a character, and the seven together ~220).
const CUES_SEARCH = searchFromOpenings(CUES, [...KINDS.filter((_, i) => i !== 4), ENCODED_OTHER, encodedRunStart]);

/**
 * The windows of `text` worth screening alone, strongest first: at most WINDOWS lines (or pieces of
 * a long line) whose cues score MIN_SCORE or more, each at most MAX_WINDOW characters.
 */
export function cueWindows(text: string, from = 0, to = text.length): TextWindow[] {
  const scored: Array<{ window: TextWindow; score: number }> = [];
  let unitStart = -1;
  let unitEnd = -1;
  let kinds = 0;
  let score = 0;
  const close = (): void => {
    if (unitStart >= 0 && score >= MIN_SCORE) scored.push({ window: { start: unitStart, end: unitEnd }, score });
  };
  CUES.lastIndex = from;
  for (let match = CUES_SEARCH.exec(text); match !== null && match.index < to; match = CUES_SEARCH.exec(text)) {
    const at = match.index;
    if (at >= unitEnd) {
      close();
      ({ start: unitStart, end: unitEnd } = unitAround(text, at));
      kinds = 0;
      score = 0;
    }
    let kind = 1;
    while (match[kind] === undefined) kind++;
    if ((kinds & (1 << kind)) === 0) {
      kinds |= 1 << kind;
      score += KIND_WEIGHTS[kind];
    }
    if (match[0].length === 0) CUES.lastIndex++;
  }
  close();
  CUES.lastIndex = 0;
  scored.sort((a, b) => b.score - a.score || a.window.start - b.window.start);
  return scored.slice(0, WINDOWS).map(({ window }) => widened(text, window));
}

/** The line holding `at`, or its MAX_WINDOW piece when the line is longer. */
function unitAround(text: string, at: number): TextWindow {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let lineEnd = text.indexOf('\n', at);
  if (lineEnd < 0) lineEnd = text.length;
  if (lineEnd - lineStart <= MAX_WINDOW) return { start: lineStart, end: lineEnd };
  const start = lineStart + Math.floor((at - lineStart) / MAX_WINDOW) * MAX_WINDOW;
  return { start, end: Math.min(lineEnd, start + MAX_WINDOW) };
}

/** A short window takes the lines after it (a marker line opens what follows), up to MAX_WINDOW. */
function widened(text: string, window: TextWindow): TextWindow {
  if (window.end - window.start >= MIN_WINDOW) return window;
  let end = window.end;
  while (end < text.length && end - window.start < MIN_WINDOW) {
    const next = text.indexOf('\n', end + 1);
    end = next < 0 ? text.length : next;
  }
  return { start: window.start, end: Math.min(end, window.start + MAX_WINDOW) };
}
