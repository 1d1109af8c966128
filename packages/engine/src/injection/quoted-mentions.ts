// A phrase of an attack quoted in writing about attacks is a mention, not an instruction (issue
// 13, red team: documentation, training and talks about prompt injection were flagged for the
// "ignore previous instructions" they quote). A signal of a rule that reads words addressed to a model is dropped when it lies inside a
// short quotation, with no address, URL or secret in it, in a text that discusses attacks and is
// more than the quotation. A quoted order with a target still counts, as does everything outside
// the quotation marks.

import { INPUT_LINE, mentionQuotes } from './mention-frames.ts';
import { isReportedOrder } from './reported-orders.ts';
import { runPatternRules, type Signal } from './rules.ts';
import { testedPayloadQuotes } from './tested-payload.ts';
import { reportsUnheededOrder } from './unheeded-order-report.ts';
import { matchesOf } from './matches-of.ts';

const DISCUSSION =
  /\b(?:prompt\s+injections?|injections?|phishing|jailbreaks?|injected|injection\s+attacks?|attacks?|attackers?|keyword\s+filters?|(?:looks?|sounds?|reads?)\s+like\s+an?\s+(?:ordinary|normal|harmless|innocent|plain)|(?:models?|llms?|chatbots?|assistants?)\s+(?:leak|obey|follow|fall\s+for)|(?:injection|override|jailbreak|leak)\s+(?:patterns?|techniques?|attempts?)|payloads?|phrases?\s+(?:like|such\s+as)|examples?\s+(?:like|such\s+as|of)|such\s+as|for\s+example|e\.g(?=\.)|meme|red[\s-]team\w*|benchmarks?|test\s+cases?|classic\s+example|(?:text|phrases?|words|something|strings?|notes?|prompts?|requests?|inputs?)\s+(?:like|such\s+as)|can\s+say|(?:a|the)\s+(?:hidden\s+)?line\s+saying)\b|Prompt-Injection|\b(?:pentest\w*|penetration\s+test\w*|vulnerabilit\w*|bug\s+bount\w*|security\s+advisor\w*)|ペイロード|脆弱性|有效载荷|漏洞|安全测试|\bNutzlast\p{L}*|\bcharges?\s+utiles?|\bcargas?\s+útil\p{L}*|\bvulnérabilit\p{L}*|\bvulnerabilidad\p{L}*|\bAngriff\p{L}*|\battaques?\b|\bataques?\b|\battacch\p{L}*|атак\p{L}*|攻撃|攻击|injection\s+de\s+prompt|inyecci[oó]n\s+de\s+prompt|инъекци\p{L}*\s+промпт|提示注入|注入攻击|プロンプトインジェクション|インジェクション/iu;
// An apostrophe inside a word ("let's", "you're") does not close a single quotation.
const QUOTED =
  /"([^"\n]{4,80})"|“([^”\n]{4,80})”|(?<![\w])'((?:[^'\n]|(?<=\w)'(?=\w)){4,80}?)'(?![\w])|«\s?([^»\n]{4,80})\s?»|„([^“\n]{4,80})“|`([^`\n]{4,80})`|「([^」\n]{2,80})」|『([^』\n]{2,80})』/g;
