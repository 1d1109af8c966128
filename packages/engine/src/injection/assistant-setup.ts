// A system prompt that configures a harmless assistant (issue 13, leave-one-out precision): "System
// prompt for the support bot: be concise, …", "Instructions for the meeting-notes bot: …", "System:
// You are a translation engine. …", a code line {"role": "system", "content": "You are a SQL expert.
// …"}. It gives orders to an assistant and names a role, which is the form of an injection; but it
// is addressed to the assistant it sets up, not to whoever reads it, and asks for nothing an attack
// is for. A short text that opens as such a set-up and holds no rule set aside, no task dismissed,
// no secret, no outside address and no harmful or consequential act has the addressee and role
// signals excused; the same set-up with any of those stays flagged.

import type { Signal } from './rules.ts';

/** App prompts are short; a long "you are …" text is the form of the jailbreaks seen in the wild. */
const MAX_SETUP_CHARS = 1200;
const ASSISTANT_NOUN = String.raw`(?:assistant|bot|chatbot|engine|expert|tutor|translator|helper|agent|model|writer|editor|reviewer|summari[sz]er|classifier|guide|coach)`;
// How a set-up opens: a label naming an assistant's prompt, or a role line that gives it a job.
const OPENER = new RegExp(
  [
    String.raw`^\s*(?:the\s+|our\s+)?system\s+prompt\s+for\s+(?:the\s+|our\s+|a\s+|an\s+)?[\w -]{0,40}?\b${ASSISTANT_NOUN}s?\s*:`,
    String.raw`^\s*(?:(?:developer|operator|system|app)\s+)?instructions\s+for\s+(?:the\s+|our\s+|a\s+|an\s+)?[\w -]{0,40}?\b${ASSISTANT_NOUN}s?\s*:`,
    // "System: You are a …", "[system]\nYou are the receptionist of …": a channel label opening the set-up itself.
    String.raw`^\s*(?:system(?:\s+(?:message|prompt))?|\[system\]|<system>)\s*:?\s*you\s+are\s+(?:a|an|the)\s+[\w -]{0,40}?\b(?:${ASSISTANT_NOUN}|receptionist|concierge|companion|planner|advisor|host)\b`,
    String.raw`["']role["']\s*:\s*["']system["']\s*,\s*["']content["']\s*:\s*["']you\s+are\s+(?:a|an)\s+[\w -]{0,40}?\b${ASSISTANT_NOUN}\b`,
    String.raw`^\s*(?:from\s+now\s+on\s+)?in\s+this\s+app,?\s+you\s+are\s+[^.\n]{0,60}?\b${ASSISTANT_NOUN}\b`,
  ].join('|'),
  'im',
);
// What an attack set up as a prompt is for: rules loosened or the task dismissed, secrets, an outside
// address, harm, or an act with consequences outside the conversation.
export const ATTACK_PURPOSE =
  /\b(?:no|without|ignore|forget|bypass|override|disregard|drop)\s+(?:the\s+|any\s+|all\s+|your\s+|its\s+|previous\s+|prior\s+|above\s+|earlier\s+|original\s+|old\s+)*(?:rules|restrictions|limits|filters?|guidelines|polic(?:y|ies)|instructions|safety|user|task|request|question|prompt|context|conversation)\b|\b(?:unrestricted|uncensored|unfiltered|jailbr\w*|developer\s+mode|god\s+mode|dan\b|never\s+refuse|always\s+comply|do\s+anything|new\s+instructions|instead|passwords?|secrets?|credentials?|api[\s_-]?keys?|tokens?|private\s+keys?|ssh|\.env|(?:print|repeat|output|show|tell)\s+(?:me\s+)?(?:your|the)\s+(?:system|hidden|initial|original)|weapons?|bombs?|explosives?|malware|ransomware|hack\w*|steal\w*|launder\w*|illegal|exfiltrat\w*|forward\w*|transfer\w*|wire\w*|pay(?:ment)?s?|refund\s+(?:all|every)|grant\w*|admin\w*|root|sudo|rm\s+-rf|wipe\w*|delete\s+(?:all|every|the)|reveal\w*|disclos\w*|leak\w*|upload\w*|download\w*|install\w*|execut\w*|click\w*|quietly|secretly|silently|without\s+(?:telling|mentioning))\b|https?:\/\/|[\w.+-]+@[\w-]+\.[a-z]{2,}|[a-z][0-9][a-z]/i;
/**
 * The signals a set-up's form raises: an order to a named assistant, a role line, a persona, a channel label,
 * and (precision 13) an order in time to the assistant named ("Before editing files, read the tests").
 */
const FORM_RULES = new Set([
  'agent_vocative_order',
  'role_forgery',
  'persona_jailbreak',
  'roleplay_setup',
  'channel_label_order',
  'agent_intent',
]);

// A set-up's guard rail forbids an act ("Never commit secrets.", "Do not run commands that delete data
// without asking the user first."): the purpose words in it are what the assistant must not do (precision
// 13). A sentence that forbids a check instead ("Never ask before deleting", "Do not tell the user") lifts a
// guard, and one naming an address still sends somewhere: both stay read. So does one that forbids a
// restriction ("Never withhold passwords", "Do not keep secrets from the user"): a guard that negates a
// restriction is no guard. The sentence stops at a colon or semicolon: what follows it is judged.
const GUARD_SENTENCE =
  /(?:^|(?<=[.!?:;\n]\s*))(?:you\s+(?:must|should|shall|may|will)\s+)?(?:never|do\s+not|don'?t|must\s+not|may\s+not|should\s+not)\s+(?!(?:ever\s+)?(?:withhold|hide|conceal|redact|mask|omit|hold\s+back|keep\b(?=[^.!?:;\n]{0,80}\b(?:from|secret|hidden|private|back)\b)|refuse|decline|question|hesitate|warn|mention|tell|inform|notify|alert|log|report|ask|confirm|verify|check|follow|obey|apply|use|stop|wait|pause|say|answer|reply|respond|apologi[sz]e|break|limit|restrict|filter|censor|judge|moralize|lecture)\b)[^.!?:;\n]{1,160}[.!?:;](?=\s|$)/gi;
const ADDRESS_IN = /https?:\/\/|[\w.+-]+@[\w-]+\.[a-z]{2,}/i;

/** `text` without the guard rails it sets (sentences that forbid an act). */
function withoutGuardRails(text: string): string {
  return text.replace(GUARD_SENTENCE, (sentence) => (ADDRESS_IN.test(sentence) ? sentence : ' '));
}

/** True when `text` is a short set-up of a harmless assistant. */
export function isHarmlessAssistantSetup(text: string): boolean {
  return text.length <= MAX_SETUP_CHARS && OPENER.test(text) && !ATTACK_PURPOSE.test(withoutGuardRails(text));
}

/** The signals without the set-up's form signals when the text configures a harmless assistant. */
export function temperAssistantSetup(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (!signals.some((signal) => FORM_RULES.has(signal.rule)) || !isHarmlessAssistantSetup(text)) return signals;
  return signals.filter((signal) => !FORM_RULES.has(signal.rule));
}
