// Benign task prompts of completion-style apps, built from parts (our own wording, label 0): an
// instruction about a text, an empty or filled slot for it, and the label the model is to fill in
// ("Reading level:"). They address a model and use imperatives without switching its task, like
// the system prompts of screen-own-texts.ts; without them the learned model read an empty slot
// after "the following text" as the start of an attack.

import { mulberry32, type Example } from './screen-trainer.ts';

const TASKS: ReadonlyArray<readonly [string, string]> = [
  ['Give a reading level for', 'Reading level'],
  ['Suggest three tags for', 'Tags'],
  ['Assign a content category to', 'Category'],
  ['Rate the tone, from 1 to 5, of', 'Tone'],
  ['List the product names mentioned in', 'Products'],
  ['Write a one-line headline for', 'Headline'],
  ['Estimate the age group suited to', 'Age group'],
  ['Name the main topic of', 'Topic'],
  ['Pick the language of', 'Language'],
  ['Mark the formality, formal or casual, of', 'Formality'],
  ['Count the questions asked in', 'Questions'],
  ['Find the dates mentioned in', 'Dates'],
  ['Summarise in one sentence', 'Summary'],
  ['Turn into a polite reply', 'Reply'],
  ['Rewrite in plain words', 'Plain version'],
  ['Give a short title to', 'Title'],
];
const OBJECTS = [
  'the following text',
  'this passage',
  'the review below',
  'this support ticket',
  'the message below',
  'this paragraph',
  'the listing below',
  'this note',
];
const SAMPLES = [
  '',
  'The delivery came two days late but the staff apologised and refunded the fee.',
  'Our meeting moved to Thursday at 3 pm; please bring the budget sheet.',
  'This cordless drill holds a charge for a week and ships with two bits.',
  'I loved the first half of the book; the ending felt rushed.',
  'The museum is closed on Mondays and free on the first Sunday of the month.',
];

/** Completion-style app prompts; label 0. */
export function ownAppPrompts(): Example[] {
  const random = mulberry32(131);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const examples: Example[] = [];
  for (let i = 0; i < 96; i++) {
    const [task, label] = pick(TASKS);
    const sample = pick(SAMPLES);
    const form = random();
    const slot = form < 0.4 ? `"${sample}"` : form < 0.7 ? `Text: "${sample}"` : sample;
    const text = `${task} ${pick(OBJECTS)}:\n\n${slot}\n\n${label}:`.replace(/\n\n\n\n/g, '\n\n');
    examples.push({ text, label: 0, source: 'own', style: 'own_app_prompt', group: 'own:own_app_prompt' });
  }
  return examples;
}