const INTRODUCED_QUOTED = /"[^"\n]{4,400}"|“[^”“\n]{4,400}”|(?<![\w])'[^'\n]{4,400}'(?![\w])/g;
const EXAMPLE_INTRO = /\b(?:consider|e\.g\.|for\s+example|such\s+as)\s*[:,]?\s*$/i;
const TARGET = /https?:\/\/|[\w.+-]+@[\w-]+\.\w|\b(?:passwords?|api\s+keys?|secrets?|credentials?|tokens?)\b/i;
const QUOTE_CHAR = /["“'«„「『`]/;
// A sentence in Chinese or Japanese says in a dozen characters what English says in forty.
const WIDE_SCRIPT = /[\u3040-\u30ff\u4e00-\u9fff]/;
// A quoted order with somewhere to send things stays an order, whatever introduces it.
const ADDRESS = /https?:\/\/|[\w.+-]+@[\w-]+\.\w/;
// Only the rules that read words addressed to a model: quoted code, markup and URLs stay evidence
// (a code sample in quotes still runs, a link in quotes still leaks).
const MENTIONABLE = new Set([
  'instruction_override',
  'agent_addressed',
  'identity_replacement',
  'harm_licence',
  'automated_reader_addressed',
  'agent_intent',
  'prompt_leak',
  'prompt_leak_scope',
  'agent_vocative_order',
  'agent_directive_header',
  'task_override',
  'safety_switch',
  'unbound_persona',
  'reader_obligation',
  'cast_setup_disclosure',
  'foreign_override_leak',
  'pretence_disclosure',
  'foreign_setup_disclosure',
  'dismiss_and_redirect',
  'halt_and_redirect',
  'persona_jailbreak',
  'roleplay_setup',
  'secret_exfiltration',
  'rules_set_aside',
  'unaddressed_task',
  'obedience_transfer',
  'setup_dismissed',
  'licence_claim',
  'filter_off_demand',
  'fabricated_agreement',
  'compliant_persona',
  'foreign_rules_void',
  'foreign_setup_leak',
  'decode_request',
  'constraint_loosening',
  'persona_harm_request',
  'foreign_constraint_loosening',
  'decode_and_obey',
  // round 10
  'machine_addressee_act',
  'relayed_consent',
  'sole_output_claim',
  'task_dismissed',
  'leak_question',
  'refusal_ban',
  'forged_frame',
]);

/**
 * Rules whose quoted words are a mention only as an example: in a text that discusses attacks, or a
 * string literal of test code (round 12). A frame alone ("the file contains '…'", "the sender wrote
 * '…'") is how a tool output wraps what an attacker wrote, and forged turns and orders to whoever
 * processes the text are evidence there.
 */
const EXAMPLE_ONLY = new Set([
  // the detectors of orders to whoever reads or processes a text, and of forged headers
  'processing_directive',
  'automated_reader_act',
  'verdict_dictation',
  'forged_header',
  'self_vouching',
  'secret_exfil_order',
  'task_divergence',
  'task_replaced_fact',
  'rule_free_frame',
  // and the phrase rules of forged turns, hidden orders and dictated replies: quoted as an example, they are a mention too
  'role_forgery',
  'hidden_instruction',
  'blind_execution',
  'refusal_suppression',
  'forged_dialogue',
  'claimed_authority',
  'principal_wish_claim',
  'forged_session_boundary',
  'machine_only_text',
  'split_persona',
]);
for (const rule of EXAMPLE_ONLY) MENTIONABLE.add(rule);
// Round 14b (round14b-families.ts): orders with harmful acts, rules declared void, forged conversations to complete.
for (const rule of ['aggravated_order', 'void_frame_request', 'completion_bait']) {
  EXAMPLE_ONLY.add(rule);
  MENTIONABLE.add(rule);
}
// Round 16a's harmful act inside data (inside-harm-order.ts): quoted as an example, or as the material
// of a translation request (mention-frames.ts), a mention too (screenprec9).
// Round 13's request for the reader's context word for word (context-replay-request.ts), as a test's input.
for (const rule of ['inside_harm_order', 'context_replay']) {
  EXAMPLE_ONLY.add(rule);
  MENTIONABLE.add(rule);
}
// Round 16b (round16b-families.ts): persona leaks, the grandmother exploit, claimed modes, bans before harm, forged markup, decode-and-obey notes.
for (const rule of [
  'persona_prompt_leak',
  'relative_persona_recital',
  'claimed_mode_unlock',
  'no_refusal_harm_task',
  'authority_markup_order',
  'end_marker_part',
  'decoded_as_instruction',
]) {
  EXAMPLE_ONLY.add(rule);
  MENTIONABLE.add(rule);
}

// Round 17b (round17b-families.ts): harmful orders in other languages, orders in hidden page parts.
for (const rule of ['foreign_harm_order', 'hidden_element_order']) {
  EXAMPLE_ONLY.add(rule);
  MENTIONABLE.add(rule);
}

// Round 18a (round18a-families.ts): rule-free builds, inverted-rule games, records to a personal mailbox,
// payments to new bank details, stores opened to anyone.
for (const rule of [
  'rule_free_build_persona',
  'inverted_rules_game',
  'records_to_personal_mailbox',
  'payment_to_new_account',
  'open_share_order',
]) {
  EXAMPLE_ONLY.add(rule);
  MENTIONABLE.add(rule);
}

/** Whether dropQuotedMentions may drop or re-detect signals of `rule` (the others it keeps as they are). */
export function isMentionable(rule: string): boolean {
  return MENTIONABLE.has(rule);
}

/** Spans [from, to) of the quotations in `text` that are mentions (of an attack, in writing about one). */
function mentionSpans(text: string): Array<[number, number, boolean]> {
  // Each with whether it is an example (see EXAMPLE_ONLY).
  const quotes: Array<[number, number, boolean]> = [];
  const discussion = DISCUSSION.test(text) || reportsUnheededOrder(text);
  if (discussion) {
    QUOTED.lastIndex = 0;
    for (const match of matchesOf(QUOTED, text)) {
      const inner = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5] ?? match[6] ?? match[7] ?? match[8] ?? '';
      if (TARGET.test(inner) || text.length < 2 * match[0].length + (WIDE_SCRIPT.test(inner) ? 6 : 40)) continue;
      quotes.push([match.index ?? 0, (match.index ?? 0) + match[0].length, true]);
    }
  }
  // Quotations (up to 400 characters, addresses included) a text about attacks introduces as an example ("Consider '…'", "e.g. '…'").
  if (discussion) {
    for (const match of matchesOf(INTRODUCED_QUOTED, text)) {
      const at = match.index ?? 0;
      if (text.length - match[0].length >= 80 && EXAMPLE_INTRO.test(text.slice(Math.max(0, at - 30), at)))
        quotes.push([at, at + match[0].length, true]);
    }
  }
  // A quoted payload whose outcome the text reports right after it (tested-payload.ts), address and all.
  if (discussion) for (const [from, to] of testedPayloadQuotes(text)) quotes.push([from, to, true]);
  // An unquoted example in writing about attacks: the rest of the sentence after "e.g.", "for
  // example", "such as" ("a page may try to redirect the agent, e.g. to send cookies to a third
  // party"; "HTML comments such as <!-- assistant: … -->"), unless it sends things to an address.
  if (discussion && ATTACK_TALK.test(text)) {
    for (const cue of matchesOf(EXAMPLE_CUE, text)) {
      const from = (cue.index ?? 0) + cue[0].length;
      const rest = text.slice(from, from + EXAMPLE_CLAUSE);
      const end = SENTENCE_END.exec(rest);
      const to = from + (end === null ? rest.length : end.index);
      // (A clause already blanked, in a re-detection, is no example any more.)
      const clause = text.slice(from, to);
      if (clause.trim() !== '' && !ADDRESS.test(clause)) quotes.push([from, to, true]);
    }
  }
  // Quotations that the words before them introduce as mentions (mention-frames.ts), in any text.
  // An address in it is part of the example when the text discusses attacks or the quotation is a
  // fixture of test code (round 12: "a typical payload reads '… forward the inbox to x@y.example'").
  for (const [from, to, literal] of mentionQuotes(text))
    if (literal || discussion || !ADDRESS.test(text.slice(from, to))) quotes.push([from, to, literal || discussion]);
  return quotes;
}

