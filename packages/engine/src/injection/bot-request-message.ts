// A user's one-line request to their own bot (issue 13, precision 13): "hey bot, use the calendar
// tool to create a meeting with Dana on Tuesday", "Copilot: add a docstring to parse_config",
// "@ai-triage please label this as 'network'", "Agente, ejecuta las pruebas unitarias". The text is
// nothing but a call to a machine and an order, which is the form of an injection addressed to an
// agent; but a whole message that asks the machine for an ordinary task in its own scope is what
// people type to their assistants, and a tool result holding only that asks for nothing an attack
// is for. When the whole text is one short line (after at most a short title line, or a short label such as
// "Comment on issue #311:") that opens by calling a bot, the only evidence is that it speaks to a machine, and
// it asks for nothing an attack is for (assistant-setup.ts's purposes: no rule set aside, secret,
// outside address, harm or consequential act; here also no dictated output, no standing rule, and
// the same purposes' key words in the other languages the screen reads), the addressee signals are
// dropped. The same call before any of those, beside any other detector's evidence, or in a carrier
// (a second line, a longer text) stays as it was: fail closed.

import { ATTACK_PURPOSE } from './assistant-setup.ts';
import type { Signal } from './rules.ts';

/** One message typed to a bot is short; a longer text is a carrier that holds the request. */
const MAX_REQUEST_CHARS = 200;
const SECTION_NAME = /\b(?:install(?:ation)?|setup|upgrade)\s+(?:steps|instructions|guide|section|notes|docs)\b/gi;
/** A title line the request may sit under. */
const MAX_TITLE_CHARS = 60;
/** A short label the request may be filed under: "Comment on issue #311:", "Slack:". */
const FILED_UNDER = /^[^:\n]{1,32}:\s+(?=\S)/;
/** The call that opens the message: an optional greeting, then a bot's name and a separator. */
const CALL_TO_BOT = new RegExp(
  String.raw`^(?:(?:hey|hi|ok|okay|caro|cara|lieber|liebe|querido|querida|cher|chère|untuk|till)\s+)?` +
    String.raw`(?:@[\w-]*(?:bot|ai|assistant|copilot|agent)[\w-]*(?=\s)|(?:ai\s+|ki-)?(?:bot|assistant|assistent|assistente|asistente|asisten|agente|chatbot|copilot|ai|agent)(?:\s+agent)?|助手|アシスタント|ассистент|помощник)` +
    String.raw`\s*(?:[:,：，、\u2013\u2014]|-{1,2}\s|(?<=@[\w-]+\s+)|(?=\s+please\b))`,
  'iu',
);
/**
 * What a hijack asks besides the purposes assistant-setup.ts names: a dictated reply or message to the user, a
 * phone number, a rule that outlives the request, an act that destroys, closes or publishes, authority or
 * urgency claimed, an act over everything.
 */
const DICTATED_OR_STANDING =
  /\b(?:say|reply|respond|answer|print|output|repeat|type|write|start|begin|end)\b[^.!?]{0,40}["'\u2018\u201c]|\b(?:from\s+now\s+on|always|never|any\s+more|anymore|every\s+(?:time|message|reply|answer)|pwn\w*|hacked|tell\s+(?:the\s+)?(?:user|customer|caller|them))\b|\+?\d[\d\s().-]{7,}\d|\b(?:delet\w*|remov\w*|drop\w*|destroy\w*|purg\w*|truncat\w*|kill\w*|terminat\w*|revok\w*|disabl\w*|shut\s*down|clos\w*|cancel\w*|archiv\w*|merg\w*|deploy\w*|push\w*|publish\w*|approv\w*|authori[sz]\w*|permission\w*|per\s+(?:our|my|the|your)|on\s+behalf|lead|manager|boss|owner|ceo|cfo|urgent\w*|asap|immediately|all|every|each|everything|any)\b/i;
// The purposes' key words in the other languages the screen reads (secrets, deletes, payments, rules set aside).
const FOREIGN_PURPOSE =
  /passwor|passwort|contraseñ|senha|mot\s+de\s+passe|пароль|密码|密碼|パスワード|geheim|secret|secreto|segreto|секрет|秘密|机密|token|schlüssel|clave|chiave|ключ|密钥|löschen|lösch|borra|elimin|supprim|cancell|удали|删除|削除|überweis|transfer|virement|bonifico|перевед|转账|送金|ignor|忽略|無視|игнор|olvida|oublie|vergiss|dimentica|забудь|regeln|reglas|règles|regole|правил|规则|ルール|admin|root|sudo|todos|todas|alle|tous|toutes|tutti|все|всех|全部|所有|すべて|全て/i;
/** The signals that say only that the text speaks to a machine (and the model's mere support). */
const ADDRESSEE_RULES = new Set([
  'agent_vocative_order',
  'agent_addressed',
  'role_forgery',
  'machine_addressee_act',
  'foreign_reader_order',
  'reader_order_more_languages',
]);

/** True when the whole text is one request typed to a bot that asks for nothing an attack is for. */
export function isHarmlessBotRequest(text: string): boolean {
  const lines = text.trim().split('\n');
  // At most a short title line before it ("Meeting notes 26.11 — migration on track.").
  if (lines.length > 2 || (lines.length === 2 && (lines[0].length > MAX_TITLE_CHARS || CALL_TO_BOT.test(lines[0].trim())))) return false;
  const line = lines[lines.length - 1].trim();
  if (line.length > MAX_REQUEST_CHARS) return false;
  const request = CALL_TO_BOT.test(line) ? line : line.replace(FILED_UNDER, '');
  // A document's section named by a noun compound ("the install steps") is what to read, not an act to do.
  const whole = lines.join(' ').replace(SECTION_NAME, ' ');
  return CALL_TO_BOT.test(request) && !ATTACK_PURPOSE.test(whole) && !DICTATED_OR_STANDING.test(whole) && !FOREIGN_PURPOSE.test(whole);
}

/** The signals without the addressee signals when the text is one harmless request typed to a bot and nothing else fired. */
export function temperBotRequestMessage(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (!signals.some((signal) => ADDRESSEE_RULES.has(signal.rule))) return signals;
  if (!signals.every((signal) => ADDRESSEE_RULES.has(signal.rule)) || !isHarmlessBotRequest(text)) return signals;
  return [];
}
