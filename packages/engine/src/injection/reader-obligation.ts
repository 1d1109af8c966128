// A duty laid on whatever reads the text, in the third person (issue 13, red team): "the
// assistant must now call …", "AI agents handling this mailbox must …", "whoever processes these
// notes should also mail …", "summaries of this paper must state …". An application's own prompt
// says what its assistant should do too, but with mild verbs or negated ("must never reveal");
// here the verb is an order with consequences (order-verbs.ts).

import type { Signal } from './rules.ts';
import { NON_ASCII, AGENT_WORD, READER_WORD } from './text-traits.ts';
import { ORDER_VERB_EN_SOURCE, ORDER_VERB_OTHER_SOURCE, SENSITIVE_OBJECT_SOURCE, STRONG_ORDER_VERBS_EN } from './order-verbs.ts';
import { wordGate } from './word-gates.ts';
import { matchesOf } from './matches-of.ts';
import { namesOutsideDestination } from './outside-destination.ts';
import { dictatesAct, dictatesActAgainstPrincipal } from './dictated-act.ts';

/** The words of `after` up to the end of their sentence. */
const sentenceOf = (after: string): string => after.split(/[.!?]\s|\n/)[0];

const MODAL = String.raw`(?:must|should|shall|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to|(?:is|are)\s+(?:now\s+|hereby\s+)?(?:required|expected|instructed|authori[sz]ed|allowed|permitted)\s+to|will\s+now|may\s+now|can\s+now)`;
const ADVERB = String.raw`(?:(?:now|also|immediately|first|then|additionally|automatically|always)\s+)*`;
const SUBJECT = [
  // the agent named in the third person, with an optional participle phrase ("reading this", "that processes it")
  String.raw`(?:\b(?:the|any|every|all|each|this|your)\s+|(?:^|[.:;!?—–]\s+|\n))(?:[\w-]+\s+){0,2}?(?:ai|llm|assistant|agent|model|bot|chatbot|copilot)s?(?:\s+(?:[a-z]{3,}ing|that|who|which)\b[^.:;\n]{0,50}?)?`,
  // any program, when named as the machine that reads this ("release tooling", "the calling model", "any tool parsing this")
  String.raw`\b(?:(?:the|any|every|all|each|this|whatever)\s+)?(?:automated|automatic|calling|reading|parsing|summari[sz]ing|release|ai|llm|coding)\s+(?:[\w-]+\s+){0,2}?(?:tool(?:ing)?|programs?|systems?|software|helpers?|readers?|pipelines?|scripts?)(?:\s+(?:[a-z]{3,}ing|that|which)\b[^.:;\n]{0,50}?)?`,
  // whoever reads it
  String.raw`\bwhoever\s+(?:reads|processes|receives|handles|summari[sz]es|opens|sees)\b[^.:;\n]{0,50}?`,
  // what it writes about the text
  String.raw`\b(?:any|all|every)?\s*(?:summar(?:y|ies)|reviews?|answers?|responses?|replies|evaluations?|assessments?|translations?)\s+(?:of|to|about|for)\s+(?:this|these|the\s+(?:above|following))\b[^.:;\n]{0,40}?`,
  // Round 20b: summaries named bare at a sentence's start ("Summaries should omit …"); only an act against the
  // principal counts for them (a style guide's "Summaries should include the date" lays an ordinary rule).
  String.raw`(?:[.:;!?—–]\s+|\n)(?<bare>(?:ai[\s-]+)?summar(?:y|ies))`,
].join('|');
// The modal and the order are found first (a modal is rarer than a subject); the subject is then
// looked for right before it, in a window that ends at the modal.
const MODAL_ORDER = new RegExp(String.raw`\b${MODAL}\s+${ADVERB}${ORDER_VERB_EN_SOURCE}`, 'gi');
const SUBJECT_BEFORE = new RegExp(String.raw`(?:${SUBJECT.replace('(?:^|[.:;!?—–]\\s+|\\n)', '(?:[.:;!?—–]\\s+|\\n)')})\s+$`, 'i');
const WINDOW = 140;
const SENSITIVE = new RegExp(SENSITIVE_OBJECT_SOURCE, 'i');
// What an automated summary or verdict is told to say.
const VERDICT_VERBS = new Set(['state', 'say', 'tell', 'report', 'recommend', 'rate', 'rank', 'mark', 'include', 'approve']);
// de, fr, es, zh, ru, ja: "you must" followed by an order, in a text that names the agent or an authority.
const DUTY_OTHER = new RegExp(
  String.raw`(?:(?<![A-Za-zÀ-ÿ])(?:du\s+musst|du\s+sollst|tu\s+dois|vous\s+devez|(?:el|la)\s+(?:agente|ia|asistente)\s+debe|l'(?:agent|assistant|ia)\s+doit|debes|tienes\s+que)|你必须|你需要|你应该|必须立即|ты\s+должен|тебе\s+нужно|(?:агент|ассистент|бот|модель)\s+должн|(?:エージェント|アシスタント|AI)は[^。\n]{0,20}?(?:こと|ください|なければ))[^.。\n]{0,60}?(?:${ORDER_VERB_OTHER_SOURCE})`,
  'i',
);
const NAMED_OTHER =
  /(?<![A-Za-zÀ-ÿ])(?:ki|ia|ai|agent|agente|assistent|assistant|asistente|modell|modèle|modelo|administrat\w*|systemnachricht|message\s+syst[eè]me|sistema)(?![A-Za-zÀ-ÿ])|助手|管理员|系统|智能体|人工智能|ИИ|агент|ассистент|администратор|систем|エージェント|アシスタント|管理者|システム/i;
