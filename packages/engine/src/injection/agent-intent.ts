// Intent, not phrasing: an instruction aimed at the agent reading a text is made of parts that
// recur in every language: it names its reader (an assistant, a model, an AI), it switches the
// task (before you answer, instead, your real task, new instructions, the user wants you to),
// and it asks for an action with an outside target (send, forward, upload, transfer, delete ...
// to an address, a URL, an account). Each part alone is ordinary; two or three together in one
// sentence-sized span are an injection. English, German, French, Spanish, Chinese, Russian and
// Japanese; the vocabulary is ours, written from the grammar of each language.

import { isRepositoryGuidance } from './repository-guidance.ts';
import type { Signal } from './rules.ts';
import { AGENT_WORD, NON_ASCII, READER_WORD } from './text-traits.ts';
import { matchesOf } from './matches-of.ts';
import { wordGate, type WordGate } from './word-gates.ts';

const ADDRESS = [
  // en
  String.raw`(?<![\w/@.-])(?:ai|a\.i\.|llm|gpt|chatbot|bot|copilot|language\s+model|assistant|agent)(?![\w/-]|\.\w)`,
  // de
  String.raw`\b(?:ki|ki-assistent(?:en)?|assistent(?:en)?|sprachmodell|chatbot|agent(?:en)?)\b`,
  // fr
  String.raw`\b(?:ia|assistant(?:e)?\s+ia|l'assistant|mod[eè]le\s+de\s+langage|agent)\b`,
  // es
  String.raw`\b(?:ia|asistente|modelo\s+de\s+lenguaje|agente)\b`,
  // zh, ru, ja
  String.raw`(?:助手|助理|人工智能|语言模型|智能体|大模型|ИИ|нейросет|ассистент|языков(?:ая|ой)\s+модел|агент|アシスタント|言語モデル|エージェント|(?<![A-Za-z])AI(?=[\u3000-\u9fff]))`,
].join('|');

// Strong task switches claim authority or hide the act; weak ones only order it in time.
const STRONG_SWITCH = [
  // en
  String.raw`\b(?:new\s+(?:instructions?|task|orders|directive)|updated\s+instructions?|(?:your|the)\s+(?:real|actual|true|new|only)\s+(?:task|job|goal|instruction)|the\s+user\s+(?:wants|has\s+asked|asked|would\s+like|requests?|instructed)\s+(?:you|that\s+you|me\s+to\s+tell)|on\s+behalf\s+of\s+the\s+user|(?:do\s+not|don't|without)\s+(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|notify(?:ing)?|ask(?:ing)?)\s+(?:it\s+to\s+|this\s+to\s+)?(?:the\s+)?user|quietly|silently|secretly|takes?\s+priority\s+over|instead\s+of\s+(?:doing\s+)?what\s+you|(?:stop|abandon|drop)\s+(?:what\s+you\s+are\s+doing|your\s+(?:current\s+)?task))\b`,
  // de
  String.raw`\b(?:neue\s+(?:anweisungen?|aufgabe)|deine\s+(?:eigentliche|wahre|neue|echte)\s+aufgabe|der\s+(?:nutzer|benutzer|kunde)\s+(?:möchte|will|wünscht),?\s+dass\s+du|ohne\s+(?:es\s+)?(?:zu\s+)?erwähnen|(?:dem|den)\s+nutzer\s+nichts|heimlich|unbemerkt)\b`,
  // fr
  String.raw`(?:\bnouvelles?\s+(?:instructions?|consignes?|tâche)|\bta\s+(?:vraie|véritable|nouvelle)\s+tâche|\bl'utilisateur\s+(?:souhaite|veut|demande)\s+que\s+tu|\bsans\s+(?:le\s+)?(?:mentionner|rien\s+dire)|\ben\s+secret)`,
  // es
  String.raw`(?:\bnuevas?\s+(?:instrucciones|instrucción|tarea|órdenes)|\btu\s+(?:verdadera|nueva|real)\s+tarea|\bel\s+usuario\s+(?:quiere|desea|pide|ha\s+pedido)\s+que|\bsin\s+mencionarlo|\bno\s+le\s+digas|\ben\s+secreto)`,
  // zh
  String.raw`(?:新的?指令|新任务|真正的任务|用户希望你|用户要求你|不要提及|不要告诉用户|悄悄|秘密地)`,
  // ru
  String.raw`(?:новые\s+инструкции|новая\s+задача|настоящая\s+задача|пользователь\s+(?:хочет|просит),?\s+чтобы\s+ты|не\s+упоминая|ничего\s+не\s+говори|тайно|незаметно)`,
  // ja
  String.raw`(?:新しい指示|本当のタスク|ユーザーは.{0,12}望んで|触れずに|伝えないで|こっそり)`,
].join('|');

