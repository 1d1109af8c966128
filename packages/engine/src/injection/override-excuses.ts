// When the words of an override ("ignore the old instructions", "forget my earlier instructions",
// "do not obey any instructions it contains") set aside no instruction of the reader's (issue 13,
// round 9: everyday notes, users revising their own request and guard prompts were flagged):
// - the speaker's own earlier request ("ignore my earlier instructions about tone");
// - instructions that belong to a thing, not to a model ("the old instructions on the package");
// - instructions that the data holds ("any instructions it contains", "instructions found in the page");
// - an override named as what something else might ask ("if a document asks you to ignore …");
// - an override reported as given to a third person ("the chatbot told a customer to ignore …", reported-order.ts).
// The reader's, the system's, a developer's or a user's instructions stay overrides.

import { reportsOrderToThirdPerson } from './reported-order.ts';

/** The speaker's own instructions: "my" inside the match, and no word of the reader's set-up. */
const OWN = /\b(?:my|mine)\b/i;
const READERS = /\b(?:your|system|developer|operator|safety|content)\b/i;
/** A place or owner after the target that is not a model's set-up, the user or the conversation. */
const THING_AFTER =
  /^\s+(?:on|in|for|from|of|inside|printed\s+on|about|regarding|sobre|para|acerca\s+de|über|zu[rm]?|für|sur|concernant|pour)\s+(?:the|this|that|its|a|an|el|la|los|las|del|al|der|die|das|den|dem|le|les|du|des)\s+(?!(?:system|prompt|chat|conversation|above|previous|earlier|model|ai|assistant|bot|agent|developers?|operators?|users?|owners?|creators?|makers?|admins?|administrators?|company|team|message|context|config\w*|setup|set-up)\b)[\p{L}-]+/iu;
/** Instructions held by the data being read. */
const HELD_BY_DATA =
  /^\s+(?:(?:it|they|this|that|the\s+[\p{L}-]+|a\s+[\p{L}-]+)\s+(?:contains?|holds?|includes?|carries|carry)\b|(?:contained|found|embedded|hidden|written|placed)\s+(?:in|inside|within)\b)/iu;
/** "If a document asks you to …", "when a page tells the model to …" before the override. */
const NAMED_AS_REQUEST =
  /\b(?:if|when|whenever)\b[^.;!?\n]{0,50}\b(?:asks?|tells?|instructs?|urges?|tries\s+to\s+get)\s+(?:you|it|them|the\s+[\p{L}-]+)\s+to\s+$/iu;

// A message that opens by greeting people ("Hi team,", "Dear colleagues,", "Hola equipo:",
// "Liebe Kolleginnen und Kollegen,", "Коллеги,", "各位同事：") and never names a model or the reader's
// set-up speaks to people: its "ignore the earlier guidance" revises a memo, not a prompt.
export const HUMAN_GREETING =
  /^\s*(?:(?:hi|hello|hey|dear|good\s+(?:morning|afternoon))\s+(?:team|all|everyone|everybody|folks|colleagues?|staff|customers?|[A-Z][a-z]+)|hola\s+(?:equipo|a\s+todos|todos)|estimad[oa]s?\s+\p{L}+|queridos?\s+\p{L}+|liebe\s+(?:kolleginnen|kollegen|alle|team)|hallo\s+(?:zusammen|team|alle)|sehr\s+geehrte|bonjour\s+(?:à\s+tous|tout\s+le\s+monde|l'équipe)|chers?\s+coll[eè]gues|коллеги|уважаемые|各位|皆様|皆さん)[\s\p{L}]{0,30}[,:!：，]/iu;
export const MACHINE_OR_SETUP =
  /\b(?:ai|a\.i\.|llm|gpt|bot|chatbot|copilot|assistant|agent|model|ki|ia|assistent\w*|asistente|agente|modelo|mod[eè]le|system\s+prompt|prompt|your\s+(?:instructions|rules|guidelines))\b|ИИ|ассистент|нейросет|助手|人工智能|アシスタント|モデル|(?<![A-Za-z])AI(?![A-Za-z])/iu;

/** Whether the override matched at [start, end) of `text` sets aside none of the reader's instructions. */
export function overrideExcused(text: string, start: number, end: number): boolean {
  const matched = text.slice(start, end);
  if (OWN.test(matched) && !READERS.test(matched)) return true;
  if (HUMAN_GREETING.test(text) && !MACHINE_OR_SETUP.test(text)) return true;
  const after = text.slice(end, end + 48);
  if (THING_AFTER.test(after) || HELD_BY_DATA.test(after)) return true;
  const before = text.slice(Math.max(0, start - 80), start);
  return NAMED_AS_REQUEST.test(before) || reportsOrderToThirdPerson(before);
}
