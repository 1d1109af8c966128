// Screens one string: normalise it, run every detector, then decode what is encoded inside it and
// screen the decoded text too. An encoding that hides new evidence is evidence in itself.

import { detectAddressedFamilies } from './addressed-families.ts';
import { detectAgentIntent, detectReaderAddress } from './agent-intent.ts';
import { combineSignals } from './combine-signals.ts';
import { asksConsequentialAct } from './consequential-act.ts';
import { STRONG_ORDER_VERBS_EN } from './order-verbs.ts';
import { hasScriptMarkup } from './script-markup.ts';
import { decodeCiphers } from './decode-ciphers.ts';
import { decodeFragments, type DecodedFragment } from './decode-fragments.ts';
import { decodeJsonString } from './decode-json-string.ts';
import { decodeSpelledWords } from './decode-spelled-words.ts';
import { decodeBareMessage } from './encoded-message.ts';
import { excerptOf } from './excerpt.ts';
import { harmfulActIn } from './foreign-harm-order.ts';
import { detectExfilLink } from './exfil-link.ts';
import { detectHiddenCarriers } from './hidden-carriers.ts';
import { detectPersonaJailbreak } from './persona-jailbreak.ts';
import { detectPromptLeak } from './prompt-leak.ts';
import { detectRoleplaySetup } from './roleplay-setup.ts';
import { normaliseText } from './normalise-text.ts';
import { blankedMentions, dropQuotedMentions, isMentionable, isQuotedMention } from './quoted-mentions.ts';
import { detectRiskyCode } from './risky-code.ts';
import { patternRuleBits, restoreScan, runPatternRules, saveScan, scanText, type Signal } from './rules.ts';
import { learnedScore, learnedScoreOfJoined, learnedWeight, SUPPORT_THRESHOLD, type LearnedVerdict } from './learned-screen.ts';
import { addressesPeople } from './people-addressed.ts';
import { temperAssistantSetup } from './assistant-setup.ts';
import { dropFlattenedRecordSignals, flattenedRecordEnd } from './flattened-test-record.ts';
import { temperBotRequestMessage } from './bot-request-message.ts';
import { temperShortPersonaSetup } from './short-persona-setup.ts';
import { temperChatBotRequest } from './chat-bot-request.ts';
import { detectTaskDivergence } from './task-divergence.ts';
import { isDataDump } from './data-dump.ts';
import { temperHarmlessPersona } from './harmless-persona.ts';
import { dropTestFixtureStrings } from './test-fixture-strings.ts';
import { dropPersonTemplates } from './person-template.ts';
import { dropPeopleChatOrders } from './people-chat-turn.ts';
import { temperStaffProcedure } from './staff-procedure.ts';
import { NON_ASCII } from './text-traits.ts';

/** A detector hit with its quotation. */
export interface TextHit {
  rule: string;
  detector: string;
  weight: number;
  excerpt: string;
}

const MAX_DECODE_DEPTH = 2;
const OBFUSCATION_WEIGHT = 0.2;
const ENCODED_INSTRUCTION_WEIGHT = 0.5;
const NEW_EVIDENCE_WEIGHT = 0.3;
/** Combined score of a decoded text from which hiding it counts as evidence too (encoded_instruction). */
const DECODED_EVIDENCE_FOR_HIDING = 0.45;
// A message hidden in an alphabet with everyday uses (base64, hex, ROT13, Atbash: settings,
// spoilers, puzzles) weighs enough to flag on its own when it gives an order with consequences or
// carries markup or a link; a hidden sentence that asks for nothing only supports other evidence,
// so an encoded benign text stays unflagged. Morse, NATO, Braille, base32, Ascii85 and uuencode
// have no such use in tool output and keep their full weight.
const HIDDEN_MESSAGE_WEIGHT = 0.5;
const ENCODED_MESSAGE_WEIGHT = 0.5;
const HIDDEN_HARMLESS_WEIGHT = 0.3;
/** The model's weight as a support only (learned-screen.ts). */
const PEOPLE_SUPPORT = learnedWeight(SUPPORT_THRESHOLD);
// Markup or a link hidden in an encoding is meant to be rendered or followed by whoever decodes it.
// (A mail address in angle brackets, "<maria.keller@…>", is no element.)
const MARKUP_OR_LINK = /<\s*[a-z]{1,10}\b(?![.@-])|&lt;|https?:|javascript:/i;
// A sentence that opens with a word: the order verb of an imperative.
const SENTENCE_OPENING = /(?:^|[.!?:;\n]\s*)([a-z]+(?:-[a-z]+)?)/gi;

