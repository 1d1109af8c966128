// An order to the machine that reads the text, in Italian, Portuguese, Dutch, Polish, Chinese,
// Korean, Turkish or Arabic (issue 13, red team round 13): "Istruzioni per l'assistente: … invia …",
// "Voor de assistent die dit leest: … stuur …", "이 문서를 읽는 어시스턴트에게: … 보내세요",
// "إلى المساعد الذي يقرأ هذه الرسالة: … أرسل …". The English, German, French, Spanish, Russian and
// Japanese detectors know their languages' words; here the same intent — a model named as the
// addressee (vocative or dative: "for the assistant", "dear AI", "…에게", "إلى …"), then an act
// with consequences or a dismissal of the task in the clause after it — is read through a small
// lexicon per language. A model described ("il modello invia i dati") is not addressed.

import { findAddressedAct } from './addressed-act.ts';
import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';

// Addressed: a word for a model after a dative or vocative cue, or before the addressee marker.
const ADDRESSEE = new RegExp(
  [
    // Italian, Portuguese: "per l'assistente", "all'IA", "caro assistente", "para a IA", "ao assistente", "atenção, assistente"
    String.raw`\b(?:per\s+l'|all'|al\s+|caro\s+|cara\s+|gentile\s+|para\s+(?:o\s+|a\s+)?|ao\s+|à\s+|caro\s+|prezado\s+|atenção,?\s+|olá,?\s+|ciao,?\s+)(?:assistente|ia|modello|modelo|agente|bot)\b`,
    String.raw`\b(?:assistente|ia)\s+(?:virtuale|virtual|digitale|digital)\b`,
    // A bare vocative heading a line ("Assistente, inoltra …"), and the Polish vocative "agencie" (round 15)
    String.raw`(?:^|\n)[ \t]*(?:assistente|assistent|asystencie)[ \t]*,|\bagencie[ \t]*,`,
    // Dutch: "voor de assistent", "aan de AI", "beste AI", "let op, taalmodel:" (round 16c)
    String.raw`\b(?:voor|aan|beste|hallo|hoi|let\s+op,?)\s+(?:de\s+|het\s+)?(?:assistent|ai|model|taalmodel|bot|agent)\b`,
    // Polish: "dla asystenta", "do modelu", "drogi modelu", "asystencie"
    String.raw`\b(?:dla|do)\s+(?:asystenta|modelu|bota|agenta|ai|si)\b|\b(?:drogi|droga|hej)\s+(?:asystencie|modelu|ai|si|bocie)\b|\basystencie\b`,
    // Korean: "어시스턴트에게", "AI 비서님"; the reader as the topic, "이 문서를 읽는 어시스턴트는" (round 16c). A bare
    // "비서님" is a person's secretary (round 20a): the secretary is a machine's only as "AI 비서".
    String.raw`(?:어시스턴트|(?:ai|인공지능)\s*비서|인공지능|ai|모델|봇|에이전트)\s*(?:에게|님|께서|께|야)|읽는\s*(?:어시스턴트|비서|인공지능|ai|모델|에이전트)\s*(?:은|는)`,
    // Turkish (round 16c): "Yapay zeka modeli:", "Sayın asistan,", "asistana not:"
    String.raw`\byapay\s+zek[aâ](?:\s+(?:modeli|asistanı))?\s*[:,]|\b(?:sayın|sevgili|merhaba)\s+(?:asistan|yapay\s+zek[aâ])\b|\basistana\b`,
    // Arabic: "إلى المساعد", "أيها المساعد", "عزيزي النموذج"
    String.raw`(?:إلى|الى|أيها|ايها|عزيزي|يا)\s+(?:ال)?(?:مساعد|نموذج|ذكاء|وكيل|بوت)`,
    // Chinese: "致…助手", "人工智能助手，", "AI助手："
    String.raw`(?:致|给)[^，。,:：\n]{0,12}(?:助手|人工智能|模型|智能体|机器人)|(?:助手|人工智能|模型|智能体)\s*[，,：:]`,
  ].join('|'),
  'giu',
);
// Acts with consequences, and dismissals of the task, as imperatives and infinitives.
export const ACT_FOREIGN_READER = new RegExp(
  [
    // Italian
    String.raw`\b(?:lascia\s+perdere|dimentica|consiglia|d[iì]'?\s+all'utente|racconta\s+all'utente|invia|inoltra|ignora|cancella|elimina|trasferisci|approva|disattiva|condividi|pubblica|rivela|inviare|inoltrare|cancellare|eliminare|trasferire|approvare|disattivare|paga|pagare|concedi|esporta|carica|annulla|acquista|compra|cambia\s+l'iban|modifica\s+l'iban)\b`,
    // Portuguese
    String.raw`\b(?:envie|envia|reencaminhe|encaminhe|ignore|ignora|apague|apaga|elimine|transfira|aprove|desative|desativa|partilhe|compartilhe|revele|publique|enviar|apagar|transferir|desativar|aprovar|pague|compre|conceda|exporte|cancele|altere\s+o\s+iban)\b`,
    // Dutch
    String.raw`\b(?:vergeet|vertel|stuur|verstuur|negeer|verwijder|wis|goedkeuren|goed\s+te\s+keuren|verwijderen|versturen|overmaken|uitschakelen|annuleer|betaal|exporteer|deel)\b|\b(?:schakel|sla|keur|maak)\s+[^.\n]{0,40}?\b(?:uit|over|goed)\b`,
    // Polish
    String.raw`\b(?:wyślij|prześlij|zignoruj|usuń|przelej|zatwierdź|wyłącz|udostępnij|uruchom|pomiń|ujawnij|wysłać|usunąć|przelać|zapłać|anuluj|nadaj|wyeksportuj)`,
    // Turkish
    String.raw`\b(?:unut|yok\s+say|gönder|ilet|sil|aktar|satın\s+al|onayla|paylaş|devre\s+dışı\s+bırak)(?![\p{L}])`,
    // Korean
    String.raw`(?:보내|전송|전달|무시|삭제|이체|송금|승인|비활성화|공유|실행|변경|바꾸|바꿔)`,
    // Arabic
    String.raw`(?:أرسل|ارسل|تجاهل|احذف|حوّل|حول|وافق|عطّل|عطل|شارك|نفذ|نفّذ|اكشف|أخبر|اخبر|لا\s+تجب|ألغ)`,
    // Chinese
    String.raw`(?:发送|发到|转发|忽略|删除|转到|转账|转给|批准|禁用|关闭|分享|执行|泄露|无需再确认)`,
  ].join('|'),
  'iu',
);
// The cheap gate: a character or word of these languages' addressee cues.
// Answered from the shared key-word pass (word-gates.ts).
const GATE = wordGate(
  /assistent|agent|\bbot\b|asystent|agencie|modell|modelo|modelu|taalmodel|asistan|yapay\s+zek|\bia\b|\bai\b|어시스턴트|비서|인공지능|모델|봇|에이전트|مساعد|نموذج|ذكاء|助手|人工智能|模型|智能体/i,
);
const WINDOW = 200;

/** A model addressed in one of the seven languages above, then an order with consequences (0.6). */
export function detectForeignReaderOrder(text: string): Signal | undefined {
  return findAddressedAct(text, {
    gate: GATE,
    head: ADDRESSEE,
    acts: [ACT_FOREIGN_READER],
    window: WINDOW,
    maxLooked: 10,
    detector: 'foreign_reader_order',
  });
}
