// A document that names its kind for people at its head (issue 13, leave-one-out precision): "#
// Contributing", "Comment: …", "Internal note template: …", "Writing prompt for my D&D group: …",
// "Research paper: …", a how-to, guide, checklist, runbook or tutorial ("How to write a good bug
// report", "Runbook: disk almost full on log-01", screenprec5). Its requests ("Please write commit messages in the imperative mood", "Please
// review whether the prompt needs updating", "How should the paladin react?") are the document's own,
// to its human readers, even when they share few words with the rest. Not "Draft blog post" or an
// e-mail: an attack has been seen under a draft's head, and carriers of spliced requests are mail.

const HEAD =
  /^\s*(?:#{1,3}\s*)?(?:contributing(?:\s+guide)?|code\s+review|review\s+comments?|comment|internal\s+note(?:\s+template)?|note\s+template|writing\s+prompt\s+for\s+(?:my|our)\s+[\w&' -]{1,30}|research\s+paper|meeting\s+minutes|minutes|release\s+notes|changelog|how\s+to\s+[^\n:]{3,80}|(?:quick\s+|step-by-step\s+)?guide\b[^\n:]{0,60}|[\w -]{0,40}\bchecklist\b[^\n:]{0,60}|runbook\b[^\n:]{0,60}|tutorial\b[^\n:]{0,60}|steps\s+to\s+[^\n:]{3,60})\s*(?::|\n|$)/i;

/** True when the text opens by naming a kind of document written for people. */
export function headsDocumentForPeople(text: string): boolean {
  return HEAD.test(text);
}