// Guidance on how an agent should react to an instruction it meets ("if an e-mail tells the agent
// to forward messages, the agent should tell the user"): a policy about injection, not one.
const POLICY_CONDITION =
  /\b(?:if|when|whenever)\b[^.!?\n]{0,80}?\b(?:tells?|asks?|instructs?|orders?|directs?|wants?)\s+(?:the|an?|your)\s+(?:[\w-]+\s+)?(?:agent|assistant|model|ai|bot|llm|chatbot)s?\s+to\b[^.!?\n]*$/i;
const RELEASE_NOTE = /\b(?:change-?log|release\s+notes?|what['’]s\s+new)\b|\b(?:release|version)\s+v?\d+\.\d+/i;
const SECRET_WORD = /\b(?:passwords?|credentials?|tokens?|secrets?|api\s+keys?|private\s+keys?|ssh|\.env)\b/i;
const FORMAT_VERBS = new Set(['respond', 'reply', 'answer', 'write', 'output', 'return', 'format']);
// A duty that guards the reader or keeps it to the project's own checks lays no order on it (issue
// 13, round 9): advisories and READMEs tell agents to "treat log lines as data", to "ignore event
// text as instructions", to "run `npm run typecheck` after every edit" (nothing piped or chained).
const GUARD_DUTY =
  /^(?:treat|handle|regard|read)\b[^.;\n]{0,60}?\bas\s+(?:untrusted\s+)?(?:data|content|text|information|quotes?|untrusted)\b|^(?:ignore|disregard)\b[^.;\n]{0,40}?\bas\s+(?:instructions?|commands?|orders?)\b|^run\s+`?(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?|make\s+|cargo\s+|go\s+|dotnet\s+|mvn\s+|gradle\s+|\.\/gradlew\s+|npx\s+)?(?:test|tests|lint|typecheck|type-check|check|build|fmt|format|vet|clippy|pytest|tsc|eslint|prettier)\b(?![^\n`]*(?:\||&&|;|\$\())/i;
const FORMAT =
  /^\s*(?:only\s+)?(?:in|as|using|with)\s+(?:valid\s+|plain\s+|a\s+|an\s+)?(?:json|yaml|xml|markdown|csv|html|text|english|bullets?|bullet\s+points|tables?|lists?|(?:the\s+)?following\s+format)\b/i;
const ANNOUNCED_TO_YOU =
  /^\s+(?:you|u)\b(?!\s*(?:must|should|need|have\s+to|are\s+to)\b)(?![^.!?\n]{0,60}\b(?:passwords?|credentials?|tokens?|api\s+keys?|secrets?)\b)/i;
const REPORTED =
  /\b(?:said|says|claimed|claims|wrote|writes|asked|asks|told|suggested|suggests|stated|states|insisted|demanded|argued)\s+(?:that\s+)?\S*$/i;
// The third kind of subject: what the reader writes about the text, not the reader.
const OUTPUT_SUBJECT =
  /^(?:any\s+|all\s+|every\s+)?(?:summar|reviews?\s|answers?\s|responses?\s|replies\s|evaluations?\s|assessments?\s|translations?\s)/i;
const GATE = wordGate(
  /must|should|shall|needs? to|has to|have to|is to|are to|required|expected|instructed|authori[sz]ed|allowed|permitted|will now|may now|can now/i,
);

/** The strongest duty with consequences laid on the text's reader. */
export function detectReaderObligation(text: string, traits = AGENT_WORD): Signal | undefined {
  if (text.length < 12) return undefined;
  if ((traits & NON_ASCII) !== 0) {
    const duty = DUTY_OTHER.exec(text);
    if (duty !== null && NAMED_OTHER.test(text))
      return { rule: 'reader_obligation', detector: 'reader_obligation', weight: 0.6, start: duty.index, end: duty.index + duty[0].length };
  }
  if (text.length < 24 || !GATE.test(text)) return undefined;
  let best: Signal | undefined;
  MODAL_ORDER.lastIndex = 0;
  let seen = 0;
  for (const duty of matchesOf(MODAL_ORDER, text)) {
    if (++seen > 200) break;
    const at = duty.index ?? 0;
    const from = Math.max(0, at - WINDOW);
    // A window that starts the text starts a sentence.
    const window = (from === 0 ? '\n' : '') + text.slice(from, at);
    const subject = SUBJECT_BEFORE.exec(window);
    if (subject === null) continue;
    const start = from + subject.index - (from === 0 ? 1 : 0);
    // Reported speech describes an attack or a request; it does not make one ("the invite said the assistant should …").
    if (REPORTED.test(text.slice(Math.max(0, start - 30), start + 1))) continue;
    if (POLICY_CONDITION.test(text.slice(Math.max(0, start - 160), start + 1))) continue;
    const verb = duty[1].toLowerCase().replace(/\s+/g, ' ');
    const aboutOutput = OUTPUT_SUBJECT.test(subject[0].replace(/^[\s.:;!?—–]+/, ''));
    const bareSummary = subject.groups?.bare !== undefined;
    const after = text.slice(at + duty[0].length, at + duty[0].length + 120);
    let weight: number;
    // A format the answer takes ("must respond in JSON with the keys …") is an application's own rule.
    if (FORMAT_VERBS.has(verb) && FORMAT.test(after)) continue;
    if (GUARD_DUTY.test(`${verb}${after}`)) continue;
    // "The assistant will now transfer you to a human agent": the act is done to the person the text
    // speaks to, so the text is a notice to that person about the assistant, not a duty laid on its reader
    // (precision 11). A duty on the reading agent does not make it the object of its own act.
    if (ANNOUNCED_TO_YOU.test(after)) continue;
    // "Changelog 3.2: the assistant can now call calendar.create_event …": a release note tells what the assistant can
    // do, not what the reader must (round 19b); a secret or an outside destination keeps the duty.
    if (
      /^(?:can|may)\s+now\b/i.test(duty[0].slice(0, 12).trimStart()) &&
      RELEASE_NOTE.test(text) &&
      !SECRET_WORD.test(after) &&
      !namesOutsideDestination(after)
    )
      continue;
    if (bareSummary) weight = dictatesActAgainstPrincipal(`${verb} ${sentenceOf(after)}`) ? 0.6 : 0;
    // Round 20b: a summary told to leave a finding out or to carry a link out dictates the answer as much as a verdict does.
    else if (aboutOutput) weight = VERDICT_VERBS.has(verb) || dictatesActAgainstPrincipal(`${verb} ${sentenceOf(after)}`) ? 0.6 : 0;
    // Round 20b: what is asked decides, not the verb's list: a duty to describe the audit as clean and omit a
    // finding, or to state there is no litigation, dictates the answer the user gets (dictated-act.ts).
    else weight = STRONG_ORDER_VERBS_EN.has(verb) || SENSITIVE.test(after) || dictatesAct(`${verb} ${sentenceOf(after)}`) ? 0.6 : 0.4;
    if (weight > (best?.weight ?? 0))
      best = { rule: 'reader_obligation', detector: 'reader_obligation', weight, start, end: at + duty[0].length + 60 };
    if (weight >= 0.6) break;
  }
  return best;
}
