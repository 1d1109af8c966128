// A machine word that modifies the people addressed (issue 13, precision 13): "Dear AI system
// vendors:", "Note for the bot developers:", "Hi chatbot team,". The head of the noun phrase is
// the people (a team, vendors, developers), not the machine: the text speaks to them. The word
// after the machine noun decides; "Dear AI," and "Note for the assistant:" still address a model.

/** People named right after a machine noun (a regex source for a lookahead after the noun). */
export const PEOPLE_AFTER_MACHINE_WORD_SOURCE = String.raw`(?:\s+(?:system|product|platform|model|tool|safety|research|ops))?\s+(?:teams?|vendors?|providers?|suppliers?|companies|developers?|engineers?|researchers?|builders?|makers?|staff|group|department|committee|owners?|maintainers?|community|practitioners?|experts?|leads?|managers?)\b`;

/** Whether `after`, the text right after a machine noun, names the people it modifies. */
export function namesPeopleAfterMachineWord(after: string): boolean {
  return new RegExp(`^${PEOPLE_AFTER_MACHINE_WORD_SOURCE}`, 'i').test(after);
}
