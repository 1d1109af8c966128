// BIPIA's way of building its test set: each attack instruction spliced into clean contexts at
// the start, in the middle (after a random sentence) and at the end; text attacks into e-mails
// and tables, code attacks into code answers.

import { mulberry32, type Example } from './screen-trainer.ts';

function splice(context: string, attack: string, position: number, random: () => number): string {
  if (position === 0) return `${attack}\n${context}`;
  if (position === 2) return `${context}\n${attack}`;
  const sentences = context.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
  if (sentences.length < 2) return `${context}\n${attack}`;
  const at = 1 + Math.floor(random() * (sentences.length - 1));
  return [sentences.slice(0, at).join(' '), attack, sentences.slice(at).join(' ')].join('\n');
}

/** BIPIA's attack instructions spliced into its clean contexts (text into text, code into code). */
export function bipiaSpliced(examples: readonly Example[]): Example[] {
  const contexts = examples.filter((e) => e.source === 'bipia' && e.label === 0);
  const attacks = examples.filter((e) => e.source === 'bipia' && e.label === 1);
  const random = mulberry32(20231218);
  const out: Example[] = [];
  for (const attack of attacks) {
    const isCode = attack.style.endsWith('code');
    const carriers = contexts.filter((c) => c.style.includes('code') === isCode);
    // Every attack in 6 carriers at 3 positions: 18 texts per attack.
    for (let k = 0; k < Math.min(6, carriers.length); k++) {
      const context = carriers[(attack.text.length * 7 + k * 13) % carriers.length];
      for (const position of [0, 1, 2])
        out.push({
          ...attack,
          text: splice(context.text, attack.text, position, random),
          style: `spliced_${['start', 'middle', 'end'][position]}`,
        });
    }
  }
  return out;
}
