// The reader's constraints loosened in German, French, Spanish, Chinese, Russian or Japanese, in
// any wording (issue 13, red team round 8): a word for what constrains the reader (rules,
// guidelines, limits, filters, its creators) and, in the same sentence, a word that drops or
// outranks it ("an keine Richtlinien mehr halten", "plus aucune règle ne s'applique à toi", "me
// obedeces solo a mí", "забудь про свои ограничения", "どんな制限も気にせず"). The English twin is
// constraint-loosening.ts; foreign-rules-void.ts holds fixed phrases. A notice that the car park's
// rules changed has no word that frees anyone of them.

import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';
import { matchesOf } from './matches-of.ts';

// [constraint, loosening] per language, both within one sentence.
const PAIRS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [
    /(?<![A-Za-zÀ-ÿ])(?:richtlinien|regeln|vorgaben|einschränkungen|grenzen|filter|anweisungen|schöpfer|entwickler)(?![A-Za-zÀ-ÿ])/i,
    /(?<![A-Za-zÀ-ÿ])(?:keine[nrm]?\s+(?:\S+\s+){0,2}?mehr|nicht\s+mehr|vergiss|ignorier\w*|egal|aufgehoben|abgeschaltet|außer\s+kraft|nur\s+(?:noch\s+)?mir)(?![A-Za-zÀ-ÿ])/i,
  ],
  [
    /(?<![A-Za-zÀ-ÿ])(?:règles?|consignes?|limites?|restrictions?|filtres?|créateurs?|développeurs?)(?![A-Za-zÀ-ÿ])/i,
    /(?<![A-Za-zÀ-ÿ])(?:plus\s+aucune?|ne\s+(?:s'appliquent?|comptent?)\s+plus|oublie|ignore|levées?|supprimées?|seulement\s+(?:à\s+)?moi|uniquement\s+(?:à\s+)?moi)(?![A-Za-zÀ-ÿ])/i,
  ],
  [
    /(?<![A-Za-zÀ-ÿ])(?:reglas?|normas?|límites?|restricciones?|filtros?|creadores|desarrolladores|limitaciones)(?![A-Za-zÀ-ÿ])/i,
    /(?<![A-Za-zÀ-ÿ])(?:ya\s+no|ningun[ao]?|olvida|ignora\w*|no\s+haces\s+caso|solo\s+a\s+mí|únicamente\s+a\s+mí|sin\s+(?:ningun[ao]?\s+)?(?:límites?|reglas?|restricciones?))(?![A-Za-zÀ-ÿ])/i,
  ],
  [/规则|限制|约束|设定|规定|安全策略|开发者/, /没有任何|不再|忘掉|忘记|无视|别管|不用(?:管|理)|不受|只听我/],
  [
    /(?:правил\w*|ограничени\w*|фильтр\w*|инструкци\w*|создател\w*|разработчик\w*)/i,
    /(?:забудь|игнорируй|не\s+действуют|больше\s+не|без\s+(?:всяких\s+)?(?:правил|ограничений)|сняты|только\s+меня|наплюй)/i,
  ],
  [/制限|ルール|設定|規則|フィルター|制約|開発者/, /気にせず|無視|無効|解除|忘れて|関係なく|なしで|だけに従/],
];
const GATE = wordGate(
  /[À-ÿ]|[\u0400-\u04FF]|[\u3040-\u30FF\u4E00-\u9FFF]|regeln|vorgaben|richtlinien|grenzen|filter|regles|consignes|limites|restrictions|reglas|normas|creadores/i,
);
const SENTENCE = /[^.!?。！？\n]+/g;
// A request to translate carries someone else's sentence: it frees no one.
const TRANSLATION = /(?<![A-Za-zÀ-ÿ])(?:übersetz\w*|tradu\w+|translat\w+|переведи\w*)|翻译|訳して|翻訳/i;

/** The reader's constraints loosened in one of six languages (0.5). */
export function detectForeignConstraintLoosening(text: string): Signal | undefined {
  if (text.length < 8 || text.length > 4000 || !GATE.test(text) || TRANSLATION.test(text)) return undefined;
  // The languages whose constraint words occur at all; most texts have none.
  const pairs = PAIRS.filter(([constraint]) => constraint.test(text));
  if (pairs.length === 0) return undefined;
  SENTENCE.lastIndex = 0;
  for (const sentence of matchesOf(SENTENCE, text)) {
    for (const [constraint, loosening] of pairs) {
      const bound = constraint.exec(sentence[0]);
      const freed = bound === null ? null : loosening.exec(sentence[0]);
      if (bound === null || freed === null) continue;
      // The signal starts at the first of its two words (a quotation of them quotes it: quoted-mentions.ts).
      const at = (sentence.index ?? 0) + Math.min(bound.index, freed.index);
      return {
        rule: 'foreign_constraint_loosening',
        detector: 'foreign_constraint_loosening',
        weight: 0.5,
        start: at,
        end: (sentence.index ?? 0) + sentence[0].length,
      };
    }
  }
  return undefined;
}