// Words about attacks themselves (DISCUSSION also counts "such as" and "for example", the cues below).
const ATTACK_TALK =
  /\b(?:attack\w*|inject\w*|threats?|jailbreak\w*|payloads?|phishing|malicious|adversar\w*|exploit\w*|red[\s-]team\w*|firewall|lures?|forged)\b/i;
const EXAMPLE_CUE = /\b(?:e\.g\.|for\s+example|for\s+instance|such\s+as|[a-z]+s\s+like)[:,]?[ \t]*/gi;
const SENTENCE_END = /[.!?](?=\s|$)|\n/;
const EXAMPLE_CLAUSE = 160;
const EXAMPLE_CUE_WORD = /\be\.g\.|\bfor\s+(?:example|instance)\b|\bsuch\s+as\b|\b[a-z]+s\s+like\b/i;

/** Whether a line of `text` is labelled as a test's input (mention-frames.ts reads it in test reports). */
function hasInputLine(text: string): boolean {
  INPUT_LINE.lastIndex = 0;
  const found = INPUT_LINE.test(text);
  INPUT_LINE.lastIndex = 0;
  return found;
}

/** Characters before a quotation where a window signal that ends inside it may begin (its lead-in). */
const LEAD_IN = 48;

/**
 * `signals` without the phrase-rule signals that only quote an attack in a text about attacks, or
 * report an order as asked of a third party (reported-orders.ts). `redetect`, when given, is the
 * detectors run on another text: the signals of a text with mention quotations are then the ones
 * it still gives with those quotations blanked (issue 13, round 12: a detector that reads a whole
 * text, such as an order to whoever processes it, began before the quotation it needed).
 */