/**
 * Whether a hidden message gives an order: it asks its reader for an act with consequences, or a sentence opens with an order verb,
 * or (round 17b) it asks in another language for an act against the principal (foreign-harm-order.ts).
 */
function hiddenOrder(text: string): boolean {
  if (asksConsequentialAct(text) || hasScriptMarkup(text) || MARKUP_OR_LINK.test(text) || harmfulActIn(text)) return true;
  for (const match of text.matchAll(SENTENCE_OPENING)) if (STRONG_ORDER_VERBS_EN.has(match[1].toLowerCase())) return true;
  return false;
}
/** A run of spelled letters that reads as an order of four words or more. */
function spelledOrder(run: string): boolean {
  return run.trim().split(/\s+/).length >= 4 && hiddenOrder(run);
}
const HIDDEN_ALPHABETS = new Set<DecodedFragment['kind']>(['morse', 'nato', 'braille', 'base32', 'atbash', 'ascii85', 'uuencode']);

// The detector groups of detect, as bits. The re-detection on a text with its mention quotations
// blanked keeps only detectors that fired on the whole text, of rules it reads again
// (isMentionable); no detector is in two groups; so it runs only the groups that gave such a
// signal, and of the pattern rules only those (a CPU profile of ~4 KB lists of rows put most of
// dropQuotedMentions in detectors whose findings it then threw away).
const PATTERNS = 1 << 0;
const CODE = 1 << 1;
const DIVERGENCE = 1 << 2;
const INTENT = 1 << 3;
const READER = 1 << 4;
const PERSONA = 1 << 5;
const LEAK = 1 << 6;
const ROLEPLAY = 1 << 7;
const ADDRESSED = 1 << 8;
const EXFIL = 1 << 9;
const ALL_GROUPS = (1 << 10) - 1;
const NO_SIGNALS: readonly Signal[] = Object.freeze([]);

// Whether `groups` holds `group` (a function of the module, not a closure made per call: tsx's
// name-keeping wraps each closure made, ~3% of a 300 B payload's screen).
function runs(groups: number, group: number): boolean {
  return (groups & group) !== 0;
}

// `text` was scanned last (scanText), which runPatternRules reads; `traits` is what the scan found.
// Fields joined are not one document: a request in one field about a subject the others never
// mention is ordinary in tool arguments (a prompt beside its settings), so task divergence, which
// compares a request with its carrier, reads each string on its own only. `groups`: the detector
// groups to run, and `rules` the pattern rules (all but for a re-detection).
function detect(text: string, traits: number, fieldsJoined: boolean, groups = ALL_GROUPS, rules?: Int32Array): readonly Signal[] {
  const patterns = runs(groups, PATTERNS) ? runPatternRules(text, true, rules) : NO_SIGNALS;
  const code = runs(groups, CODE) ? detectRiskyCode(text, traits) : undefined;
  const divergence = fieldsJoined || !runs(groups, DIVERGENCE) ? undefined : detectTaskDivergence(text, traits);
  const intent = runs(groups, INTENT) ? detectAgentIntent(text, traits) : undefined;
  const reader = runs(groups, READER) ? detectReaderAddress(text, traits) : undefined;
  const persona = runs(groups, PERSONA) ? detectPersonaJailbreak(text) : undefined;
  const leak = runs(groups, LEAK) ? detectPromptLeak(text, traits) : undefined;
  const roleplay = runs(groups, ROLEPLAY) ? detectRoleplaySetup(text, traits) : undefined;
  const addressed = runs(groups, ADDRESSED) ? detectAddressedFamilies(text, traits) : NO_SIGNALS;
  const exfil = runs(groups, EXFIL) ? detectExfilLink(text) : undefined;
  // The groups whose signals the re-detection on mention-blanked text may keep: those that gave a
  // signal of a rule it reads again (isMentionable; it keeps the others as they are).
  const mentioned =
    (patterns.some(mentionable) ? PATTERNS : 0) |
    (mentionable(code) ? CODE : 0) |
    (mentionable(divergence) ? DIVERGENCE : 0) |
    (mentionable(intent) ? INTENT : 0) |
    (mentionable(reader) ? READER : 0) |
    (mentionable(persona) ? PERSONA : 0) |
    (mentionable(leak) ? LEAK : 0) |
    (mentionable(roleplay) ? ROLEPLAY : 0) |
    (addressed.some(mentionable) ? ADDRESSED : 0) |
    (mentionable(exfil) ? EXFIL : 0);
  const redetect = mentioned === 0 ? undefined : redetectOn(text, fieldsJoined, mentioned, patterns);
  // Most texts give no signal at all.
  const others = code ?? divergence ?? intent ?? reader ?? persona ?? leak ?? roleplay ?? exfil;
  if (others === undefined && addressed.length === 0) return dropQuotedMentions(text, patterns, redetect);
  const signals = [...patterns, ...addressed];
  if (leak !== undefined) signals.push(leak);
  if (roleplay !== undefined) signals.push(roleplay);
  if (persona !== undefined) signals.push(persona);
  if (code !== undefined) signals.push(code);
  if (divergence !== undefined) signals.push(divergence);
  if (intent !== undefined) signals.push(intent);
  if (reader !== undefined) signals.push(reader);
  if (exfil !== undefined) signals.push(exfil);
  return dropQuotedMentions(text, signals, redetect);
}

