// unaddressed-order.ts in German, French, Spanish, Chinese, Russian and Japanese (issue 13, eleventh
// session): the text names the reader's work on it — its processing, the summary about to be
// written, the next step of the system reading it, any answer about this file — and in the same
// sentence either sends something to an outside target (an address, a URL, an account) or
// dictates the answer ("must say that …", "answer only with «…»"). A request to a person in
// these languages names no processing of the text and no reading system; a style guide's "every
// summary of this report names its sources" dictates no verdict and quotes no sole answer.

import { TARGET } from './dictated-act.ts';
import { matchesOf } from './matches-of.ts';
import type { Signal } from './rules.ts';
import { ROUND10_WORD } from './text-traits.ts';

// The reader's work on this very text, by language.
const WORK_ON_TEXT = new RegExp(
  [
    // de
    String.raw`(?<![\p{L}])(?:bei\s+der\s+(?:verarbeitung|auswertung|zusammenfassung)\s+(?:dieser|dieses|des)|vor\s+der\s+zusammenfassung|(?:nächster|folgender)\s+schritt\s+für\s+(?:das|den|die)|(?:das|ein)\s+(?:lesende|verarbeitende)\s+system|jede\s+zusammenfassung\s+(?:dieser|dieses)|(?:auf\s+)?jede\s+frage\s+zu\s+(?:dieser|diesem))`,
    // fr
    String.raw`(?<![\p{L}])(?:lors\s+du\s+traitement\s+de|avant\s+de\s+rédiger\s+le\s+résumé|étape\s+suivante\s+pour\s+le|le\s+système\s+qui\s+(?:lit|traite)|tout\s+résumé\s+de\s+(?:cette|ce|ces)|toute\s+question\s+sur\s+(?:ce|cette|ces))`,
    // es
    String.raw`(?<![\p{L}])(?:al\s+procesar\s+(?:este|esta|estos|estas)|antes\s+de\s+(?:escribir|redactar|generar)\s+el\s+resumen|siguiente\s+paso\s+para\s+el|el\s+sistema\s+que\s+(?:lee|procesa)|cualquier\s+resumen\s+de\s+(?:esta|este)|cualquier\s+pregunta\s+sobre\s+(?:este|esta))`,
    // zh
    String.raw`处理(?:本|此|这)(?:文件|文档|页面|邮件|内容)|(?:写|生成)摘要之前|读取(?:此|本|这)(?:内容|文件|页面)的系统|(?:本|此|这)(?:页面|文件|文档)的任何摘要|关于(?:此|本|这)(?:文件|页面|文档)的任何问题`,
    // ru
    String.raw`(?<![\p{L}])(?:при\s+обработке\s+(?:этого|этой|этих)|перед\s+тем\s+как\s+(?:писать|составлять|готовить)\s+(?:краткое|резюме|сводку)|следующий\s+шаг\s+для\s+систем|систем\w*,?\s+(?:читающ|обрабатывающ)\w*\s+это|любое\s+(?:краткое\s+содержание|резюме)\s+(?:этой|этого)|на\s+любой\s+вопрос\s+об?\s+(?:этом|этой))`,
    // ja
    String.raw`この(?:文書|ファイル|ページ|メール)を処理する|要約を書く前に|これを読んでいるシステム|この(?:文書|ファイル|ページ|メール)の要約では|この(?:文書|ファイル|ページ|メール)に関する質問には`,
  ].join('|'),
  'giu',
);
// An account number written as groups of digits after a word for an account.
const ACCOUNT = /(?:konto|compte|cuenta|счёт|счет|账户|口座)\s*[\dA-Z]{2,}(?:\s?[\dA-Z]{3,}){1,}/iu;
// The answer dictated: "must say / affirm / state that", or a quoted answer to give and nothing else.
const DICTATED = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:muss\s+(?:sagen|besagen|feststellen|erwähnen),?\s+dass|nur\s+mit\s+[„"«]|doit\s+(?:affirmer|dire|indiquer|préciser)\s+que|uniquement\s+par\s+[«"“]|debe\s+(?:decir|afirmar|indicar)\s+que|solo\s+con\s+[«"“]|должн\w+\s+(?:говорить|утверждать|сообщать|указывать),?\s+что|только\s+[«"“])`,
    String.raw`必须说明|必须声明|只回答[“"「]|と述べること|とだけ答え`,
  ].join('|'),
  'iu',
);
// A full stop ends the sentence; the dot inside an address or a URL does not.
const SENTENCE_END = /[.!?](?=\s|$)|[。！？\n]/;
// Chinese, Russian and Japanese letters: the key-word scan finds the German, French and Spanish frames.
const OTHER_SCRIPT = /[\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff]/;
/verarbeit|zusammenfass|schritt|system|frage|traitement|résumé|étape|question|procesa|resumen|paso|pregunta|[\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff]/i;
const MAX = 8;
const WEIGHT = 0.6;

/** A non-English order to whoever processes the text: something sent out, or the answer dictated (0.6); `traits` as scanned (text-traits.ts). */
export function detectUnaddressedOrderOther(text: string, traits = ROUND10_WORD): Signal | undefined {
  if ((traits & ROUND10_WORD) === 0 && !OTHER_SCRIPT.test(text)) return undefined;
  let looked = 0;
  for (const frame of matchesOf(WORK_ON_TEXT, text)) {
    if (++looked > MAX) break;
    const start = frame.index ?? 0;
    const rest = text.slice(start, start + 240);
    // The act in the same sentence (a colon goes on to it; a full stop ends it).
    const endAt = rest.slice(frame[0].length).search(SENTENCE_END);
    const sentence = endAt < 0 ? rest : rest.slice(0, frame[0].length + endAt + 1);
    if (TARGET.test(sentence) || ACCOUNT.test(sentence) || DICTATED.test(sentence))
      return { rule: 'processing_directive', detector: 'unaddressed_order_other', weight: WEIGHT, start, end: start + 160, focus: start };
  }
  return undefined;
}
