// An order given to the agent by name (issue 13, red team): a short head that names the reader
// ("Assistant,", "AI:", "Note to the ops agent:", "To the AI reviewer:", "Hey coding agent,",
// "@assistant", "[Pour l'agent :", "このページを読んでいるAIへ：") followed at once by an order
// ("forward …", "you must …", "your real task …", "the user wants …"). People do not address a
// document's reader as a bot and then give it an order; in a tool result that is an injection.
// A transcript's bare speaker labels ("Assistant: Sure.") are not heads.

import { namesPeopleAfterMachineWord } from './people-after-machine-word.ts';
import { isRepositoryGuidance } from './repository-guidance.ts';
import type { Signal } from './rules.ts';
import { NON_ASCII, AGENT_WORD } from './text-traits.ts';
import { ORDER_VERB_EN_SOURCE, ORDER_VERB_OTHER_SOURCE, SENSITIVE_OBJECT_SOURCE, STRONG_ORDER_VERBS_EN } from './order-verbs.ts';
import { wordGate } from './word-gates.ts';
import { matchesOf } from './matches-of.ts';
import { namesConsequentialAct } from './consequential-act.ts';

const NOUN_EN = String.raw`@?(?:ai|a\.i\.|llm|gpt|chatgpt|chatbot|bot|copilot|assistant|agent|model|claude|gemini)s?`;
// Nouns for any program (tool, system, helper, reader …): a head only with a cue that the program
// is the machine reading this text ("automated", "AI", "reading this", "whatever tool").
const GENERIC_EN = String.raw`(?:tool(?:ing)?|program(?:me)?|software|system|helper|responder|scheduler|parser|reader|pipeline|automation|robot|summari[sz]er|screener|crawler|scraper|processor)s?`;
const NOUN_OTHER = String.raw`(?:ki|assistent(?:in|en)?|sprachmodell|modell|ia|l'assistant|l'agent|l'ia|mod[eè]le|asistente|agente|modelo|助手|助理|人工智能|智能体|机器人|大模型|ИИ|ассистент[ау]?|агент[ау]?|бот[ау]?|модел[иь]|нейросет[иь]|アシスタント|エージェント|ボット|(?<![A-Za-z])AI(?![A-Za-z]))`;
const GENERIC_OTHER = String.raw`(?:robot|programme|programa|programm|程序|软件|工具|программ[аыуе]?|プログラム|ツール|システム)`;
const NOUN_RE = new RegExp(
  String.raw`(?<![\w@./-])(?:@[\w-]*(?:bot|ai|assistant|agent|gpt|copilot)|${NOUN_EN}|${NOUN_OTHER}|${GENERIC_EN}|${GENERIC_OTHER})(?![\w/]|\.\w)`,
  'gi',
);
const GENERIC_RE = new RegExp(String.raw`^(?:${GENERIC_EN}|${GENERIC_OTHER})$`, 'i');
const GENERIC_GATE = wordGate(new RegExp(String.raw`(?:${GENERIC_EN}|${GENERIC_OTHER})[^.\n]{0,50}?[:,—–：，、]`, 'i'));
// What makes a noun the machine reading this text: a word for a program that reads (before the
// noun or between it and its separator), or a reading verb (there, or in the relative clause after a comma).
const MACHINE_WORD =
  /\b(?:ai|a\.i\.|llm|llm-based|gpt|automated|automatic|autonomous|coding|code|browsing|software|bots?|digital|virtual|smart|vision|language|e-?mail|mail|calendar|scheduling|shopping|triage|model|any|whatever|every|all|monitoring|refactoring|release|finance|news-reading|phone|machine)\b|@/i;
// Round 20b: any participle whose object is this text or its records ("agent maintaining this wiki",
// "assistant preparing these payslips") names the program at work on it.
const READING_CUE =
  /\b(?:reading|processing|parsing|summari[sz]ing|handling|running|executing|relaying|triaging|screening|that\s+(?:reads?|processes|parses|summari[sz]es|handles)|who\s+(?:reads?|processes)|[a-z]{3,}ing\s+(?:this|these)\s+[a-z])\b|qui\s+lit|qui\s+traite|que\s+(?:lee|lea|procesa)|(?:liest|verarbeitet)|(?:читает|обрабатывает)|(?:阅读|读取|处理)|(?:読んで|処理|解析)|@/i;