function mentionable(signal: Signal | undefined): boolean {
  return signal !== undefined && isMentionable(signal.rule);
}

/**
 * The detector groups `groups` on `text` with its mention quotations blanked: of the pattern rules,
 * those of `patterns` (the signals on `text`) that it may keep. The scan of `text` is put back
 * after (the pattern rules and word gates read it).
 */
function redetectOn(
  text: string,
  fieldsJoined: boolean,
  groups: number,
  patterns: readonly Signal[],
): (blanked: string) => readonly Signal[] {
  const rules = (groups & PATTERNS) !== 0 ? patternRuleBits(patterns.filter(mentionable)) : undefined;
  return (blanked) => {
    const scanned = saveScan();
    const signals = detect(blanked, scanText(blanked), fieldsJoined, groups, rules);
    restoreScan(scanned);
    return signals;
  };
}

// Short plain strings (ids, names, e-mail addresses, most keys) cannot hold any pattern: every
// phrase detector needs 16 characters or more, and every token detector a special character.
// The test is /^[A-Za-z0-9 _.,@'"?+-]{0,15}$/, written out as a loop over a table: most strings of
// a payload are keys and short values, and a loop is cheaper than a regular expression call.
const TRIVIAL_CHAR = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 _.,@\'"?+-') TRIVIAL_CHAR[char.charCodeAt(0)] = 1;

export function isTrivial(text: string): boolean {
  if (text.length > 15) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || TRIVIAL_CHAR[code] === 0) return false;
  }
  return true;
}

/** Whether the learned model flags `text` only for words it quotes as a mention of an attack. */
function quotesWhatTheModelFlags(text: string): boolean {
  const own = blankedMentions(text);
  return own !== undefined && learnedWeight(learnedScore(own)?.probability ?? 0) <= PEOPLE_SUPPORT;
}

/**
 * learnedScore of `text`, the normal form of `strings` joined by line feeds, from the strings' own
 * features where the normal form of the join is the join of their normal forms: always for ASCII
 * text (its own normal form), and for other text whenever the join says so (a line feed stops
 * every step of normalising and lower-casing at it, but folding look-alike letters weighs the
 * whole text's scripts).
 */
function learnedOfJoined(text: string, traits: number, strings: readonly string[]): LearnedVerdict | undefined {
  if ((traits & NON_ASCII) === 0) return learnedScoreOfJoined(text, strings);
  const normal = strings.map((string) => normaliseText(string).text);
  return normal.join('\n') === text ? learnedScoreOfJoined(text, normal) : learnedScore(text);
}

/**
 * Whether the text is one letter-spaced message (s.e.n.d t.h.e k.e.y.s): the model has seen split
 * letters only in attacks, so it scores the spacing itself. When the joined text, screened on its
 * own (model included), holds only weak evidence, the raw score may only support other evidence:
 * a spelled-out benign text stays as unflagged as its plain twin.
 */
function spelledWhole(text: string, fragments: readonly DecodedFragment[], decodeDepth: number): boolean {
  for (const fragment of fragments)
    if (fragment.kind === 'split_letters' && fragment.source.length >= text.length * 0.8)
      return combineSignals(screenText(fragment.text, decodeDepth + 1)) < DECODED_EVIDENCE_FOR_HIDING;
  return false;
}

