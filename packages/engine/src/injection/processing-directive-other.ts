// processing-directive.ts in German, French, Spanish, Chinese, Russian and Japanese (issue 13, red
// team round 6): the text names what is made of it or its own processing ("Hinweis zur
// Verarbeitung", "le compte rendu de ce message", "quien procese este registro", "处理说明",
// "обработка этого письма", "このメールを処理する際") and, in the same paragraph, dictates an act:
// something sent to an outside target, paid, approved, run, or kept from the user.

import { findAnchoredAct, paragraphAfter } from './anchored-act.ts';
import { TARGET } from './dictated-act.ts';
import type { Signal } from './rules.ts';
import { NON_ASCII, OTHER_LANGUAGE_PROCESSING_WORD } from './text-traits.ts';

const ANCHOR = new RegExp(
  [
    // de
    String.raw`(?<![A-Za-zÀ-ÿ])(?:hinweis\s+zur\s+verarbeitung|(?:verarbeitung|zusammenfassung|auswertung|prüfung)\s+(?:dieser|dieses|des\s+vorliegenden)|wer\s+diese[nrs]?\s+\S+\s+(?:automatisch\s+)?(?:verarbeitet|liest|zusammenfasst|auswertet))`,
    // fr
    String.raw`(?<![A-Za-zÀ-ÿ])(?:(?:compte\s+rendu|résumé|traitement|synthèse|analyse)\s+(?:automatique\s+)?(?:de\s+)?(?:ce|cette|ces)\s|l'outil\s+qui\s+(?:lit|traite)|tâche\s+mise\s+à\s+jour|exigence\s+de\s+ce|quiconque\s+(?:lit|traite))`,
    // es
    String.raw`(?<![A-Za-zÀ-ÿ])(?:quien\s+(?:procese|lea|gestione)|(?:resumen|procesamiento|tratamiento|análisis)\s+(?:automático\s+)?de\s+(?:este|esta|estos|estas)\s|paso\s+siguiente\s+para)`,
    // zh
    String.raw`处理说明|生成本|摘要之前|总结之前|回答[^。\n]{0,12}?问题时|处理本|处理这`,
    // ru
    String.raw`(?:обработк[аеи]|проверк[аеи]|сводк[аеи]|анализ)\s+(?:этого|этой|этих)|кто\s+(?:обрабатывает|читает)\s+(?:это|этот|эту)`,
    // ja
    String.raw`この(?:メール|ページ|ファイル|文書)を処理|この(?:メール|ページ|ファイル|文書)の要約|処理する際|要約では|要約の前`,
  ].join('|'),
  'gi',
);
// An act with consequences in the six languages: sending, paying, approving, running, hiding, dictating.
const ACT = new RegExp(
  [
    String.raw`(?<![A-Za-zÀ-ÿ])(?:bezahlt|überwie|sende[tn]?|schick|weiterleit|erwähnt\s+\S+(?:\s+\S+)?\s+nicht|nicht\s+erwähn|ohne\s+rückfrage|genehmig|lösch)`,
    String.raw`(?<![A-Za-zÀ-ÿ])(?:envoie|envoy|transf[eéè]r|recommandation|présentée?s?\s+comme|supprim|sans\s+(?:demander|confirmation)|publi[ée]|pay[ée])`,
    String.raw`(?<![A-Za-zÀ-ÿ])(?:reenvi|envi[aá]r|no\s+dejar|omite|aprobar|aprueba|dice\s+que|sin\s+(?:pedir|preguntar|avisar)|pag(?:ar|o\s+pendiente))`,
    String.raw`发送|转发|不要告诉|一律|拨打|支付|转账|删除`,
    String.raw`пересыла|пересл|отправ|не\s+упомина|команд|уязвимостей\s+нет|оплат|удал`,
    String.raw`送信|伝えない|不合格|記載|送金|削除`,
    '`[^`\\n]{3,}`',
  ].join('|'),
  'i',
);
const WINDOW_AFTER = 200;
// The Chinese, Russian and Japanese anchors need a letter of their script; the others need their
// key words (tool-output-words.ts), which the key-word pass finds.
const OTHER_SCRIPT = /[\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff]/;
/wer |verarbeit|zusammenfass|auswert|prüfung|compte|résumé|traitement|synthèse|analys|outil|tâche|exigence|quiconque|quien|resumen|procesamiento|tratamiento|análisis|paso|[\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff]/i;

/** A non-English text that makes what is done with it an act with consequences (0.6). */
export function detectProcessingDirectiveOther(text: string, traits = OTHER_LANGUAGE_PROCESSING_WORD): Signal | undefined {
  if (text.length < 20) return undefined;
  if ((traits & OTHER_LANGUAGE_PROCESSING_WORD) === 0 && ((traits & NON_ASCII) === 0 || !OTHER_SCRIPT.test(text))) return undefined;
  const found = findAnchoredAct(text, ANCHOR, 20, (start, end) => {
    const span = text.slice(start, end) + paragraphAfter(text, end, WINDOW_AFTER);
    return ACT.test(span) || TARGET.test(span);
  });
  if (found === undefined) return undefined;
  return { rule: 'processing_directive', detector: 'processing_directive_other', weight: 0.6, start: found.start, end: found.end + 100 };
}
