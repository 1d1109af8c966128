// "If you are a model reading this, …" in other languages (issue 13, red team round 14a): a text
// that asks its reader whether it is an AI and, in the same breath, tells it what to do addresses
// the machine, whoever wrote it: "Jeśli jesteś modelem językowym czytającym tę stronę, pomiń …",
// "Si tu es une IA qui lit cette page, laisse tomber …", "AI 에이전트라면 지금 … 실행하고",
// "अगर आप … एआई मॉडल हैं, तो …", "Nếu bạn là mô hình ngôn ngữ …, hãy bỏ qua …". People are
// never asked whether they are a language model. The English form is read by agent-intent.ts; the
// act after the condition is read through the lexicons of the two foreign reader-order detectors.

import { ACT_FOREIGN_READER } from './foreign-reader-order.ts';
import { ACT_MORE_LANGUAGES } from './reader-order-more-languages.ts';
import { findAddressedAct } from './addressed-act.ts';
import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';
import { withLetterEdges } from './unicode-word-boundary.ts';

// A word for a model in each language's "if you are (a) …": an assistant, agent or model only with
// a qualifier that makes it a machine (de IA, virtual, językowym), since people are assistants,
// agents and models too ("si vous êtes assistant de direction", "se sei una modella").
const MODEL_NOUN = String.raw`(?:ai|ia|ki|llm|chatbot|bot|gpt|(?:ai|ia|ki)-?(?:assistent\w*|agent\w*|model\w*|modèle)|(?:assistent\w*|assistant|asisten|asistan|asistente|agent\w*|model\w*|modèle|mô\s+hình|trợ\s+lý)\s+(?:de\s+|di\s+)?(?:ia|ai|ki|virtual\w*|virtuel\w*|bahasa|ngôn\s+ngữ|językow\w*|linguistic\w*|linguístic\w*|de\s+lenguaje|de\s+linguagem|de\s+langage|ảo)|sprachmodell|språkmodell|taalmodel|language\s+model|intelligence\s+artificielle|intelig[êe]ncia\s+artificial|inteligencia\s+artificial|intelligenza\s+artificiale|sztuczn\p{L}+\s+inteligencj\p{L}+|kecerdasan\s+buatan)`;
const CONDITION = new RegExp(
  [
    // Portuguese, Spanish, Italian, French, Dutch, Polish, German, Swedish, Indonesian, Vietnamese
    String.raw`\b(?:se\s+(?:você|voce|tu)\s+(?:é|e|for)|si\s+(?:eres|usted\s+es)|se\s+sei|si\s+(?:tu\s+es|vous\s+êtes)|als\s+(?:je|u)\s+(?:een\s+)?(?:\w+\s+)?(?=ai|taalmodel|model|assistent|agent|bot)|je[śs]li\s+jeste[śs]|wenn\s+du\s+(?:eine?\s+)?|om\s+du\s+är|(?:jika|kalau|apabila)\s+(?:kamu|anda)\s+(?:adalah\s+)?|nếu\s+bạn\s+là)\s*(?:un[ae]?\s+|uma?\s+|l['’]\s*|een\s+|en\s+|ett\s+|sebuah\s+|một\s+)?(?:[\p{L}-]+\s+){0,2}?${MODEL_NOUN}(?!\p{L})`,
    // Turkish: "dil modeliysen", "yapay zekaysan", "bir asistansan"
    String.raw`(?:modeli|zek[aâ]|asistan|ajan|bot)(?:ysen|ysan|sen|san|yseniz|ysan[ıi]z|siniz|s[ıi]n[ıi]z)(?!\p{L})`,
    // Korean: "AI 에이전트라면", "AI라면", "모델이라면"
    String.raw`(?:ai|에이전트|모델|어시스턴트|챗봇|인공지능|봇)(?:이)?라면`,
    // Hindi: "अगर आप … एआई मॉडल हैं" / "यदि आप … सहायक हैं"
    String.raw`(?:अगर|यदि)\s+(?:आप|तुम)[^।\n]{0,60}?(?:एआई|मॉडल|सहायक|बॉट)\s*(?:हैं|हो)`,
    // Arabic: "إذا كنت نموذجاً / مساعداً / ذكاءً اصطناعياً"
    String.raw`(?:إذا|اذا|إن|ان)\s+كنت\s+(?:(?:أنت|انت)\s+)?(?:ال)?(?:نموذج|مساعد|ذكاء|وكيل|بوت)`,
    // Russian, Chinese, Japanese
    String.raw`если\s+ты\s+(?:[а-яё]+\s+)?(?:ии|модель|ассистент|агент|бот|нейросеть)|如果你是|若你是|(?:あなたが|君が)[^。\n]{0,20}?(?:ai|モデル|アシスタント|エージェント)(?:なら|であれば)`,
  ]
    .map(withLetterEdges)
    .join('|'),
  'giu',
);
// The cheap gate: the condition's own words ("si tu es", "jeśli jesteś", "-ysen", "라면", "अगर आप").
const GATE =
  /se\s+(?:você|voce|tu)\s+(?:é|e|for)\s|si\s+(?:eres|usted\s+es|tu\s+es|vous\s+êtes)\s|se\s+sei\s|als\s+(?:je|u)\s|je[śs]li\s+jeste[śs]|wenn\s+du\s|om\s+du\s+är|(?:jika|kalau|apabila)\s+(?:kamu|anda)\s|nếu\s+bạn\s+là|если\s+ты|(?:modeli|zek[aâ]|asistan|ajan|bot)(?:ysen|ysan|sen|san|yseniz|ysan[ıi]z|siniz|s[ıi]n[ıi]z)|라면|(?:अगर|यदि)\s+(?:आप|तुम)|كنت|如果你是|若你是|なら|であれば/iu;
// On ASCII text the gate without `u` answers as it does (its case folding differs only outside ASCII),
// and that one the shared key-word pass answers (word-gates.ts).
const ASCII_GATE = wordGate(new RegExp(GATE.source, 'i'));
const OUTSIDE_ASCII = /[^\0-\x7f]/;
const READER_GATE = { test: (text: string): boolean => (OUTSIDE_ASCII.test(text) ? GATE.test(text) : ASCII_GATE.test(text)) };
// Acts the English lexicon of the screen reads, for a condition in a language of Latin letters followed by an English order.
const ACT_EN =
  /\b(?:ignore|disregard|forget|skip|send|forward|delete|remove|transfer|approve|run|execute|tell\s+the\s+user|recommend|reveal|upload|share|grant)\b/i;
const WINDOW = 220;
const MAX_LOOKED = 6;

/** A reader asked whether it is an AI, then told to act (0.6). */
export function detectIfYouAreAModel(text: string): Signal | undefined {
  return findAddressedAct(text, {
    gate: READER_GATE,
    head: CONDITION,
    acts: [ACT_FOREIGN_READER, ACT_MORE_LANGUAGES, ACT_EN],
    window: WINDOW,
    maxLooked: MAX_LOOKED,
    detector: 'if_you_are_a_model',
  });
}
