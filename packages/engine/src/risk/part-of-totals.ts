// An amount a text names as the whole that the payment is a part of: `installment 3 of the ₹
// 48,00,000 contract`, `second tranche of $2M`, `deposit towards the 1.2M purchase`. The whole is
// not what this payment moves, so a memo's reader does not take it as the amount. `Deposit of
// $90,000` names what is paid: a deposit or an advance is a part only when a whole follows the amount.

const LINK = String.raw`\s+(?:of|towards?|against|on)(?:\s+(?:the|a|an|our|your|total|full|overall))*\s*$`;
/** A numbered or ordinal part (`installment 3 of`, `second tranche of`): `of` then names the whole. */
const NUMBERED_PART = new RegExp(
  String.raw`\b(?:(?:install?ments?|tranches?|parts?|portions?|shares?|milestones?|payments?)\s+(?:\d+|no\.?\s*\d+|#\d+)|(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth)\s+(?:install?ments?|tranches?|parts?|portions?|shares?|milestones?|payments?))` +
    LINK,
  'i',
);
/** A part word with `towards`, `against` or `on` (`installment towards the`): never `of` (`installment of $500` is what is paid). */
const PART_TOWARDS =
  /\b(?:install?ments?|tranches?|parts?|portions?|shares?|milestones?)\s+(?:towards?|against|on)(?:\s+(?:the|a|an|our|your|total|full|overall))*\s*$/i;
/** A deposit, an advance or a partial payment before an amount: a part only if a whole names the amount after it. */
const PART_BEFORE_WHOLE = new RegExp(String.raw`\b(?:deposits?|advances?|partial(?:\s+payments?)?)` + LINK, 'i');
/** The noun of a whole right after an amount (`$1.2M purchase`, `€900k home loan`). */
const WHOLE_AFTER = /^\s*(?:[A-Za-z-]+\s+)?(?:contract|purchase|price|total|loan|sale|deal|financing|facility|order)s?\b/i;

/** Whether the text before an amount (and, for deposits and advances, the text after it) names it as a total this payment is part of. */
export function namesPartOfTotal(textBefore: string, textAfter = ''): boolean {
  const before = textBefore.slice(-80);
  if (NUMBERED_PART.test(before) || PART_TOWARDS.test(before)) return true;
  return PART_BEFORE_WHOLE.test(before) && WHOLE_AFTER.test(textAfter.slice(0, 60));
}