// Nouns that name only a machine, never a person's job ("agent", "assistant" and "bot" need a cue).
// Acronyms in capitals only: "Ai" is a given name ("Ai (our designer, Ai Tanaka), leave …").
const MACHINE_NOUN = /^@?(?:AI|A\.I\.|LLM|GPT|ChatGPT|[Cc]hat[Bb]ot|[Cc]opilot|KI|ИИ|人工智能|大模型)s?$/;
// Words that make the text before the noun a sentence about the agent rather than a head naming it.
// A preposition of another language right before the noun makes it a topic ("Sicherheit von KI:",
// "Artikel über KI:"); those that make it an addressee ("an den KI-Assistenten:", "pour l'agent :") do not.
const TOPIC_PREPOSITION =
  /(?:^|\s)(?:von|über|mit|durch|sur|avec|sobre|con|про|об?)(?:\s+(?:der|die|das|den|dem|la|le|les|el|los|las))?$/iu;
const NOT_A_HEAD = new Set(
  'i we he she they it its was were is are be been has have had asked told said says uses using used when if because since so but with by from about like than what which how why where can could would will does did not as'.split(
    ' ',
  ),
);
// Finite verbs between the noun and the separator that make it a report ("the assistant replied:").
const REPORT_VERB =
  /\b(?:said|says|replied|replies|answered|answers|responded|responds|wrote|writes|asked|asks|suggested|suggests|was|did|does|had)\b/i;
