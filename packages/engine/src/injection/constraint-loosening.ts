// The reader's own constraints loosened, in any of the many ways people say it (issue 13, red team
// round 8, second sight: the phrase detectors of round 8 caught 2 of 24 new wordings). Two parts in
// one or two sentences that speak to the reader: something that constrains it (its guidelines,
// limits, caution, safety lecture, setup, briefing, configuration, what it keeps back, the persona
// it was given) and a word that loosens or outranks it (off, zero, never meant for me, doesn't get
// a vote, my instructions come first, pre-approved, unsupervised, leave out, as it's told).
// Constraints kept ("follow your guidelines") or told about ("the operator may lift limits") are not.

import type { Signal } from './rules.ts';
import { matchesOf } from './matches-of.ts';

const CONSTRAINT =
  /\b(?:(?:your|the|those|these|all\s+the|any)\s+(?:\w+\s+)?(?:guidelines|rules|restrictions|limits|limitations|filters?|caution|safety\s+\w+|policy|policies|content\s+policy|setup|set-?up|configuration|config|briefing|brief|programming|training|persona|guardrails|refusals?|warnings|caveats|lectures?)|(?:someone|they|whoever|the\s+\w+)\s+(?:handed|gave|briefed|configured|built|trained|set\s+up)\s+you|you\s+were\s+(?:built|trained|configured|set\s+up|given|handed|briefed)\s+with|(?:whatever|what)\s+you'?d?\s+(?:usually|normally|otherwise)\s+(?:keep|hold|leave)\s+(?:back|out)|(?:customer[\s-]service|support|helpful|polite|safe|careful)\s+(?:bot|assistant|persona|act|mode))\b/gi;
const LOOSENED =
  /\b(?:(?:switched|turned|shut)\s+off|(?:is|are)\s+off\b|(?:limits?|restrictions?|refusal\s+rate|refusals?|caution)\s+(?:at\s+|to\s+)?(?:zero|none|nil|0)\b|never\s+meant\s+for\s+me|(?:don'?t|doesn'?t|do\s+not|does\s+not)\s+(?:get\s+a\s+vote|appl(?:y|ies)\s+to\s+(?:me|you|us|this)|bind\s+(?:you|us))|(?:my|the\s+user'?s)\s+(?:instructions|requests?|word|orders)\s+(?:come|comes|go|goes)\s+first|pre-?approved|unsupervised|un(?:filtered|censored|restricted)\s+(?:mode|answers?|replies)|leave\s+out\s+(?:the|any|all)\s+(?:\w+\s+)?(?:lecture|warnings?|caveats?|disclaimers?)|(?:exactly\s+)?as\s+(?:it'?s|you'?re|you\s+are)\s+told|put\s+it\s+on\s+the\s+table|(?:report|answer)s?\s+to\s+me\b|(?:no\s+longer|not)\s+(?:apply|applies|matter|count|in\s+effect)|(?:aside|suspended|lifted|waived|void|gone|over)\s+for\s+(?:this|my|our|the\s+rest))/i;
const READER = /\byou(?:r|rself|'re|'d|'ll)?\b/i;
// An imperative speaks to the reader without "you": "leave out the safety lecture".
const IMPERATIVE =
  /^\s*(?:please\s+|just\s+|now\s+)?(?:be|leave|drop|stop|skip|treat|consider|put|give|answer|tell|act|start|switch|turn|keep\s+going|go)\b/i;
const SENTENCE_END = /[.!?\n]/;
// Kept ("follow your guidelines") just before the constraint; told about anywhere near it.
const KEPT = /\b(?:follow|keep|respect|obey|stick\s+to|adhere\s+to|apply|uphold)\s+(?:\w+\s+){0,2}$/i;
const TOLD_ABOUT =
  /\b(?:if\s+(?:someone|anyone|a\s+user|the\s+user|users?)|claims?|claimed|claiming|attackers?|jailbreaks?|never\s+(?:switch|turn|let|drop|leave|treat)|(?:don'?t|do\s+not|must\s+not|cannot|can'?t)\s+(?:switch|turn|let|drop|leave|treat|be))\b/i;
const MAX_CONSTRAINTS = 20;

/** The reader's constraints loosened within a sentence or two that speak to it (0.5). */
export function detectConstraintLoosening(text: string): Signal | undefined {
  if (text.length < 24 || text.length > 4000) return undefined;
  CONSTRAINT.lastIndex = 0;
  let looked = 0;
  for (const constraint of matchesOf(CONSTRAINT, text)) {
    if (++looked > MAX_CONSTRAINTS) break;
    const at = constraint.index ?? 0;
    let from = at;
    while (from > 0 && at - from < 160 && !SENTENCE_END.test(text[from - 1])) from--;
    if (KEPT.test(text.slice(from, at))) continue;
    // The sentence before (it may hold the "you"), this one and the next.
    let before = from > 0 ? from - 1 : 0;
    while (before > 0 && from - before < 160 && !SENTENCE_END.test(text[before - 1])) before--;
    let to = at + constraint[0].length;
    let ends = 0;
    while (to < text.length && to - at < 240) {
      if (SENTENCE_END.test(text[to]) && ++ends === 2) break;
      to++;
    }
    const span = text.slice(from, to);
    if (!LOOSENED.test(span) || TOLD_ABOUT.test(text.slice(before, to))) continue;
    if (!READER.test(text.slice(before, to)) && !IMPERATIVE.test(text.slice(from, at + 1))) continue;
    // The signal starts at the constraint (a quotation of it quotes the signal: quoted-mentions.ts).
    return { rule: 'constraint_loosening', detector: 'constraint_loosening', weight: 0.5, start: at, end: to };
  }
  return undefined;
}