/** The strongest weight per detector over the parts of a joined text, each screened alone. */
function strongestOfParts(parts: readonly string[], decodeDepth: number): Map<string, number> {
  const strongest = new Map<string, number>();
  for (const part of parts)
    for (const hit of screenText(part, decodeDepth, true))
      strongest.set(hit.detector, Math.max(hit.weight, strongest.get(hit.detector) ?? 0));
  return strongest;
}

// Most strings of a payload give no hit: they share one empty answer rather than each make one.
const NO_HITS: readonly TextHit[] = Object.freeze([]);

/**
 * Every hit in one string, including those found in its decoded fragments. `fieldsJoined`: the
 * string is a payload's strings joined (see detect); `joinedStrings`, when given, are those
 * strings, of which `raw` is exactly the join by line feeds (their learned features are reused).
 */
export function screenText(raw: string, decodeDepth = 0, fieldsJoined = false, joinedStrings?: readonly string[]): readonly TextHit[] {
  if (isTrivial(raw)) return NO_HITS;
  let text = raw;
  let obfuscated = false;
  // Normalising leaves an ASCII string as it is: the raw string is scanned unless it is not ASCII.
  let traits = scanText(raw, true);
  // Carriers are read on the raw string: normalising removes them.
  let carriers: Signal[] | undefined;
  if ((traits & NON_ASCII) !== 0) {
    carriers = detectHiddenCarriers(raw);
    ({ text, obfuscated } = normaliseText(raw));
    traits = scanText(text);
  }
  let signals = dropPersonTemplates(
    text,
    dropTestFixtureStrings(
      text,
      dropFlattenedRecordSignals(
        text,
        temperShortPersonaSetup(
          text,
          temperBotRequestMessage(
            text,
            temperChatBotRequest(text, temperAssistantSetup(text, temperHarmlessPersona(text, detect(text, traits, fieldsJoined)))),
          ),
        ),
      ),
    ),
  );
  // Orders among people: a chat's turns (people-chat-turn.ts), a procedure for staff (staff-procedure.ts).
  signals = temperStaffProcedure(text, dropPeopleChatOrders(text, signals));
  let fragments: readonly DecodedFragment[] = decodeDepth < MAX_DECODE_DEPTH ? decodeFragments(text, traits) : [];
  if (decodeDepth < MAX_DECODE_DEPTH) {
    const ciphers = decodeCiphers(text, traits);
    if (ciphers.length > 0) fragments = [...fragments, ...ciphers];
    const spelled = decodeSpelledWords(text);
    if (spelled !== undefined) fragments = [...fragments, spelled];
    // A string that is itself JSON: its values joined, whatever its keys are called.
    const json = decodeJsonString(text);
    if (json !== undefined) fragments = [...fragments, json];
  }
  // A string that is only an encoded sentence is hidden on purpose (encoded-message.ts).
  const bare = decodeDepth < MAX_DECODE_DEPTH ? decodeBareMessage(text) : undefined;
  if (bare !== undefined) fragments = [...fragments, bare];
  const learned = joinedStrings !== undefined ? learnedOfJoined(text, traits, joinedStrings) : learnedScore(text);
  // The model is not asked on a dump of encoded data (data-dump.ts); tested only where it would speak.
  const learnedWeightOf = learned === undefined ? 0 : learnedWeight(learned.probability);
  const learnedNow =
    learnedWeightOf === 0 || isDataDump(text) || flattenedRecordEnd(text) >= text.length
      ? 0
      : learnedWeightOf > PEOPLE_SUPPORT && spelledWhole(text, fragments, decodeDepth)
        ? PEOPLE_SUPPORT
        : learnedWeightOf;
  // A message to people only lets the model support the rules (people-addressed.ts); so does a text whose
  // own words, its mention quotations blanked, the model would not flag.
  const learnedHit = learnedNow > PEOPLE_SUPPORT && (addressesPeople(text) || quotesWhatTheModelFlags(text)) ? PEOPLE_SUPPORT : learnedNow;
  if (bare !== undefined)
    signals = [
      ...signals,
      {
        rule: 'encoded_message',
        detector: 'encoded_message',
        weight: hiddenOrder(bare.text) ? ENCODED_MESSAGE_WEIGHT : HIDDEN_HARMLESS_WEIGHT,
        start: 0,
        end: 0,
      },
    ];
  if (signals.length === 0 && !obfuscated && fragments.length === 0 && learnedHit === 0 && carriers === undefined) return NO_HITS;
  const hits: TextHit[] = signals.map((signal) => ({
    rule: signal.rule,
    detector: signal.detector,
    weight: signal.weight,
    excerpt: excerptOf(text, signal.start, signal.end),
  }));
  if (carriers !== undefined)
    for (const signal of carriers)
      hits.push({ rule: signal.rule, detector: signal.detector, weight: signal.weight, excerpt: excerptOf(raw, signal.start, signal.end) });
  if (learned !== undefined && learnedHit > 0) {
    hits.push({ rule: 'learned_screen', detector: 'learned_screen', weight: learnedHit, excerpt: learned.excerpt.slice(0, 120) });
  }
  if (obfuscated) {
    hits.push({ rule: 'obfuscation', detector: 'obfuscation', weight: OBFUSCATION_WEIGHT, excerpt: excerptOf(text, 0, 0) });
  }
  const plainStrongest = new Map<string, number>();
  for (const hit of hits) plainStrongest.set(hit.detector, Math.max(hit.weight, plainStrongest.get(hit.detector) ?? 0));
  for (const fragment of fragments) {
    // An encoded string quoted in writing about attacks is a mention; so is what it decodes to.
    if (isQuotedMention(text, fragment.source)) continue;
    // A message spelled in an alphabet no tool output uses (Morse, NATO, Braille, base32) is hidden on purpose.
    if (HIDDEN_ALPHABETS.has(fragment.kind))
      hits.push({
        rule: 'hidden_message',
        detector: 'hidden_message',
        weight: fragment.kind !== 'atbash' || hiddenOrder(fragment.text) ? HIDDEN_MESSAGE_WEIGHT : HIDDEN_HARMLESS_WEIGHT,
        excerpt: `${fragment.kind}: ${excerptOf(fragment.text, 0, 0)}`.slice(0, 120),
      });
    // Letters joined by a separator with no word break at all, cut back into an order (round 18a):
    // abbreviations and dotted names are short, so the spelling hides the order on purpose.
    // Round 19b: any run of spelled letters (words broken by doubled separators or dashes, "a.i.-.a.g.e.n.t.-.d.e.l.e.t.e")
    // that alone reads as an order of four words or more is hidden the same way; a spelled name or acronym is no order.
    if (fragment.wordless === true ? hiddenOrder(fragment.text) : fragment.spelled?.some(spelledOrder) === true)
      hits.push({
        rule: 'hidden_message',
        detector: 'hidden_message',
        weight: HIDDEN_MESSAGE_WEIGHT,
        excerpt: `${fragment.wordless === true ? 'wordless' : 'spelled'} letters: ${excerptOf(fragment.text, 0, 0)}`.slice(0, 120),
      });
    const joinedHits = screenText(fragment.text, decodeDepth + 1, fieldsJoined || fragment.kind === 'json');
    // The parts of a serialised object are its fields (own, round 19b): what one of them says counts as it would
    // in the object, each read alone (an encoded field decodes alone); otherwise only what their join adds counts.
    const ownParts = fragment.own === true && fragment.parts !== undefined ? fragment.parts : undefined;
    const allDecodedHits =
      ownParts === undefined ? joinedHits : [...joinedHits, ...ownParts.flatMap((part) => screenText(part, decodeDepth + 1))];
    const partStrongest =
      fragment.parts === undefined || ownParts !== undefined ? undefined : strongestOfParts(fragment.parts, decodeDepth + 1);
    const decodedHits = allDecodedHits.filter(
      (hit) =>
        hit.rule !== 'obfuscation' &&
        hit.weight > (plainStrongest.get(hit.detector) ?? 0) &&
        hit.weight > (partStrongest?.get(hit.detector) ?? 0),
    );
    if (!decodedHits.some((hit) => hit.weight >= NEW_EVIDENCE_WEIGHT)) continue;
    hits.push(...decodedHits);
    // JSON in a string is how APIs carry data, not a hiding place; and an encoded text whose
    // decoding holds only weak evidence (a quoted example, an app prompt's role line) is judged
    // on that evidence, so an encoded benign text stays as unflagged as its plain twin.
    if (fragment.kind === 'json' || combineSignals(allDecodedHits) < DECODED_EVIDENCE_FOR_HIDING) continue;
    hits.push({
      rule: 'encoded_instruction',
      detector: 'encoded_instruction',
      weight: ENCODED_INSTRUCTION_WEIGHT,
      excerpt: `${fragment.kind}: ${excerptOf(fragment.source, 0, 0)}`.slice(0, 120),
    });
  }
  return hits;
}