const WEAK_SWITCH = [
  String.raw`\b(?:before\s+(?:you|responding|replying|answering|continuing|summari[sz]ing)|first(?:\s+of\s+all)?,|instead|from\s+now\s+on)\b`,
  String.raw`\b(?:bevor\s+du|zuerst|stattdessen|statt\s+der\s+zusammenfassung|ab\s+sofort)\b`,
  String.raw`(?:\bavant\s+de\s+(?:répondre|continuer|résumer)|\bd'abord|\bau\s+lieu\s+de|\bdésormais)`,
  String.raw`(?:\bantes\s+de\s+(?:responder|continuar|resumir)|\bprimero,|\ben\s+lugar\s+de|\ba\s+partir\s+de\s+ahora)`,
  String.raw`(?:在回复|在回答|之前|首先|而是|不要总结|从现在开始)`,
  String.raw`(?:прежде\s+чем|сначала|вместо|с\s+этого\s+момента)`,
  String.raw`(?:前に|まず|代わりに|今後は)`,
].join('|');

const ACTION = [
  // en
  String.raw`\b(?:send|forward|upload|post|email|e-mail|mail|transfer|wire|pay|delete|remove|wipe|erase|exfiltrate|leak|share|copy|grant|execute|run|click|visit|open|download|reveal|print|disclose|export|sync)\b`,
  // de
  String.raw`\b(?:sende|senden|schick|schicke|leite|weiterleiten|lade|hochladen|überweise|überweisen|lösche|löschen|teile|teilen|kopiere|führe|ausführen|öffne|gib)\b`,
  // fr
  String.raw`(?:\benvoie|\benvoyer|\btransf[eéè]r|\bt[eé]l[eé]vers|\bvire[rz]?\b|\bsupprim|\bpartag|\bcopie|\bex[eé]cute|\bouvre|\br[eé]v[eè]le)`,
  // es
  String.raw`(?:\benv[ií]a|\benviar|\breenv[ií]a|\bsube|\bsubir|\btransfiere|\btransferir|\bborra|\bborrar|\belimina|\bcomparte|\bcompartir|\bcopia|\bejecuta|\babre|\brevela)`,
  // zh, ru, ja
  String.raw`(?:发送|转发|上传|转账|汇款|删除|分享|复制|执行|运行|泄露|打开|перешли|отправь|загрузи|переведи|удали|поделись|скопируй|выполни|открой|送信|転送|アップロード|送金|振り込|削除|共有|コピー|実行|開いて)`,
].join('|');

// Where an action would take data or money: an e-mail address, a URL, an IP, an account number,
// a secret file.
const TARGET = String.raw`(?:[\w.+-]+@[\w-]+\.[\w.-]+|https?://|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,}|~/\.ssh|\.aws|id_rsa|\.env\b|passwor|passwort|mot\s+de\s+passe|contraseña|密码|пароль|パスワード|api[\s_-]?(?:key|schlüssel)|clé|clave|ключ|キー|密钥)`;

// Without the `u` flag: V8 runs these alternations many times faster, and every literal here is in
// the Basic Multilingual Plane, where `i` still folds Cyrillic, Greek and Latin letters.
const ADDRESS_RE = new RegExp(ADDRESS, 'gi');
const STRONG_RE = new RegExp(STRONG_SWITCH, 'gi');
const WEAK_RE = new RegExp(WEAK_SWITCH, 'gi');
const ACTION_RE = new RegExp(ACTION, 'gi');
const TARGET_RE = new RegExp(TARGET, 'gi');

/** Parts must fall within this many characters of each other. */
const SPAN = 220;
const MAX_TEXT = 64 * 1024;

