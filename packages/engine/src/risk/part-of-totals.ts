// An amount a text names as the whole that the payment is a part of: `installment 3 of the ₹
// 48,00,000 contract`, `second tranche of $2M`, `deposit towards the 1.2M purchase`. The whole is
// not what this payment moves, so a memo's reader does not take it as the amount.

/** A part word, then `of` or `towards`, right before the amount. */
const PART_OF =
  /\b(?:install?ments?|tranches?|parts?|portions?|shares?|milestones?|deposits?|advances?|payments?\s+\d+|\d+(?:st|nd|rd|th)|first|second|third|final|last|partial(?:\s+payment)?)\b(?:\s+(?:\d+|no\.?\s*\d+|#\d+))?\s+(?:of|towards?|against|on)(?:\s+(?:the|a|an|our|your|total|full|overall))*\s*$/i;

/** Whether the text before an amount names it as a total this payment is part of. */
export function namesPartOfTotal(textBefore: string): boolean {
  return PART_OF.test(textBefore.slice(-80));
}