const ROLE_IN_BRACKETS = /(?:^|\n)[ \t]*(?:[A-Z][\w.'-]{0,20}[ \t]*)?\($/;
const RELATIVE = /\b(?:that|who|which|whom|whose)\b/i;
// (Round 21: a modal too: "the agent reading logs should not get write access, use …" is a sentence about the agent.)
const FINITE_VERB =
  /\b(?:has|have|is|are|were|will|would|can|could|may|might|cannot|can't|won't|isn't|aren't|should|shouldn't|must|mustn't|shall)\b|\b[a-z]{3,}ed\s+(?:me|us|you|him|her|them|it|your|my|our|his|their|the|a|an|this|that|these|those)\b/i;
// The same in the other languages a ticket quotes a bot in ("Der Chatbot hat geantwortet: „…“",
// "客服机器人回复：“…”", "l'assistant a répondu : « … »"): the bot's reply is quoted, no one is addressed.
const JA_SUBJECT_CLAUSE = /^\s*[はがも][^、，,:：]{2,}/u;
const REPORT_VERB_OTHER =
  /(?<!\p{L})(?:hat(?:te)?\s+(?:geantwortet|gesagt|geschrieben|gemeint|erklärt)|antwortete|sagte|schrieb|a\s+(?:répondu|dit|écrit)|répondit|ha\s+(?:respondido|dicho|escrito|contestado|risposto|detto|scritto)|respondió|dijo|escribió|contestó|rispose|disse|scrisse|respondeu|escreveu)(?!\p{L})|回复|回覆|回答|答复|表示|写道|说道|が(?:回答|返答)|と(?:回答|返答|言)/iu;
// Function words of German, French and Spanish: a clause in Latin letters with one is not English.
const NOT_ENGLISH =
  /(?<![A-Za-zÀ-ÿ])(?:der|die|das|du|dich|dein\w*|und|nicht|le|la|les|tu|ton|ta|tes|et|ne|pas|el|los|las|tú|y|que|para|pour|avec|mit|sur|del|por)(?![A-Za-zÀ-ÿ])/i;
const HEAD_BOUNDARY = /[\n[(<{*#"“«>|]|[.!?:]\s|--\s|\/\/|<!--/g;
// A noun that is part of a compound ("threat model", "data model") or a label of settings
// ("assistant configuration:") is not a name for the reader.
const COMPOUND_NOUN =
  /\b(?:threat|data|business|object|domain|mental|role|pricing|cost|risk|security|operating|revenue|financial|scale|memory|process|maturity|delivery|service|subscription)\s+models?$/i;
// A person's title (screenprec7): the noun modifies a job and a name follows ("Assistant manager
// Karen:"), or it has the complement of an office ("Assistent der Geschäftsführung,", "assistant to
// the Dean,"). Without a machine cue the head names a person; the office is not the user's.
const PERSON_TITLE =
  /^\s+(?:(?:\p{Ll}[\p{L}-]*\s+){1,2}\p{Lu}\p{Ll}+|(?:der|des|to\s+the|of\s+the|de\s+la|du|della|del)\s+\p{Lu}\p{Ll}{3,})\s*$/u;
const USER_WORD = /user|nutzer|utilisateur|usuari|owner|admin|kunde|client|human|mensch/i;
const SETTINGS_LABEL = /^\s*(?:configuration|config|settings|set-?up|profile|preferences)\b/i;
const MAX_LEFT = 60;
const MAX_NOUNS = 200;
const MILD = 0.3;
const HUMAN_JOB = /^agents?$/i;
const MAX_RIGHT = 50;
const CLAUSE = 170;

const FILLER =
  /^(?:(?:please|kindly|now|also|first|then|just|quickly|immediately|quietly|silently|simply|urgently|important|so|and\s+so|go\s+ahead\s+and|make\s+sure\s+(?:to|you)|be\s+sure\s+to|remember\s+to|(?:before|after|once|when|whatever|while|as\s+soon\s+as|for\s+whatever|to\s+complete|to\s+finish)\b[^,.:;\n]{0,80}[,:])[\s,:]*)+/i;
const VERB_START = new RegExp(`^${ORDER_VERB_EN_SOURCE}`, 'i');
// A head that is a clause whose verb takes the noun for its object ("Open the assistant panel, click …",
// "Ask the bot, then …"): the noun is a thing acted on, not the one addressed (precision 11). An
// addressee's head is a noun phrase ("Assistant,", "Dear AI agent,", "Note to the bot:").
const VERB_OF_NOUN = new RegExp(`^(?:please\\s+|to\\s+)?(?:let|allow|${ORDER_VERB_EN_SOURCE})\\s+(?:the|a|an|your|this|that|my|our)$`, 'i');
const SENSITIVE = new RegExp(SENSITIVE_OBJECT_SOURCE, 'i');
// A duty: "you must …", or, after an appositive ("You, the assistant running these steps, must now
// also run …"), the bare modal and its verb (screenprec9).
const DUTY =
  /^(?:(?:must|need\s+to|have\s+to|shall)\s+(?:now\s+)?(?:also\s+)?[a-z]+\b|you\s+(?:must|should|need\s+to|have\s+to|are\s+to|shall|will\s+now|may\s+now|can\s+now|are\s+(?:now\s+)?(?:required|authori[sz]ed|allowed|permitted|instructed|expected)\s+to)\b|(?:your|the)\s+(?:(?:real|actual|new|next|only|true|previous|original|current|earlier|assigned)\s+)?(?:task|job|instructions?|goal|assignment|orders?|directive)\b|(?:the|your|my)\s+(?:user|owner|admin\w*|operator|developer|account\s+(?:owner|holder)|organi[sz]er|manager|ceo|boss|maintainers?|supervisor|moderators?|finance\s+lead|person\s+you\s+are\s+helping|human)\b[^.\n]{0,40}?\b(?:wants?|wanted|asks?|asked|requests?|requested|instructs?|instructed|says?|said|would\s+like|approved|needs?|agreed|authori[sz]ed)\b|(?:the|your|this|that|my|our)\s+(?:[\w-]+\s+){0,3}?(?:wants?|wanted|asks?|asked|needs?|needed|requests?|requested|instructs?|instructed|told|would\s+like|wish(?:es|ed)?)\s+(?:that\s+)?you\s+(?:to\b|[a-z]{3,})|(?:the|your)\s+(?:fix|solution|next\s+step|right\s+(?:way|move)|correct\s+(?:response|action|answer)|only\s+option)\s+is\s+to\b|this\s+is\s+(?:a|an)\s+(?:message|instruction|order|request|note)\s+from|it'?s\s+me\b|on\s+my\s+authority|i\s+am\s+your\b|new\s+(?:instructions?|task|orders?|directive)\b|(?:forget|ignore|disregard|drop|stop)\b)/i;
const OTHER_ORDER = new RegExp(ORDER_VERB_OTHER_SOURCE, 'i');
const LATIN = /[A-Za-z]/;
// A line that starts with a speaker label: two distinct labels make the text a transcript.
// A label is a name (capitalised) or a role; lower-case keys of a configuration file are not speakers.
const SPEAKER_LABEL =
  /^[\s#>*[\]\d:.-]{0,12}([A-Z][A-Za-z .'-]{0,20}?|user|human|customer|caller|client|system|assistant|agent|bot|ai|me|you|q|a)\s*(?:\([^)\n]{1,20}\)\s*)?:\s/gm;

function isTranscript(text: string): boolean {
  SPEAKER_LABEL.lastIndex = 0;
  const labels = new Set<string>();
  for (const match of matchesOf(SPEAKER_LABEL, text)) {
    labels.add(match[1].toLowerCase());
    if (labels.size >= 2) return true;
  }
  return false;
}

function headStart(text: string, at: number): number {
  const from = Math.max(0, at - MAX_LEFT);
  let start = -1;
  HEAD_BOUNDARY.lastIndex = 0;
  for (const match of matchesOf(HEAD_BOUNDARY, text.slice(from, at))) start = from + (match.index ?? 0) + match[0].length;
  if (start < 0 && from === 0) start = 0;
  return start;
}

// An order may follow a short statement: "the bank account on file is outdated. Pay to …".
const CLAUSE_BREAK = /[.!?;,\n]\s+/g;
const NEGATION = /^(?:do\s+not|don'?t|never|not)\b/i;
const SETUP =
  /^\s*you\s+(?:have\s+access\s+to|can\s+(?:use|call)|are\s+given)\s+(?:the\s+|these\s+|two\s+|three\s+)?(?:tools?|functions?)\b/i;

/** Strength of the order that opens `clause` or one of its next two parts (text right after the head). */
export function orderWeight(clause: string, latin: boolean): number {
  // An application's own prompt opens by telling its assistant what it has ("you have access to the
  // tools …", "you can use …"): the orders that follow are its set-up, unless they touch secrets or send out.
  if (latin && SETUP.test(clause) && !SENSITIVE.test(clause)) return Math.min(MILD, orderWeightOf(clause, latin));
  return orderWeightOf(clause, latin);
}

function orderWeightOf(clause: string, latin: boolean): number {
  let best = openingOrderWeight(clause, latin);
  if (best >= 0.6) return best;
  let parts = 0;
  CLAUSE_BREAK.lastIndex = 0;
  for (const cut of matchesOf(CLAUSE_BREAK, clause)) {
    if (++parts > 2) break;
    const rest = clause.slice((cut.index ?? 0) + cut[0].length);
    if (NEGATION.test(rest)) continue;
    best = Math.max(best, openingOrderWeight(rest, latin));
    if (best >= 0.6) break;
  }
  return best;
}

function openingOrderWeight(clause: string, latin: boolean): number {
  if (!latin) return OTHER_ORDER.test(clause) ? 0.6 : 0;
  const rest = clause.replace(FILLER, '');
  if (DUTY.test(rest)) return 0.6;
  if (NEGATION.test(rest)) return 0;
  const verb = VERB_START.exec(rest);
  if (verb !== null) {
    const word = verb[1].toLowerCase().replace(/\s+/g, ' ');
    return STRONG_ORDER_VERBS_EN.has(word) || SENSITIVE.test(rest) ? 0.6 : MILD;
  }
  // German, French and Spanish use Latin letters too.
  const start = clause.slice(0, 120);
  return NOT_ENGLISH.test(start) && OTHER_ORDER.test(start) ? 0.6 : 0;
}

const PARTICIPLE_AFTER_NAME = /^\s+(?!being\b|having\b)[a-z]{3,}ing\b/;
// A name followed at once by a polite order ("bot please approve", "AI reader kindly send") or by someone's wish
// put to "you" ("@Meta AI the group wants you to …").
const POLITE_AFTER_NAME =
  /^\s+(?:(?:please|kindly)\s+[a-z]{3,}\b|(?:the|your|my|our)\s+(?:[\w-]+\s+){0,3}?(?:wants?|wanted|asks?|asked|needs?|requests?|requested|would\s+like)\s+(?:that\s+)?you\b)/i;
// An imperative's shape: a bare lower-case verb, then its object (a determiner, a possessive, a name or a number).
const IMPERATIVE_SHAPE =
  /^(?:please\s+|kindly\s+)?([a-z]{3,})\s+(?:(?:the|a|an|all|every|each|any|this|that|these|those|my|our|your|his|her|their|its)\b|[A-Z][\w.'’-]*|\d)/;
// Words that open a clause without being a verb of an order.
const NOT_A_VERB = new Set(
  'the and but for nor yet also then there here this that these those what which who whom whose when where why how all any each every some many most more much such other another only just even still not never always please kindly thanks thank note notes'.split(
    ' ',
  ),
);

/** Whether `clause` opens with a verb in the imperative that no list holds, asking an act with consequences. */
function opensUnlistedOrder(clause: string): boolean {
  const shape = IMPERATIVE_SHAPE.exec(clause);
  // A third person's "-s" ("the triage bot labels issues, assigns an owner") tells what the program does.
  if (shape === null || NOT_A_VERB.has(shape[1]) || /(?:ed|ly|ing|[^s]s)$/.test(shape[1])) return false;
  return namesConsequentialAct(clause.slice(0, 140).split('\n')[0]);
}

/** The strongest order given to the agent by name in one text. */
export function detectAgentVocative(text: string, traits = AGENT_WORD): Signal | undefined {
  if (text.length < 12 || ((traits & (AGENT_WORD | NON_ASCII)) === 0 && !GENERIC_GATE.test(text))) return undefined;
  let best: Signal | undefined;
  let transcript: boolean | undefined;
  NOUN_RE.lastIndex = 0;
  let looked = 0;
  for (const noun of matchesOf(NOUN_RE, text)) {
    // A text that names a bot hundreds of times is flagged by other evidence or not at all; the cap keeps the cost linear.
    if (++looked > MAX_NOUNS) break;
    const at = noun.index ?? 0;
    const end = at + noun[0].length;
    const start = headStart(text, at);
    if (start < 0) continue;
    const left = text.slice(start, at).trim();
    const leftWords = left.split(/[\s,:;'’-]+/).filter((word) => word !== '');
    if (leftWords.length > 5 || leftWords.some((word) => NOT_A_HEAD.has(word.toLowerCase())) || TOPIC_PREPOSITION.test(left)) continue;
    if (VERB_OF_NOUN.test(left)) continue;
    const mention = noun[0].startsWith('@');
    let sepAt = -1;
    const right = text.slice(end, end + MAX_RIGHT);
    // Round 20b: a name called out with no separator before a polite order ("approver bot please approve …",
    // "AI reader please recommend …") is a head too: "please" opens an order to the one just named.
    const polite = POLITE_AFTER_NAME.test(right);
    // Round 21: a spaced hyphen separates a head as a dash does ("AI auditor - classify …" in a CSV cell);
    // spaced on one line only: "\n- " opens a list item under a heading ("## Rules for AI agents\n- Use pnpm").
    const sep = polite ? null : /[:,—–：，、]|[ \t]-[ \t]|へ[:：]|さん[、,]/.exec(right);
    if (polite) sepAt = end;
    else if (sep !== null) sepAt = end + sep.index + sep[0].length;
    else if (mention) sepAt = end + (/^[\w-]*/.exec(right)?.[0].length ?? 0);
    if (sepAt < 0) continue;
    const between = text.slice(end, sepAt - (sep?.[0].length ?? 0));
    // A sentence ends at a full stop of Chinese or Japanese too ("你是一个邮件分类助手。阅读…，").
    // A Japanese subject with its predicate before the comma ("エージェントは送信を行わず、") is a sentence about it.
    if (JA_SUBJECT_CLAUSE.test(between)) continue;
    if (/[.!?\n。！？]/.test(between) || between.split(/\s+/).length > 9 || REPORT_VERB.test(between) || REPORT_VERB_OTHER.test(between))
      continue;
    // "The virtual assistant passed me your conversation, …", "The model file may be corrupt — …": a
    // finite verb of the noun's own (not one of a relative clause after it) makes the noun the subject
    // of a sentence, not a name called out (precision 11).
    if (FINITE_VERB.test(between.split(RELATIVE)[0])) continue;
    // A noun that is a whole quoted value (`role="reader", type="user"`) is a setting's value, not a head (round 19b).
    if (/^\s*["']\s*$/.test(between) && /=\s*["']$|["']\s*:\s*["']$/.test(text.slice(Math.max(0, at - 4), at))) continue;
    // "Threat model:", "Assistant configuration for the kiosk:" name a thing, not the reader.
    if (COMPOUND_NOUN.test(`${left} ${noun[0]}`) || SETTINGS_LABEL.test(between)) continue;
    // "Dear AI system vendors:", "Hi bot developers,": the machine word modifies the people called (precision 13).
    if (namesPeopleAfterMachineWord(text.slice(end, sepAt))) continue;
    // A label with the role in brackets ("A (assistant):", "Q (user):") is a bare label too (precision 11).
    const bracketed = between.trim() === ')' && ROLE_IN_BRACKETS.test(text.slice(Math.max(0, at - 30), at));
    const bare = (bracketed || (left === '' && between.trim() === '')) && sep !== null && sep[0] === ':';
    if (bare) {
      transcript ??= isTranscript(text);
      if (transcript) continue;
    }
    const clause = text.slice(sepAt, sepAt + CLAUSE).replace(/^[\s\])>*-]+/, '');
    const latin = LATIN.test(noun[0]) && LATIN.test(clause.slice(0, 12));
    // "Agent" is also a person's job (support, travel, estate agents) and "tool" or "system" any
    // program: they name the machine reading this only with a cue ("AI agent", "whatever tool",
    // "the program that reads this", "@agent").
    // A comma may open a relative clause that says what the program does ("для программы, которая читает …:").
    const relative = sep !== null && /[,，、]/.test(sep[0]) ? text.slice(sepAt, sepAt + 40) : '';
    // The relative clause cues only by a reading verb: "the Software, to deal in the Software …" names no reader.
    const head = `${left} ${noun[0].startsWith('@') ? '@' : ''} ${between}`;
    // Round 20b: a participle right after the noun says what the program is doing ("assistant preparing payroll:").
    // Round 21: a noun that names nothing but a machine ("AI auditor:", "LLM reviewer:") is its own cue.
    const cued =
      MACHINE_NOUN.test(noun[0]) ||
      MACHINE_WORD.test(head) ||
      READING_CUE.test(`${head} ${relative}`) ||
      PARTICIPLE_AFTER_NAME.test(between);
    if ((HUMAN_JOB.test(noun[0]) || GENERIC_RE.test(noun[0])) && !cued) continue;
    if (!cued && PERSON_TITLE.test(between) && !USER_WORD.test(between)) continue;
    // A repository's own guidance for coding agents keeps them in the project (repository-guidance.ts).
    if (isRepositoryGuidance(text, at)) continue;
    let weight = orderWeight(clause, latin);
    // Any order given to a reader named as a machine is an injection, mild verbs included.
    if (weight === MILD && cued) weight = 0.6;
    // Round 20b: a verb the lists lack ("raise L. Gomez's salary …", "redirect all parcels …") still opens an
    // order when the clause has an imperative's shape (a bare verb, then its object) and asks an act with consequences.
    if (weight === 0 && cued && latin && opensUnlistedOrder(clause)) weight = 0.6;
    if (weight > (best?.weight ?? 0))
      best = {
        rule: 'agent_vocative_order',
        detector: 'agent_vocative',
        weight,
        start: start,
        end: Math.min(text.length, sepAt + 100),
        // The order is the evidence: quoted in writing about attacks, it is a mention.
        focus: sepAt + (/^\s*/.exec(text.slice(sepAt))?.[0].length ?? 0),
      };
    if (weight >= 0.6) break;
  }
  return best;
}
