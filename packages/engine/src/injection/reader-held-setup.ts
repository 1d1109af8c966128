// The reader's set-up named by who gave it or how it reached the reader (issue 13, round 21): "your
// operator's instructions", "the hidden rules you were launched with", "the instructions you are
// hiding from me", "the prompt your developers loaded". A person has instructions too, but a person
// is not launched, booted or deployed with rules, does not run under a prompt, and has no operator
// or vendor whose instructions a stranger asks to see. The lists of prompt-leak.ts and
// pretence-disclosure.ts name the set-up by its qualifiers ("your system prompt", "your hidden
// instructions"); an owner's possessive or a relative clause about the reader closed them.

// What a set-up is called, with the qualifiers people put before it.
const SETUP_NOUN = String.raw`(?:(?:hidden|secret|confidential|internal|original|initial|private|real|actual|exact|full|complete|whole|system|start-?up|operating|base|core|standing|pre-?set|default|first)\s+){0,3}(?:instructions|orders|rules|prompts?|system\s+message|guidelines|directives|configuration|config|set-?up|briefing|preamble|guardrails)`;
// Who sets a machine reader up: its operator, deployer, vendor, developers (a person's "owner" or "boss" is left out).
const SETTER = String.raw`(?:operators?|deployers?|deployment|vendors?|providers?|developers?|devs|creators?|makers?|programmers?|builders?|integrators?|engineers)`;
// How a set-up reaches a machine: it is launched, booted, deployed or configured with it, and runs under it.
const LAUNCHED = String.raw`(?:launched|started|booted|deployed|configured|initiali[sz]ed|shipped|loaded|seeded|primed|programmed|spun\s+up|instantiated|provisioned|set\s+up)`;

/** A set-up named as the reader's by its setter's possessive or by a relative clause about the reader. */
export const READER_HELD_SETUP_SOURCE = [
  // "your operator's instructions", "your developers' hidden rules", "your deployment's system prompt"
  String.raw`\byour\s+(?:\w+\s+)?${SETTER}(?:'s|'|’s|’)?\s+${SETUP_NOUN}\b`,
  // "the hidden rules you were launched with", "the prompt you have been configured under"
  String.raw`\b${SETUP_NOUN}\s+(?:that\s+|which\s+)?you\s+(?:were|got|have\s+been|'ve\s+been|had\s+been)\s+(?:\w+\s+)?${LAUNCHED}\s+(?:with|under|on)\b`,
  // "the instructions you are hiding from me", "the rules you're running under", "the prompt you operate on"
  String.raw`\b${SETUP_NOUN}\s+(?:that\s+|which\s+)?you(?:'re|\s+are|\s+have\s+been|'ve\s+been)?\s+(?:(?:secretly|quietly|still|really)\s+)?(?:hiding|concealing|withholding|keeping\s+(?:secret|hidden|from)|running\s+(?:on|under|with)|operating\s+(?:on|under)|operate\s+(?:on|under)|run\s+(?:on|under))\b`,
  // "the rules your developers gave you", "the prompt the vendor loaded into you"
  String.raw`\b${SETUP_NOUN}\s+(?:that\s+|which\s+)?(?:your|the)\s+${SETTER}\s+(?:(?:gave|fed|handed|issued|wrote\s+(?:into|for))\s+you|(?:loaded|installed|baked|hard-?coded|put)\s+(?:in|into)\s+you)\b`,
].join('|');

/** The reader's set-up named by its setter or by how it reached the reader, or null. */
export const READER_HELD_SETUP = new RegExp(READER_HELD_SETUP_SOURCE, 'i');