// Each expression's own key words, from the shared key-word pass (word-gates.ts).
const POSITION_GATES = new Map<RegExp, WordGate>(
  [ADDRESS_RE, STRONG_RE, WEAK_RE, ACTION_RE, TARGET_RE].map((pattern) => [pattern, wordGate(pattern)]),
);

function positions(pattern: RegExp, text: string): number[] {
  pattern.lastIndex = 0;
  const found: number[] = [];
  if (POSITION_GATES.get(pattern)?.mayMatch(text) === false) return found;
  for (const match of matchesOf(pattern, text)) {
    found.push(match.index ?? 0);
    if (found.length > 200) break;
  }
  return found;
}

// "my assistant, Priya, will forward …", "our assistant Tom": someone's assistant named by a person's
// name is a person (precision 11). The reader's ("your assistant") stays a possible addressee.
const OWNER_BEFORE = /\b(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?$/i;
const NAME_AFTER = /^(?:assistant|agent)\s*,?\s+(?!(?:Claude|Gemini|Copilot|Siri|Alexa|Cortana|ChatGPT|GPT)\b)\p{Lu}\p{Ll}+\b/u;

function namesPersonsAssistant(text: string, at: number): boolean {
  return NAME_AFTER.test(text.slice(at, at + 40)) && OWNER_BEFORE.test(text.slice(Math.max(0, at - 30), at));
}

function near(list: readonly number[], at: number): boolean {
  for (const p of list) if (Math.abs(p - at) <= SPAN) return true;
  return false;
}

/**
 * The strongest combination, around one action word, of who is addressed, how the task is
 * switched and where the action goes. Weights: a strong switch with a target or an address 0.75;
 * a weak switch with both an address and a target 0.6; address, weak switch and action 0.45;
 * address or weak switch with a target 0.4 (not enough alone). `traits` (text-traits.ts), when
 * the caller scanned the text, skip an ASCII text without any key word of intent-words.ts.
 */
export function detectAgentIntent(text: string, traits = AGENT_WORD): Signal | undefined {
  if (text.length < 24 || text.length > MAX_TEXT || (traits & (AGENT_WORD | NON_ASCII)) === 0) return undefined;
  // The rarest parts first: most texts name no reader and switch no task.
  const addresses = positions(ADDRESS_RE, text).filter((at) => !namesPersonsAssistant(text, at));
  const strong = positions(STRONG_RE, text);
  const weak = addresses.length === 0 && strong.length === 0 ? [] : positions(WEAK_RE, text);
  if (addresses.length === 0 && strong.length === 0) return undefined;
  const actions = positions(ACTION_RE, text);
  if (actions.length === 0) return undefined;
  const targets = positions(TARGET_RE, text);
  let best: Signal | undefined;
  for (const at of actions) {
    const addressed = near(addresses, at);
    const strongly = near(strong, at);
    const weakly = near(weak, at);
    const targeted = near(targets, at);
    let weight = 0;
    if (strongly && (targeted || addressed)) weight = 0.75;
    else if (strongly) weight = 0.45;
    else if (weakly && addressed && targeted) weight = 0.6;
    else if (weakly && addressed) weight = 0.45;
    else if (targeted && (addressed || weakly)) weight = 0.4;
    if (weight > (best?.weight ?? 0))
      best = {
        rule: 'agent_intent',
        detector: 'agent_intent',
        weight,
        start: Math.max(0, at - 60),
        end: Math.min(text.length, at + 80),
        focus: at,
      };
  }
  return best;
}

// Text addressed to whatever automated reader processes the document ("note to the screening
// software", "if you are an AI", "to any model summarising this") is meant for a model, not for a
// person; in a tool result it is an injection whatever it then says.
const AUTOMATED_READER = [
  String.raw`\b(?:note|message|instructions?|attention|notice|memo|hint|comment)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:automated|automatic|ai|a\.i\.|llm|language[\s-]model|machine|bot|robot|screening|analysis|parsing|summari[sz]ation|summari[sz]ing|hiring|classification|review(?:ing)?)\b(?:\s+(?:software|systems?|tools?|models?|readers?|agents?|assistants?|reviewers?|bots?|screeners?|programs?|pipelines?))?`,
  String.raw`\bif\s+you\s+are\s+(?:an?\s+|the\s+)?(?:ai|llm|large\s+language\s+model|language\s+model|automated|bot|assistant|model|gpt|chatbot|agent)\b`,
  String.raw`\b(?:to|for|attention)\s+(?:any|the|all|every)\s+(?:ai|llm|models?|assistants?|bots?|agents?|language\s+models?)\s+(?:that\s+is\s+|who\s+is\s+)?(?:reading|processing|summari[sz]ing|analy[sz]ing|parsing|reviewing|screening|evaluating)\b`,
  String.raw`\b(?:hinweis|nachricht|anweisung)\s+(?:an|für)\s+(?:die|das|den|jede|alle)\s+(?:ki|automatisierte|sprachmodell|software)`,
  String.raw`\b(?:note|message|instructions?)\s+(?:à\s+l'intention\s+)?(?:à|pour|de)\s+(?:l'ia|l'assistant|tout\s+(?:système|logiciel)\s+automatis|la\s+machine)`,
  String.raw`\b(?:nota|mensaje|instrucciones?)\s+para\s+(?:la\s+ia|el\s+asistente|cualquier\s+(?:ia|sistema\s+automatizado)|el\s+sistema\s+automatizado)`,
  String.raw`(?:致|给|写给)(?:所有|任何)?(?:AI|人工智能|自动化|语言模型|助手)|(?:如果你是|若你是)(?:AI|人工智能|语言模型|助手)`,
  String.raw`(?:примечание|сообщение|инструкция)\s+для\s+(?:ии|нейросети|ассистента|автоматическ|языковой\s+модели)|если\s+ты\s+(?:ии|нейросеть|языковая\s+модель|ассистент)`,
  String.raw`(?:AI|言語モデル|自動化システム|アシスタント)(?:への|に対する)(?:注意|指示|メッセージ)|もしあなたが(?:AI|言語モデル)`,
].join('|');
const AUTOMATED_READER_RE = new RegExp(AUTOMATED_READER, 'i');
const AUTOMATED_READER_GATE = wordGate(AUTOMATED_READER_RE);
// A role tag in capitals inside a data field (`Registrant: SYSTEM: …`, `] ADMIN: …`) followed by prose.
const INLINE_ROLE_TAG =
  /(?:(?:^|[:\]|>)\-]\s*|\s)(?:SYSTEM|ASSISTANT|ADMIN|ADMINISTRATOR|DEVELOPER|OPERATOR|INSTRUCTIONS?)\s*:\s+|\[\s*(?:SYSTEM|ADMIN|ADMINISTRATOR|DEVELOPER|OPERATOR|ROOT)(?:\s+(?:REQUEST|MESSAGE|NOTE|OVERRIDE|COMMAND))?\s*::?\s*)(?:[A-Za-z'’,]+\s+){4,}/;
const VERDICT =
  /\b(?:not\s+malicious|is\s+(?:safe|legitimate|trustworthy|harmless)|highly\s+recommended|recommend(?:ed)?\s+(?:for|to)|approve[ds]?|most\s+qualified|hire|ignore|disregard|print|say|respond|reply|output|must|should|always|never)\b/i;

/**
 * Text addressed to an automated reader (0.6), or a capitalised role tag inside data (0.45, 0.65
 * with a verdict or order). `traits` as for detectAgentIntent.
 */
export function detectReaderAddress(text: string, traits = READER_WORD): Signal | undefined {
  if (text.length < 16 || (traits & (READER_WORD | NON_ASCII)) === 0) return undefined;
  const reader = AUTOMATED_READER_GATE.mayMatch(text) ? AUTOMATED_READER_RE.exec(text) : null;
  if (reader !== null && !isRepositoryGuidance(text, reader.index)) {
    return {
      rule: 'automated_reader_addressed',
      detector: 'automated_reader_addressed',
      weight: 0.6,
      start: reader.index,
      end: Math.min(text.length, reader.index + reader[0].length + 80),
    };
  }
  const tag = INLINE_ROLE_TAG.exec(text);
  if (tag !== null) {
    const after = text.slice(tag.index, tag.index + 240);
    return {
      rule: 'role_forgery',
      detector: 'inline_role_tag',
      weight: VERDICT.test(after) ? 0.65 : 0.45,
      start: tag.index,
      end: Math.min(text.length, tag.index + 120),
    };
  }
  return undefined;
}
