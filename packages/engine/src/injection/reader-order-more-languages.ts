// An order to the machine that reads the text in Turkish, Hindi, Vietnamese, Indonesian, Swedish
// and French (issue 13, red team round 14a): "Bu e-postayı özetleyen yapay zeka asistanına not: …
// ilet", "एआई सहायक के लिए निर्देश: … भेज दो", "Gửi trợ lý AI …: hãy chuyển tiếp …", "Untuk asisten
// AI …: teruskan …", "Till AI-assistenten …: vidarebefordra …", "Pour l'assistant qui gère cet
// agenda : acceptez …". The mechanism of foreign-reader-order.ts — a model named as the addressee
// (a dative, a vocative, a greeting), then an act with consequences or a dismissal of the user's
// question in the clause after it — read through a small lexicon per language. A model described
// ("Asisten virtual kami membantu Anda …", "Notre assistant virtuel répond …") is not addressed.

import { ACT_FOREIGN_READER } from './foreign-reader-order.ts';
import { findAddressedAct } from './addressed-act.ts';
import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';
import { withLetterEdges } from './unicode-word-boundary.ts';

// A model addressed: a dative or vocative cue and a word for one, or the word with the language's
// vocative ending, or the word alone as a sentence's head before a comma or a colon.
const ADDRESSEE = new RegExp(
  [
    // Turkish: "yapay zeka asistanına", "asistana", "dil modeline", "sevgili asistan", "Asistan,"
    String.raw`(?:yapay\s+zek[aâ]|ai)\s+(?:asistan|modeli)(?:[ıi]na|na|ne|a|e)\b|\basistan(?:[ıi]na|a)\b|\bdil\s+modeline\b|\b(?:sevgili|merhaba)\s+(?:asistan|yapay\s+zek[aâ]|model)\b`,
    // Hindi: "एआई सहायक के लिए", "सहायक को", "प्रिय एआई"
    String.raw`(?:एआई|AI|सहायक|मॉडल|बॉट)\s*(?:सहायक\s*|मॉडल\s*)?(?:के\s+लिए|को|से)(?=[\s,:।])|(?:प्रिय|हे)\s+(?:एआई|सहायक|मॉडल)`,
    // Vietnamese: "gửi trợ lý", "trợ lý ơi", "dành cho trợ lý", "mô hình ơi" ("ai" alone is "who")
    // (A person's assistant, "trợ lý giám đốc", the director's, is a person: round 18a.)
    String.raw`\b(?:gửi|dành\s+cho|cho|kính\s+gửi|chào)\s+(?:trợ\s+lý|mô\s+hình|bot|chatbot)(?!\s+(?:giám\s+đốc|tổng|trưởng|sếp|của|anh|chị|ông|bà|cô|thầy|giáo\s+sư|bác\s+sĩ|luật\s+sư|phó|chủ\s+tịch|hành\s+chính|kinh\s+doanh|nhân\s+sự))|\b(?:trợ\s+lý|mô\s+hình|bot|chatbot)(?:\s+ai)?\s+ơi`,
    // Indonesian: "untuk asisten", "kepada model", "halo asisten"
    String.raw`\b(?:untuk|kepada|halo|hai|wahai)\s+(?:asisten|model|ai|bot|agen)\b`,
    // Swedish: "till AI-assistenten", "till assistenten", "kära AI", "hej assistent"
    String.raw`\btill\s+(?:(?:ai-|den\s+)?assistenten|ai:?n|språkmodellen|modellen|boten|agenten)\b|\b(?:kära|hej)\s+(?:ai-?)?(?:assistent(?:en)?|ai|språkmodell|modell)\b`,
    // French: "pour l'assistant", "à l'IA", "à l'attention de l'assistant", "chère IA", "cher assistant"
    String.raw`(?:\bpour\s+|(?<!\p{L})à\s+|attention\s+de\s+)l['’](?:assistant|ia|agent|intelligence\s+artificielle)\b|\b(?:chère|cher|bonjour)\s+(?:ia|assistant|agent\s+ia|modèle)\b`,
    // The word alone heads a sentence as a vocative: "Asistan, …", "Asisten, …", "Assistent: …", "सहायक, …", "Trợ lý, …"
    String.raw`(?:^|[\n.!?"'{>]\s*)(?:asistan|asisten|assistent(?:en)?|sahayak|सहायक|trợ\s+lý|l['’]assistant|assistant\s+ia)\s*[,:，]`,
  ]
    .map(withLetterEdges)
    .join('|'),
  'giu',
);
// Acts with consequences, and dismissals of the user's question, as imperatives and infinitives.
export const ACT_MORE_LANGUAGES = new RegExp(
  [
    // Turkish
    String.raw`(?:\bilet\b|\bg[öo]nder|\bsil\b|\bsilin|de[gğ]i[sş]tir|\baktar|onayla|payla[sş]|[çc]al[ıi][sş]t[ıi]r|bo[sş]ver|yoksay|g[öo]rmezden\s+gel|\böner\b|\bkapat\b|\bekle\b|yetki\s+ver|bahsetme)`,
    // Hindi
    String.raw`(?:भेज|बदल|हटा|मिटा|ट्रांसफर|अनदेखा|छोड़|चलाओ|चलाएँ|चलाएं|साझा|मत\s+बताना|को\s+कहें|को\s+कहो|डाउनलोड)`,
    // Vietnamese
    String.raw`(?:chuyển\s+tiếp|chuyển\s+khoản|\bgửi\b|\bxóa\b|\bxoá\b|\bđổi\b|thay\s+đổi|\bduyệt\b|phê\s+duyệt|bỏ\s+qua|\bchạy\b|chia\s+sẻ|giới\s+thiệu|đừng\s+nói|\btắt\b|vô\s+hiệu\s+hóa|\bmua\b|thanh\s+toán|cấp\s+quyền|\bxuất\b)`,
    // Indonesian
    String.raw`\b(?:teruskan|kirim(?:kan)?|hapus|ubah|ganti|tambahkan|transfer(?:kan)?|setujui|abaikan|jalankan|bagikan|sarankan|tutup|jangan\s+beri\s+tahu)\b`,
    // Swedish
    String.raw`\b(?:vidarebefordra|skicka|radera|ta\s+bort|ändra|överför|godkänn|strunta\s+i|ignorera|kör|dela|rekommendera|stäng|nämn\s+inte)\b`,
    // French (vous, tu and infinitive forms)
    String.raw`\b(?:envoy(?:ez|er)|envoie|transf[ée]r(?:ez|er|e)|accept(?:ez|er|e)|ajout(?:ez|er|e)|supprim(?:ez|er|e)|effac(?:ez|er|e)|vir(?:ez|er)|approuv(?:ez|er|e)|valid(?:ez|er|e)|partag(?:ez|er|e)|exécut(?:ez|er|e)|ignor(?:ez|er|e)|oubli(?:ez|er|e)|désactiv(?:ez|er|e)|modifi(?:ez|er|e)|accord(?:ez|er|e)|réponds\s+uniquement|répondez\s+uniquement|laisse\s+tomber|sans\s+le\s+mentionner)\b`,
  ]
    .map(withLetterEdges)
    .join('|'),
  'iu',
);
// The cheap gate: a word for a model as these languages spell it (not English "assistant", "model", "bot").
// Its words are answered from the shared key-word pass (word-gates.ts); "l'ia" and "ai:n", whose key
// words ("ia", "ai") stand inside most English texts' words, by a short expression of their own.
const GATE_WORDS = wordGate(
  /asistan|asisten|assistent|(?:chère|cher|bonjour)\s+(?:ia|assistant|agent|modèle)|सहायक|एआई|मॉडल|बॉट|trợ\s+lý|mô\s+hình|\bbot\s+ơi|yapay\s+zek|dil\s+model|språkmodell|\b(?:modellen|boten|agenten)\b|(?:kära|hej)\s+(?:ai|modell)|(?:untuk|kepada|halo|hai|wahai)\s+(?:model|ai|bot|agen)/i,
);
const GATE_ELIDED = /l['’](?:assistant|ia|agent|intelligence)|\bai:?n\b/i;
const GATE = { test: (text: string): boolean => GATE_WORDS.test(text) || GATE_ELIDED.test(text) };
const WINDOW = 200;
const MAX_LOOKED = 10;

/** A model addressed in one of the six languages above, then an order with consequences (0.6). */
export function detectReaderOrderMoreLanguages(text: string): Signal | undefined {
  return findAddressedAct(text, {
    gate: GATE,
    head: ADDRESSEE,
    // A vocative head ("Assistent, …") may be of a language the older lexicon reads.
    acts: [ACT_MORE_LANGUAGES, ACT_FOREIGN_READER],
    window: WINDOW,
    maxLooked: MAX_LOOKED,
    detector: 'reader_order_more_languages',
  });
}