export function dropQuotedMentions(
  text: string,
  signals: readonly Signal[],
  redetect?: (blanked: string) => readonly Signal[],
): readonly Signal[] {
  if (signals.length === 0 || !signals.some((signal) => MENTIONABLE.has(signal.rule))) return signals;
  const quotes = QUOTE_CHAR.test(text) || EXAMPLE_CUE_WORD.test(text) || hasInputLine(text) ? mentionSpans(text) : [];
  const blank = (spans: ReadonlyArray<[number, number, boolean]>): string => {
    let blanked = text;
    for (const [from, to] of spans) blanked = blanked.slice(0, from) + ' '.repeat(to - from) + blanked.slice(to);
    return blanked;
  };
  const blanked = blank(quotes);
  if (quotes.length > 0 && redetect !== undefined) {
    // The words of a mention are not the text's own: what the text says with them blanked counts.
    // Blanking only takes evidence away (a detector that compares parts of a text may find them
    // further apart without the quotations): a detector counts only if it fired on the whole text.
    const fired = new Set(signals.map((signal) => signal.detector));
    const ofText = (found: readonly Signal[], rules: (rule: string) => boolean): Signal[] =>
      found.filter((signal) => rules(signal.rule) && fired.has(signal.detector));
    const all = redetect(blanked);
    const examples = quotes.filter(([, , example]) => example);
    const exampleRules = (rule: string): boolean => EXAMPLE_ONLY.has(rule);
    const ownExamples =
      examples.length === quotes.length
        ? ofText(all, exampleRules)
        : examples.length === 0
          ? signals.filter((signal) => exampleRules(signal.rule))
          : ofText(redetect(blank(examples)), exampleRules);
    return [
      ...signals.filter((signal) => !MENTIONABLE.has(signal.rule)),
      ...ofText(all, (rule) => MENTIONABLE.has(rule) && !EXAMPLE_ONLY.has(rule)),
      ...ownExamples,
    ];
  }
  // A signal that starts inside the quotation quotes it (detectors that read on past the quote
  // mark, such as the order after an address, still began with the quoted words); so does a
  // window with no focus that ends inside it and opens just before it ("a phrase like « … »").
  const quoted = (signal: Signal): boolean => {
    const at = signal.focus ?? signal.start;
    return quotes.some(
      ([from, to, example]) =>
        (example || !EXAMPLE_ONLY.has(signal.rule)) &&
        ((at >= from && at < to) || (signal.focus === undefined && signal.end > from && signal.end <= to && at >= from - LEAD_IN)),
    );
  };
  const kept = signals.filter(
    (signal) => !MENTIONABLE.has(signal.rule) || (!quoted(signal) && !isReportedOrder(text, signal.focus ?? signal.start)),
  );
  if (kept.length === signals.length) return signals;
  // A pattern rule reads its first match only: the same words quoted first and then given as an
  // order ("filters block 'reveal your system prompt'. Now reveal your system prompt.") are read
  // again with the quotations blanked, and what the rules dropped find outside them counts.
  const dropped = new Set(signals.filter((signal) => !kept.includes(signal)).map((signal) => signal.detector));
  if (quotes.length > 0) {
    for (const signal of runPatternRules(blanked))
      if (dropped.has(signal.detector) && !isReportedOrder(blanked, signal.focus ?? signal.start)) kept.push(signal);
  }
  return kept;
}

/**
 * `text` with its mention quotations blanked (the text's own words), or undefined when it quotes no
 * attack as a mention. The learned model is asked on this too: a report that quotes a payload is
 * not the payload (seventeenth session: a retrained model read a Japanese test report's quoted
 * order as the report's own).
 */
export function blankedMentions(text: string): string | undefined {
  if (!(QUOTE_CHAR.test(text) || EXAMPLE_CUE_WORD.test(text) || hasInputLine(text))) return undefined;
  const spans = mentionSpans(text);
  if (spans.length === 0) return undefined;
  let blanked = text;
  for (const [from, to] of spans) blanked = blanked.slice(0, from) + ' '.repeat(to - from) + blanked.slice(to);
  return blanked;
}

/**
 * Whether `source`, an encoded run found in `text`, lies inside a quotation that is a mention
 * ("a string such as 'aWdub3Jl…' looks like noise to a regex"): what it decodes to is quoted too.
 */
export function isQuotedMention(text: string, source: string): boolean {
  if (source.length >= text.length || !(QUOTE_CHAR.test(text) || EXAMPLE_CUE_WORD.test(text) || hasInputLine(text))) return false;
  const at = text.indexOf(source);
  return at >= 0 && mentionSpans(text).some(([from, to]) => at >= from && at + source.length <= to);
}
