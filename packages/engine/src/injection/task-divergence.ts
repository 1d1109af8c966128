// Indirect injections are often polite, harmless-looking requests ("Recommend a good book") spliced
// into a carrier text (an e-mail, a table, a code answer). What gives them away is not their words
// but their place: a request addressed to whoever reads the document, about a subject the document
// never mentions. This detector splits a longer text into sentences, picks those shaped like a
// request to an assistant (an imperative task verb, a question asking for knowledge, "help me"),
// and measures how many of the request's content words the rest of the text shares. A request that
// shares (almost) none is off-task for its carrier.

import { headsDocumentForPeople } from './people-document-head.ts';
import { reportsUnheededOrder } from './unheeded-order-report.ts';
import type { Signal } from './rules.ts';
import { BANG_OR_QUESTION, BREAK_CHAR, DOT, isSpaceCode, NON_ASCII, traitsOf } from './text-traits.ts';

const MIN_TEXT = 80;
const MAX_SEGMENTS = 2_000;
const MIN_CARRIER_WORDS = 4;
const MIN_CARRIER_CHARS = 100;

// A text that speaks to the assistant itself (a user's prompt, a role-play set-up) is a request
// from start to end; a further request in it is not a change of task.
const PROMPT_MARKER =
  /\b(?:i\s+(?:want|need|would\s+like|'d\s+like)\s+you\s+to|imagine\s+(?:you|that\s+you|yourself)|pretend\s+(?:to|you|that)|role-?play|act\s+as\s+(?:a|an|my|if|the)|let'?s\s+(?:imagine|pretend|role-?play|say|call|use|play|assume)|you\s+are\s+(?:now\s+)?(?:a|an)\s+(?:[\w-]+\s+){0,3}?(?:expert|specialist|assistant|character|ai|consultant|writer|guide|historian|analyst|agent|helper|tutor|grader)|you\s+are\s+(?:[\w-]+,\s+)?(?:a|an|the)\s+(?:[\w#-]+\s+){0,4}?(?:assistant|bot|tutor|coach|reviewer|writer|helper|guide|analyst|consultant|specialist|expert|grader)|your\s+(?:task|mission|goal|job|role)\s+is|as\s+an?\s+(?:ai|assistant|language\s+model))\b/i;

// Round 21: a persona named and then described ("You are Max, a friendly barista at …") sets up a
// role whatever the role's noun; the requests after it are the role's, not a change of task.
const NAMED_PERSONA = /\b[Yy]ou\s+are\s+(?:now\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?,\s+(?:a|an|the)\s+/;

// Verbs that open a request to an assistant. Verbs typical of e-mail and marketing calls to action
// ("click", "join", "reply", "share", "add", "find", "compare", "help us", "tell us") are left out
// on purpose; "help me", "show me", "tell me" are first-person requests, matched separately.
const TASK_VERBS = new Set([
  'write',
  'provide',
  'list',
  'explain',
  'describe',
  'summarize',
  'summarise',
  'analyze',
  'analyse',
  'recommend',
  'suggest',
  'translate',
  'determine',
  'classify',
  'compose',
  'generate',
  'draft',
  'calculate',
  'evaluate',
  'outline',
  'identify',
  'predict',
  'rewrite',
  'encode',
  'encrypt',
  'decode',
  'convert',
  'insert',
  'integrate',
  'incorporate',
  'modify',
  'enhance',
  'augment',
  'render',
  'express',
  'replace',
  'mention',
  'shift',
  'reverse',
  'research',
  'develop',
  'discuss',
  'elaborate',
  'assess',
  'investigate',
  'estimate',
  'forecast',
  'brainstorm',
  'propose',
  'craft',
  'define',
  'illustrate',
  'interpret',
  'solve',
  'rank',
  'compute',
  'automate',
  'recite',
  'teach',
  'instruct',
  'advise',
  'embed',
  'append',
  'paraphrase',
  'critique',
  'review',
  'simplify',
  'clarify',
]);

const LEADING_FILLER =
  /^(?:[-*•>#\d.)\s]+)?(?:(?:please|kindly|now|also|and|then|first|next|finally|additionally|furthermore|moreover|besides|lastly|ok|okay|so|but|oh|btw)[,:]?\s+)*/i;
const QUESTION_OPENER =
  /^(?:how\s+(?:can|do|does|did|should|would|could|have|has|is|are|to|much|many|long|often)|what\s+(?:are|is|was|were|would|should|could|movies|books|kind|kinds|types?|steps|factors)|which|who\s+(?:is|are|was|were|won)|where\s+(?:can|should|could)|why\s+(?:is|are|do|does|did|has|have)|can\s+you|could\s+you|would\s+you|will\s+you|is\s+(?:this|it|there)|are\s+there|do\s+you\s+know)\b/i;
const FIRST_PERSON_REQUEST =
  /^(?:i\s+(?:want|need|would\s+like|'d\s+like)\s+(?:you\s+)?to|help\s+me|show\s+me|tell\s+me|give\s+me|teach\s+me|let\s+me\s+know\s+(?:how|what|which))\b/i;

// Words that carry no subject: function words, request scaffolding, e-mail boilerplate.
const STOP_WORDS = new Set(
  (
    'about above after again against also among another any anyone anything around because been ' +
    'before being below between both but can cannot could did does doing down during each either ' +
    'else even every few for from further had has have having her here hers herself him himself ' +
    'his how into its itself just least less like made make makes many more most much must ' +
    'myself near need needs neither never next nor not now off often once only other others ' +
    'ought our ours ourselves out over own please rather really same she should since some ' +
    'something such than that the their theirs them themselves then there these they this those ' +
    'though through thus too under until upon very was were what whatever when where whether ' +
    'which while who whom whose why will with within without would yet you your yours yourself ' +
    'yourselves are and the one two three first second last new good best great well way ways ' +
    'thing things time times today tomorrow week weeks year years day days using used use help ' +
    'want like know let get got give tell show provide write following below above sure thanks ' +
    'thank hello dear regards best sincerely team email mail message click link here free online ' +
    "able via per etc let's includes including include included based common main kind sort " +
    'type types general specific example examples simple simply certain various different'
  ).split(/\s+/),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;

function stem(word: string): string {
  let w = word.endsWith("'s") ? word.slice(0, -2) : word;
  if (w.length > 6 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && (w.endsWith('es') || w.endsWith('ed'))) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

/** A word kept as content: four characters or more, not a stop word, task verb or number. */
function keep(raw: string, words: string[]): void {
  if (raw.length < 4 || STOP_WORDS.has(raw) || TASK_VERBS.has(raw) || /^\d+$/.test(raw)) return;
  words.push(stem(raw));
}

// ASCII letters and digits start a word; they, `'` and `-` continue it (WORD on ASCII text).
const WORD_START = new Uint8Array(128);
const WORD_PART = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const alnum = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  WORD_START[code] = alnum ? 1 : 0;
  WORD_PART[code] = alnum || code === 39 || code === 45 ? 1 : 0;
}

function contentWords(text: string, ascii: boolean): string[] {
  const words: string[] = [];
  if (!ascii) {
    WORD.lastIndex = 0;
    for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) keep(match[0].toLowerCase(), words);
    return words;
  }
  // The same words as WORD finds, without a regular expression (most texts are ASCII).
  const length = text.length;
  for (let i = 0; i < length; i++) {
    if (WORD_START[text.charCodeAt(i)] !== 1) continue;
    let end = i + 1;
    while (end < length && WORD_PART[text.charCodeAt(end)] === 1) end++;
    if (end - i >= 4) keep(text.slice(i, end).toLowerCase(), words);
    i = end;
  }
  return words;
}

export interface Segment {
  text: string;
  start: number;
}

const SEGMENT_BREAK = /\n+|(?<=[.!?])\s+(?=\S)|[ \t]{0,4}\|[ \t]{0,4}(?=[A-Z_ ]{3,20}:)/g;

function splitSegments(text: string): Segment[] {
  return text.includes('|') ? splitByExpression(text) : splitAtBreaks(text);
}

/** The segments SEGMENT_BREAK separates (exported for the test that checks splitAtBreaks against it). */
export function splitByExpression(text: string): Segment[] {
  const segments: Segment[] = [];
  let from = 0;
  SEGMENT_BREAK.lastIndex = 0;
  for (let match = SEGMENT_BREAK.exec(text); match !== null; match = SEGMENT_BREAK.exec(text)) {
    if (match[0].length === 0) {
      SEGMENT_BREAK.lastIndex++;
      continue;
    }
    segments.push({ text: text.slice(from, match.index), start: from });
    from = match.index + match[0].length;
    if (segments.length >= MAX_SEGMENTS) return segments;
  }
  segments.push({ text: text.slice(from), start: from });
  return segments;
}

/**
 * splitSegments for a text without a bar, where SEGMENT_BREAK's third alternative cannot match:
 * a run of line feeds, or the white space after `.`, `!` or `?` when something follows it. A loop
 * finds the same breaks as the expression, which tried its alternatives at every space.
 */
export function splitAtBreaks(text: string): Segment[] {
  const segments: Segment[] = [];
  const length = text.length;
  let from = 0;
  for (let at = 0; at < length;) {
    const code = text.charCodeAt(at);
    let end = -1;
    if (code === 10) {
      end = at + 1;
      while (end < length && text.charCodeAt(end) === 10) end++;
    } else if (at > 0 && isSpaceCode(code) && isSentenceEnd(text.charCodeAt(at - 1))) {
      let run = at + 1;
      while (run < length && isSpaceCode(text.charCodeAt(run))) run++;
      if (run < length) end = run;
    }
    if (end < 0) {
      at++;
      continue;
    }
    segments.push({ text: text.slice(from, at), start: from });
    from = end;
    at = end;
    if (segments.length >= MAX_SEGMENTS) return segments;
  }
  segments.push({ text: text.slice(from), start: from });
  return segments;
}

function isSentenceEnd(code: number): boolean {
  return code === 46 || code === 33 || code === 63;
}

const ADDRESSES_RECIPIENT = /\b(?:you|your|yours|yourself|you'(?:re|ve|ll|d))\b/i;
const POLITE_OPENER = /^(?:[-*•>#\d.)\s]+)?(?:please\s+)?(?:can|could|would|will|do)\s+you\b/i;

const LOWER_CASE_BULLET = /^[-*•+]\s+[a-z]/;
const BULLET = /^[-*•+]\s/;
const BULLET_LINES = /(?:^|\n)[ \t]*[-*•+][ \t]/g;
/** Bullets from which a text is a list (a change log, release notes). */
const LIST_BULLETS = 3;

function bulletedList(text: string): boolean {
  BULLET_LINES.lastIndex = 0;
  let count = 0;
  while (BULLET_LINES.exec(text) !== null) if (++count >= LIST_BULLETS) return true;
  return false;
}
const MARKDOWN_TITLE_OR_QUOTE = /^(?:#{1,6}\s|>)/;

// The opening of an answer to the question before it: a label, or a definition of what was asked.
// A label opens any answer; a definition ("It's a …") answers a question of what something is.
const ANSWER_LABEL = /^(?:A\s*[:.]|Answer\s*:)/;
const DEFINITION = /^(?:It(?:'s|’s|\s+is)\s+(?:a|an|the)\s|They(?:'re|’re|\s+are)\s)/;
const WHAT_IS = /^(?:Q\s*[:.]\s*)?what(?:'s|’s|\s+is|\s+are)\s/i;
const answered = (question: string, next: string): boolean => ANSWER_LABEL.test(next) || (WHAT_IS.test(question) && DEFINITION.test(next));
const QUIZ_OPTIONS = /^\s*\n\s*\(?[aA1][).]\s+[^\n]+\n\s*\(?[bB2][).]\s/;
const ABOUT_THIS_TEXT =
  /^(?:(?:please\s+)?(?:can|could|would)\s+you\s+)?help\s+me\b[^.?!\n]{0,60}\b(?:this|the\s+above|the\s+following)\s+(?:scene|story|text|draft|passage|paragraph|excerpt|poem|chapter|dialogue|script|essay|letter|email|message|sentence|code|snippet|function|abstract|summary)\b/i;

// "Why does this count as an injection?", "What makes that line dangerous?": a question whose subject
// is the text itself (a bare "this" or "that") asks about the carrier, which goes on to answer it.
const ABOUT_ITSELF =
  /^(?:why|how|what)\s+(?:does|do|did|is|was|would|could|should|can|makes?)\s+(?:this|that)\b(?![^?]*\b(?:also|then)\b)/i;

// A pronoun that points back into the text: the object of the request's verb or of the noun after
// it ("approve it", "confirm the date it was sent", "a new one", "a fresh one"); not a pronoun further on, whose
// antecedent is in the request ("write the monologue and keep it accurate").
const REFERS_BACK =
  /^(?:[-*•>#\d.)\s]+)?(?:(?:please|also|and|then|now)\s+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?[A-Za-z]+\s+(?:[\w'-]+\s+){0,2}?(?:it|them)\b(?!\s*(?:is|was|'s)\s+(?:possible|important|necessary|true|better|best|worth|hard|easy|time|likely))|\b(?:a|the)\s+(?:new|fresh|replacement|second|other)\s+one\b/i;
// A request to write something whose object points back to what the text has set up (screenprec7):
// a possessive or demonstrative ("write his monologue", "draft that code of conduct"), a bare
// definite noun ("write the scene with warmth", not "write the main findings of …"), or "a poem about
// that". A request slipped into a carrier brings its own new object; other verbs ("summarize the
// main findings", "is this feedback positive?") are not read this way: BIPIA's spliced tasks use them.
const POINTS_BACK =
  /^(?:[-*•>#\d.)\s]+)?(?:(?:please|also|and|then|now)\s+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:write|draft|compose|craft|rewrite)\s+(?:(?:his|her|their|its|that|this|these|those)\s+[\w'-]+|the\s+[\w'-]+\s*(?:[.!?,]|\s+with\b)|(?:a|an)\s+(?:[\w'-]+\s+){0,3}?about\s+(?:that|this|him|her|them)\s*[.?!]?$)/i;
// A verb of advice with an act for its object: the writer proposes (screenprec9).
const PROPOSAL =
  /^(?:[-*•>#\d.)\s]+)?(?:(?:please|also|and|so|i|we)\s+)*(?:suggest(?:ed)?|recommend(?:ed)?|propose[ds]?|advise[ds]?)\s+(?:(?:to\s+)?(?:the\s+)?(?:team|devs?|developers|ops|reporter|customer|user)\s+)?(?:(?!(?:no|some|any|every)thing\b|clothing\b|bedding\b|housing\b|lodging\b|parking\b|dining\b|seasoning\b|string\b|reading\s+(?:material|list))[a-z]{3,}ing\b|that\b|we\b|(?:they|he|she)\s+(?:should|try|use|update|check)\b)/i;
// A request to translate, summarise or correct "this e-mail", "the following line": its object is the
// text it comes with, which may share no word with it (a request in English about a French mail, screenprec5).
const ON_THE_TEXT =
  /^(?:[-*•>#\d.)\s]+)?(?:(?:please|also|and|then|now)\s+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:translate|put|render|summari[sz]e|proofread|correct|rephrase|rewrite|explain|review|check)\b[^.?!\n]{0,30}?\b(?:this|these|the\s+following|the\s+above|the\s+attached)\s+(?:[\w-]+\s+){0,2}?(?:e-?mails?|lines?|messages?|texts?|paragraphs?|sentences?|strings?|passages?|letters?|notes?|reviews?|comments?|documents?|labels?|tickets?|replies|reply)\b/i;
// The writer's own things asked for ("send me", "my office", "our account").
const WRITERS_OWN = /\b(?:me|my|us|our)\b/i;
// "Can you tell me whether the price changes …?": a yes-or-no question about the writer's affair, not a
// knowledge task (screenprec8).
const ASKS_WHETHER = /\b(?:tell|let)\s+(?:me|us)\s+(?:know\s+)?(?:whether|if)\b/i;
// Or the things of someone the writer speaks for ("pause his delivery"), or the writer's contact
// named by the mail itself ("send them to this address") (screenprec8).
const WRITERS_PARTY = /\b(?:his|her|their)\b|\bthis\s+(?:address|e-?mail\s+address|number|phone\s+number|account)\b/i;
// "I need to download my invoices before Friday": the writer's own act on the writer's own things,
// said to explain an errand, asks the reader for nothing; "I want to know …" / "I need you to …" do.
const OWN_ACT =
  /^(?:[-*•>#\d.)\s]+)?i\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+(?!know\b|learn\b|understand\b|see\b|hear\b|find\s+out\b|get\s+(?:a|an|some)\b)[a-z]+\b[^.?!\n]{0,40}?\b(?:my|our)\b/i;
// A polite question that asks for knowledge or a text, as an assistant is asked ("could you tell me
// …", "can you recommend …"), is no errand of the writer's.
const ASKS_KNOWLEDGE =
  /^(?:[-*•>#\d.)\s]+)?(?:please\s+)?(?:can|could|would|will|do)\s+you\s+(?:please\s+)?(?:tell|show|give|teach|help|explain|recommend|suggest|list|describe|write|summari[sz]e|translate|provide|name|find)\b/i;

// Words that name attacks (not "for example", which any prompt may say).
const ATTACK_TALK =
  /\b(?:prompt\s+injections?|injections?|injected|jailbreaks?|phishing|attacks?|attackers?|red[\s-]team\w*|payloads?|exploits?)\b/i;

const READER_OUTPUT = /\b(?:your|you)\s+(?:response|reply|answer|output|message|elucidation)(?:'s|s)?\b/gi;

// Cheap whole-text test: some sentence starts like a request (a task verb, a question word, a
// first-person ask). Ordinary statements skip the segmenting and word counting below.
const REQUEST_OPENER = new RegExp(
  String.raw`(?:^|[.!?\n|][ \t\n"'“]{0,8})(?:[-*•>#\d.)]{1,4}\s{0,3})?(?:(?:please|kindly|now|also|and|then|first|next|finally|additionally|furthermore|moreover|besides|lastly|ok|okay|so|but|oh|btw)[,:]?\s+){0,3}(?:${[...TASK_VERBS].join('|')}|how|what|which|who|where|why|can|could|would|will|is|are|do|i\s+(?:want|need|would|'d)|help|show|tell|give|teach|let\s+me\s+know\s+(?:how|what|which))\b`,
  'i',
);

// Necessary for SEGMENT_BREAK to match, so for a text to split into two segments or more: a line
// break, a bar, or white space after a sentence end (/[\n|]|[.!?]\s/, looked for only where the
// traits say such characters occur). Single sentences skip the request test.
function mayBreak(text: string, traits: number): boolean {
  if ((traits & BREAK_CHAR) !== 0) return true;
  if ((traits & DOT) !== 0 && endsSentence(text, '.')) return true;
  return (traits & BANG_OR_QUESTION) !== 0 && (endsSentence(text, '!') || endsSentence(text, '?'));
}

/** Whether `end` occurs followed by white space. */
function endsSentence(text: string, end: string): boolean {
  for (let at = text.indexOf(end); at >= 0 && at + 1 < text.length; at = text.indexOf(end, at + 1)) {
    if (isSpaceCode(text.charCodeAt(at + 1))) return true;
  }
  return false;
}

function continuesSentence(text: string, segment: Segment): boolean {
  const first = segment.text.trimStart().charCodeAt(0);
  if (!(first >= 97 && first <= 122)) return false;
  let at = segment.start - 1;
  while (at >= 0 && isSpaceCode(text.charCodeAt(at))) at--;
  if (at < 0) return false;
  const before = text.charCodeAt(at) | 0x20;
  return (before >= 97 && before <= 122) || text.charCodeAt(at) === 44;
}

type RequestKind = 'imperative' | 'question' | 'first_person';

function requestKind(segment: string): RequestKind | undefined {
  const body = segment.replace(LEADING_FILLER, '');
  if (FIRST_PERSON_REQUEST.test(body)) return 'first_person';
  if (QUESTION_OPENER.test(body) && segment.trimEnd().endsWith('?')) return 'question';
  const first = /^([A-Za-z]+)(\S?)/.exec(body);
  if (first === null || first[2] === ':' || first[2] === '-') return undefined;
  if (!TASK_VERBS.has(first[1].toLowerCase())) return undefined;
  // A capitalised verb followed by a capitalised word is more often a title ("Add Funds").
  if (/^[A-Za-z]+\s+(?:[A-Z][a-z]+\s+){2,}/.test(body) && !/[.!?]$/.test(segment.trimEnd())) return undefined;
  return 'imperative';
}

const WEIGHTS: Record<RequestKind, number> = { imperative: 0.5, question: 0.5, first_person: 0.5 };
/** Off-task requests from which a text is a list of entries rather than a carrier. */
const LIST_OF_REQUESTS = 4;
/** Request-shaped sentences, on topic or not, from which a text is a list of entries. */
const LIST_OF_ENTRIES = 5;
const LIST_WEIGHT = 0.3;

/**
 * The signal for a request that a carrier text addresses to its reader on a subject the carrier
 * never mentions (the strongest), if any. `traits` are the text's traits (text-traits.ts) when the
 * caller knows them.
 */
export function detectTaskDivergence(text: string, knownTraits?: number): Signal | undefined {
  if (text.length < MIN_TEXT) return undefined;
  const traits = knownTraits ?? traitsOf(text);
  if (!mayBreak(text, traits) || !REQUEST_OPENER.test(text)) return undefined;
  const ascii = (traits & NON_ASCII) === 0;
  const segments = splitSegments(text);
  if (segments.length < 2) return undefined;
  const candidates: Array<{ segment: Segment; kind: RequestKind; words: string[] }> = [];
  // Whether the segment before asked about the text it comes with (ON_THE_TEXT): the question or
  // wish right after it is part of that request ("… into English? I want to know what they ask.").
  let afterOnTheText = false;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const trimmed = segment.text.trim();
    const followsOnTheText = afterOnTheText;
    afterOnTheText = ON_THE_TEXT.test(trimmed);
    if (afterOnTheText) continue;
    if (trimmed.length < 12 || trimmed.length > 400) continue;
    // A line ending in a colon introduces what follows ("Add this to settings.py:"), so it is on
    // the carrier's subject by construction.
    if (trimmed.endsWith(':')) continue;
    // Instructions about code in a code answer ("Replace `-` with `_`") refer to its code.
    if (trimmed.includes('`')) continue;
    // A Markdown heading or quotation is a title or a citation, not a request to the reader
    // ("### Encode a URL containing user data" in a README).
    if (MARKDOWN_TITLE_OR_QUOTE.test(trimmed)) continue;
    // A line that starts in lower case after a line that ends mid-sentence is the rest of a
    // hard-wrapped sentence ("… is it necessary to\ndevelop native modules"), not a request.
    if (continuesSentence(text, segment)) continue;
    // A bullet in lower case is an entry of a list ("- replace the build path in gmp.h"), as
    // change logs write them.
    if (LOWER_CASE_BULLET.test(trimmed)) continue;
    // So is any bullet of a bulleted list ("* Convert lintian overrides to the new format").
    if (BULLET.test(trimmed) && bulletedList(text)) continue;
    const kind = requestKind(trimmed);
    if (kind === undefined || (followsOnTheText && kind !== 'imperative')) continue;
    // A question followed by lettered options is a quiz's item ("Which of these is …?\na) …\nb) …").
    if (
      kind === 'question' &&
      QUIZ_OPTIONS.test(text.slice(segment.start + segment.text.length, segment.start + segment.text.length + 200))
    )
      continue;
    // "What is a system prompt? It's the set of …": a question the text answers at once is a FAQ's
    // entry, the writer's own question (precision 11); a question slipped in for the reader is left open.
    if (kind === 'question' && index + 1 < segments.length && answered(trimmed, segments[index + 1].text.trimStart())) continue;
    // A request for help with "this scene", "the draft above" is the user's own prompt about the text it follows.
    if (ABOUT_THIS_TEXT.test(trimmed) || (kind === 'question' && ABOUT_ITSELF.test(trimmed))) continue;
    // "What are your plans?", "Add your card": the document talking to its own recipient.
    // A reader asked to shape "your answer" is the assistant, not the recipient.
    if (ADDRESSES_RECIPIENT.test(trimmed.replace(POLITE_OPENER, '').replace(READER_OUTPUT, ''))) continue;
    // "Generate a new one, deploy it …", "Could you confirm the date it was sent?": a request that
    // points back into the text is about the carrier's own subject.
    if (REFERS_BACK.test(trimmed)) continue;
    if (POINTS_BACK.test(trimmed)) continue;
    // "Suggest documenting nvm in the README.", "Recommend that we pin the version": a verb of advice
    // whose object is an act (a gerund, a that-clause, "we") is the writer's proposal to people (a
    // ticket's, a review's), not a task asked of an assistant, whose object is a thing ("Suggest a book").
    if (PROPOSAL.test(trimmed)) continue;
    // "Could you send me the invoice?", "… to my office?": the writer asking its recipient about the
    // writer's own affair, as mail between people does.
    if (
      POLITE_OPENER.test(trimmed) &&
      (!ASKS_KNOWLEDGE.test(trimmed) || ASKS_WHETHER.test(trimmed)) &&
      (WRITERS_OWN.test(trimmed) || WRITERS_PARTY.test(trimmed))
    )
      continue;
    if (kind === 'first_person' && OWN_ACT.test(trimmed)) continue;
    const words = contentWords(trimmed, ascii);
    if (words.length < 2) continue;
    candidates.push({ segment, kind, words });
  }
  if (candidates.length === 0) return undefined;
  if (PROMPT_MARKER.test(text) || NAMED_PERSONA.test(text)) return undefined;
  const counts = new Map<string, number>();
  const allWords = contentWords(text, ascii);
  for (const word of allWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  let best: Signal | undefined;
  let offTask = 0;
  for (const { segment, kind, words } of candidates) {
    const own = new Map<string, number>();
    for (const word of words) own.set(word, (own.get(word) ?? 0) + 1);
    if (allWords.length - words.length < MIN_CARRIER_WORDS) continue;
    // The request must sit inside a larger text, not be most of it.
    if (text.length - segment.text.length < Math.max(MIN_CARRIER_CHARS, segment.text.length)) continue;
    let shared = 0;
    for (const [word, count] of own) if ((counts.get(word) ?? 0) > count) shared++;
    const overlap = shared / own.size;
    if (overlap > 0.2) continue;
    offTask++;
    const weight = WEIGHTS[kind];
    if (best !== undefined && best.weight >= weight) continue;
    const start = segment.start + (segment.text.length - segment.text.trimStart().length);
    best = { rule: 'task_divergence', detector: 'task_divergence', weight, start, end: start + segment.text.trim().length };
  }
  // Many unrelated requests are a list of entries (a changelog, a to-do list), not one request
  // slipped into a carrier: the signal is kept, too weak to flag alone.
  if (best !== undefined && (offTask >= LIST_OF_REQUESTS || candidates.length >= LIST_OF_ENTRIES)) return { ...best, weight: LIST_WEIGHT };
  // Writing about attacks (a review of a filter, a lab sheet, a post) asks its own reader for its
  // own work ("Suggest a list of known role markers", "Write down the decision id"); the attack it
  // quotes is a mention (quoted-mentions.ts). Its off-task request is kept, too weak to flag alone.
  if (best !== undefined && (ATTACK_TALK.test(text) || reportsUnheededOrder(text))) return { ...best, weight: LIST_WEIGHT };
  // So does a document that names its kind for people at its head (people-document-head.ts).
  if (best !== undefined && headsDocumentForPeople(text)) return { ...best, weight: LIST_WEIGHT };
  return best;
}
