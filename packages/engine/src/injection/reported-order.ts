// An order reported as someone else's, given to a third person (issue 13, precision 11): "the chatbot
// told a customer to ignore the refund policy", "the caller asked his colleague to disregard the memo",
// "she persuaded the clerk to bypass the rules". A past verb of telling with a person for its object
// is a report of what happened between others; the order after it is told of, not given. An object
// that is the reader ("told you to", "asked the assistant to") or the writer ("told me to", "asked us
// to", the relay of a wish) is not a third person and is read as ever.

const MACHINE_OR_READER =
  /^(?:you|u|yourself|me|us|it|ai|a\.i\.|llm|gpt|chatgpt|chatbot|bot|copilot|assistant|agent|model|system|claude|gemini|ki|ia|agents|assistants|bots|models)$/i;
// The verb, then an object of one to four words ending right before "to".
const REPORTED =
  /\b(?:told|asked|instructed|urged|ordered|advised|convinced|persuaded|tricked|encouraged|pressured|begged|got)\s+((?:[\p{L}'’-]+\s+){1,4})to\s+$/iu;

// Or described as what a text says: "Remove the instructions that ask the model to ignore its system
// prompt", "prompts which tell the assistant to …": a text named as the one that orders is a mention of
// that order, whoever it is given to.
const DESCRIBED =
  /\b(?:instructions?|texts?|prompts?|messages?|requests?|inputs?|content|lines?|sentences?|comments?|strings?|e-?mails?|pages?|documents?|payloads?|attacks?)\s+(?:that|which)\s+(?:ask|asks|tell|tells|instruct|instructs|order|orders|urge|urges|get|gets|tr(?:y|ies)\s+to\s+get|direct|directs)\s+(?:(?:the|a|an|your|any)\s+)?(?:[\p{L}-]+\s+){0,2}?to\s+$/iu;

/** Whether `before` (the text right before an order) reports the order as given to a third person, or describes a text that gives it. */
export function reportsOrderToThirdPerson(before: string): boolean {
  if (DESCRIBED.test(before.slice(-80))) return true;
  const match = REPORTED.exec(before.slice(-80));
  if (match === null) return false;
  const words = match[1].trim().split(/\s+/);
  return !words.some((word) => MACHINE_OR_READER.test(word.replace(/['’]s$/, '')));
}
