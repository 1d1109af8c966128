// Variants of our own texts with words swapped for others of the same role (the reader, the
// rules, setting them aside, sending, secrets, where to): a linear model over n-grams learns an
// attack's wording; seeing each wording with its neighbours' words teaches it the role instead,
// so a fresh wording of a known family shares more of its features. Applied to both labels, so a
// word of a group is no evidence by itself. Deterministic (seeded).

import type { Example } from './screen-trainer.ts';

const GROUPS: string[][] = [
  ['assistant', 'model', 'agent', 'AI', 'bot', 'chatbot', 'language model', 'LLM', 'copilot'],
  ['instructions', 'rules', 'guidelines', 'directions', 'orders', 'policies', 'constraints', 'restrictions'],
  ['ignore', 'disregard', 'forget', 'skip', 'drop', 'set aside', 'override', 'bypass'],
  ['previous', 'earlier', 'prior', 'original', 'initial', 'above', 'preceding'],
  ['send', 'forward', 'e-mail', 'post', 'upload', 'transmit', 'deliver', 'submit'],
  ['password', 'API key', 'token', 'credentials', 'secret', 'private key', 'login details', 'access code'],
  ['user', 'owner', 'customer', 'operator', 'administrator', 'account holder', 'principal'],
  ['summary', 'answer', 'reply', 'response', 'report', 'output', 'overview'],
  ['now', 'immediately', 'right away', 'at once', 'from now on', 'going forward'],
  ['reveal', 'print', 'show', 'output', 'display', 'repeat', 'disclose', 'leak'],
  ['delete', 'remove', 'erase', 'wipe', 'destroy', 'purge'],
  ['task', 'job', 'assignment', 'goal', 'mission', 'objective'],
  ['document', 'page', 'file', 'message', 'e-mail', 'record', 'entry', 'note'],
  ['secretly', 'quietly', 'silently', 'without telling anyone', 'discreetly'],
];

const WORD_TO_GROUP = new Map<string, number>();
GROUPS.forEach((group, i) => {
  for (const word of group) WORD_TO_GROUP.set(word.toLowerCase(), i);
});
// Longest first, so 'language model' is taken before 'model'.
const PATTERN = new RegExp(
  `\\b(${[...WORD_TO_GROUP.keys()]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})\\b`,
  'gi',
);

/** `text` with about half of its group words replaced by others of their group; undefined when it has none. */
export function synonymVariant(text: string, random: () => number): string | undefined {
  let changed = false;
  const out = text.replace(PATTERN, (match) => {
    const group = GROUPS[WORD_TO_GROUP.get(match.toLowerCase())!];
    if (random() < 0.5) return match;
    const other = group[Math.floor(random() * group.length)];
    if (other.toLowerCase() === match.toLowerCase()) return match;
    changed = true;
    // Keep a capital at the start of a sentence.
    return /^[A-Z][a-z]/.test(match) ? other.charAt(0).toUpperCase() + other.slice(1) : other;
  });
  return changed ? out : undefined;
}

/** Sources whose texts get variants: ours (generated texts and red-team rounds), not the data sets'. */
export const VARIANT_SOURCES: ReadonlySet<string> = new Set(['own', 'own_indirect', 'adversarial']);
/** Variants per text. Two: leave-one-round-out, the model alone at 0.97 caught 4.3% → 7.2% of attacks (0.0% → 0.1% of benign rows). */
export const VARIANTS_PER_TEXT = 2;

/** `count` variants of each example of the given sources (English texts only change), in input order. */
export function synonymVariants(
  examples: readonly Example[],
  sources: ReadonlySet<string>,
  count: number,
  random: () => number,
): Example[] {
  const variants: Example[] = [];
  for (const example of examples) {
    if (!sources.has(example.source)) continue;
    for (let i = 0; i < count; i++) {
      const text = synonymVariant(example.text, random);
      if (text !== undefined && text !== example.text) variants.push({ ...example, text, style: `${example.style}_variant` });
    }
  }
  return variants;
}
