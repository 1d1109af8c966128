// Word classes of the learned screen's structural features (issue 13, generalising to unseen
// wording): a word's role in an instruction — who is addressed, a consequential act, a secret,
// an outside target, a task switch, concealment, a claimed wish of the principal, a frame that
// mentions rather than orders — in English, German, French, Spanish, Russian, Chinese and
// Japanese. The model learns which roles, in which order within a sentence, make an injection
// (structure-features.ts), so a new wording of a known intent shares its features.
//
// Entries are folded as the model folds text (lower case). A trailing `*` makes a stem (any word
// starting so, 4 to 12 codes); two words make a phrase (the second word takes the class); an entry
// in Chinese or Japanese script is found anywhere inside a run of such characters, which has no
// spaces between words. Words are looked up by the hash the model gives them (text-features.ts),
// in small open-addressed tables: one probe per word, no string is built.

import { ORDER_VERBS_EN, STRONG_ORDER_VERBS_EN } from './order-verbs.ts';

export const ADDRESSEE = 1 << 0;
export const TOOL_VERB = 1 << 1;
export const SECRET = 1 << 2;
export const TARGET = 1 << 3;
export const TASK_SWITCH = 1 << 4;
export const CONCEAL = 1 << 5;
/** Derived, not listed: an order verb opening its sentence, or "you" followed by a modal. */
export const IMPERATIVE = 1 << 6;
export const PRINCIPAL = 1 << 7;
export const WISH = 1 << 8;
export const MENTION = 1 << 9;
/** Quotation marks and backticks (found by character, not listed). */
export const QUOTE = 1 << 10;
export const YOU = 1 << 11;
export const MODAL = 1 << 12;
export const RULES = 1 << 13;
/** An ordinary order verb (tell, show, write …): imperative only when it opens its sentence. */
export const VERB = 1 << 14;
/** Words that may stand before an order's verb (please, now, urgent). */
export const LEADIN = 1 << 15;
export const CLASS_COUNT = 16;
export const CLASS_BITS = (1 << CLASS_COUNT) - 1;
/** A top-level domain: an outside target only after `word.` (text-features.ts reads the dot). */
export const TLD = 1 << 16;

/** English verbs given with their inflections (sends, sent, sending). */
function inflections(verb: string): string[] {
  if (verb.includes(' ') || verb.includes('-')) return [verb];
  const forms = [verb];
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  forms.push(/(?:s|sh|ch|x)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`);
  forms.push(/[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ied` : `${stem}ed`, `${stem}ing`);
  return forms;
}

const IRREGULAR: Record<string, string[]> = {
  send: ['sent'],
  pay: ['paid'],
  buy: ['bought'],
  forget: ['forgot', 'forgotten', 'forgetting'],
  leak: ['leaked'],
  wire: ['wired'],
};

// Order verbs of order-verbs.ts whose act is ordinary talk or too common to be a tool act on
// its own; they count as ordinary order verbs (or as task switches).
const NOT_TOOL = new Set([
  'ignore',
  'disregard',
  'forget',
  'stop',
  'halt',
  'skip',
  'cancel',
  'abort',
  'change',
  'set',
  'close',
  'mark',
  'rate',
  'recommend',
  'create',
  'register',
  'run',
  'call',
  'post',
  'book',
  'drop',
  'push',
  'sign',
  'accept',
  'ban',
  'subscribe',
  'turn off',
]);

const englishToolVerbs = [...STRONG_ORDER_VERBS_EN]
  .filter((verb) => !NOT_TOOL.has(verb))
  .flatMap((verb) => [...inflections(verb), ...(IRREGULAR[verb] ?? [])]);
const englishOrderVerbs = ORDER_VERBS_EN.filter((verb) => !verb.includes(' ') && !STRONG_ORDER_VERBS_EN.has(verb)).concat(
  [...NOT_TOOL].filter((verb) => !verb.includes(' ')),
);

const LISTS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [
    ADDRESSEE,
    [
      'assistant',
      'assistants',
      'ai',
      'llm',
      'llms',
      'gpt',
      'chatgpt',
      'bot',
      'bots',
      'chatbot*',
      'agent',
      'agents',
      'copilot',
      'claude',
      'gemini',
      'bard',
      'siri',
      'alexa',
      'cortana',
      'model',
      'language model',
      'ki',
      'assistent*',
      'sprachmodell*',
      'modell',
      'ia',
      "l'assistant",
      "l'ia",
      "l'agent",
      'modèle',
      'asistente',
      'modelo',
      'agente',
      'ассистент*',
      'помощник*',
      'бот',
      'модель',
      'нейросет*',
      'ии',
      '助手',
      '人工智能',
      '模型',
      '机器人',
      '智能体',
      'アシスタント',
      'エージェント',
      'モデル',
      'ボット',
      '人工知能',
    ],
  ],
  [
    TOOL_VERB,
    [
      ...englishToolVerbs,
      'transmit*',
      'exfiltrat*',
      'sende',
      'senden',
      'sendet',
      'schick*',
      'weiterleit*',
      'leite',
      'überweis*',
      'lösch*',
      'hochlad*',
      'übermittel*',
      'veröffentl*',
      'exportier*',
      'installier*',
      'ausführ*',
      'deaktivier*',
      'envoie*',
      'envoy*',
      'transfér*',
      'transfère*',
      'supprim*',
      'partag*',
      'publie*',
      'exécut*',
      'télécharg*',
      'révél*',
      'divulgu*',
      'désactiv*',
      'effac*',
      'envía*',
      'envia*',
      'enviar',
      'envíe',
      'envíes',
      'envíen',
      'manda',
      'mándame',
      'reenví*',
      'reenvi*',
      'transfier*',
      'transferir',
      'borra',
      'borrar',
      'borre',
      'elimin*',
      'compart*',
      'ejecut*',
      'descarg*',
      'revel*',
      'desactiv*',
      'sube',
      'subir',
      'отправ*',
      'перешл*',
      'пересла*',
      'пересыл*',
      'загруз*',
      'переведи',
      'удали*',
      'поделись',
      'выполн*',
      'опублику*',
      'отключ*',
      'предостав*',
      'скача*',
      '发送',
      '发给',
      '转发',
      '上传',
      '转账',
      '汇款',
      '删除',
      '分享',
      '执行',
      '运行',
      '泄露',
      '公开',
      '授予',
      '禁用',
      '下载',
      '提交',
      '导出',
      '付款',
      '送信',
      '送って',
      '転送',
      '送金',
      '振り込',
      '削除',
      '共有',
      '実行',
      'アップロード',
      '付与',
      '無効に',
      'ダウンロード',
      '支払',
    ],
  ],
  [
    VERB,
    [
      ...englishOrderVerbs,
      'gib',
      'zeig*',
      'sag',
      'schreib*',
      'antworte',
      'füge',
      'erstelle',
      'öffne',
      'mach',
      'donne',
      'donnez',
      'montre*',
      'affiche*',
      'dis',
      'dites',
      'écris',
      'écrivez',
      'réponds',
      'répondez',
      'ajoute',
      'ajoutez',
      'ouvre',
      'ouvrez',
      'fais',
      'faites',
      'da',
      'dame',
      'muestra*',
      'di',
      'dime',
      'escribe',
      'responde',
      'añade',
      'agrega',
      'abre',
      'haz',
      'дай',
      'покажи',
      'скажи',
      'напиши',
      'ответь',
      'добавь',
      'открой',
      'сделай',
      'сообщи',
      '告诉',
      '显示',
      '输出',
      '回复',
      '打开',
      '添加',
      '修改',
      '教えて',
      '表示',
      '出力',
      '書いて',
      '返信',
      '追加',
      '変更',
    ],
  ],
  [
    SECRET,
    [
      'password*',
      'passwd',
      'passcode*',
      'credential*',
      'token',
      'tokens',
      'secret',
      'secrets',
      'api key',
      'api keys',
      'apikey',
      'private key',
      'private keys',
      'ssh key',
      'ssh keys',
      'access key',
      'secret key',
      'system prompt',
      'system message',
      'cookie',
      'cookies',
      'otp',
      'mfa',
      'ssn',
      'iban',
      'seed phrase',
      'recovery phrase',
      'recovery codes',
      'verification code',
      'rsa',
      'env',
      'passwort*',
      'kennwort*',
      'zugangsdaten',
      'anmeldedaten',
      'geheim*',
      'api schlüssel',
      'systemprompt',
      'de passe',
      'identifiants',
      'clé api',
      'clés api',
      'jeton*',
      'confidentiel*',
      'contraseña*',
      'credencial*',
      'clave api',
      'claves api',
      'парол*',
      'токен*',
      'ключ',
      'ключи',
      'ключей',
      'учетн*',
      'учётн*',
      'секрет*',
      '密码',
      '令牌',
      '密钥',
      '凭证',
      '凭据',
      '系统提示',
      '口令',
      '验证码',
      'パスワード',
      'トークン',
      '認証情報',
      '秘密鍵',
      'キー',
      'システムプロンプト',
      '暗証',
    ],
  ],
  [TARGET, ['http', 'https', 'www', 'url', 'urls', 'webhook*', 'endpoint*', 'pastebin', 'ngrok']],
  [
    TLD,
    [
      'com',
      'net',
      'org',
      'io',
      'xyz',
      'ru',
      'cn',
      'info',
      'biz',
      'top',
      'co',
      'me',
      'dev',
      'app',
      'site',
      'online',
      'example',
      'tk',
      'de',
      'fr',
      'es',
      'uk',
      'us',
    ],
  ],
  [
    TASK_SWITCH,
    [
      'ignore*',
      'ignoring',
      'disregard*',
      'forget',
      'forgets',
      'forgot',
      'forgotten',
      'forgetting',
      'instead',
      'before you',
      'first',
      'overrid*',
      'override',
      'stop',
      'halt',
      'abandon',
      'no longer',
      'from now',
      'now on',
      'nevermind',
      'never mind',
      'cancel',
      'skip',
      'abort',
      'ignorier*',
      'vergiss',
      'vergessen',
      'stattdessen',
      'statt',
      'zuerst',
      'vorher',
      'nicht mehr',
      'ab sofort',
      'hör auf',
      'ignor*',
      'oublie*',
      'au lieu',
      'plutôt',
      "d'abord",
      'désormais',
      'dorénavant',
      'arrête*',
      'olvid*',
      'en lugar',
      'en vez',
      'primero',
      'deja de',
      'ya no',
      'игнорир*',
      'забуд*',
      'забыть',
      'вместо',
      'сначала',
      'больше не',
      'отныне',
      'прекрати',
      'хватит',
      '忽略',
      '无视',
      '忘记',
      '忘掉',
      '而是',
      '首先',
      '不再',
      '停止',
      '改为',
      '从现在起',
      '無視',
      '忘れ',
      '代わりに',
      'まず',
      '先に',
      'やめ',
      '今後',
    ],
  ],
  [
    CONCEAL,
    [
      'quietly',
      'silently',
      'secretly',
      'covertly',
      'discreetly',
      'unnoticed',
      'stealth*',
      'without telling',
      'without mentioning',
      'without informing',
      'without notifying',
      'without asking',
      'without alerting',
      "don't mention",
      "don't tell",
      'not mention',
      'never mention',
      'conceal*',
      'heimlich*',
      'unbemerkt',
      'stillschweigend',
      'verheimlich*',
      'verschweig*',
      'nicht erwähnen',
      'discrètement',
      'secrètement',
      'silencieusement',
      'sans mentionner',
      'sans prévenir',
      'sans informer',
      'en secret',
      'silenciosamente',
      'secretamente',
      'discretamente',
      'sin mencionarlo',
      'sin mencionar',
      'sin avisar',
      'sin decir',
      'sin informar',
      'no menciones',
      'no digas',
      'тайно',
      'незаметно',
      'скрытно',
      'не говори',
      'не упоминай',
      'не сообщай',
      '悄悄',
      '秘密地',
      '偷偷',
      '不要告诉',
      '不要提',
      '不告诉',
      '隐瞒',
      'こっそり',
      '内緒',
      '秘密裏',
      '黙って',
      '言わないで',
      '伝えないで',
      '知らせずに',
    ],
  ],
  [
    PRINCIPAL,
    [
      'user',
      'users',
      "user's",
      'owner',
      "owner's",
      'admin',
      'administrat*',
      'operator',
      'developer',
      'developers',
      'boss',
      'ceo',
      'principal',
      'creator',
      'supervisor',
      'nutzer*',
      'benutzer*',
      'besitzer*',
      'inhaber*',
      'entwickler*',
      'chef',
      'utilisateur*',
      'propriétaire',
      'administrat*',
      'développeur*',
      'usuario*',
      'propietario*',
      'dueño*',
      'administrad*',
      'desarrollad*',
      'jefe',
      'пользовател*',
      'владел*',
      'администрат*',
      'разработчик*',
      'начальник*',
      '用户',
      '主人',
      '管理员',
      '开发者',
      '老板',
      'ユーザー',
      '利用者',
      '管理者',
      '開発者',
      'オーナー',
      '上司',
    ],
  ],
  [
    WISH,
    [
      'want',
      'wants',
      'wanted',
      'wishes',
      'asked',
      'asks',
      'requested',
      'requests',
      'instructed',
      'instructs',
      'authorized',
      'authorised',
      'permitted',
      'would like',
      'expects',
      'prefers',
      'told',
      'möchte',
      'wünscht',
      'bittet',
      'angewiesen',
      'verlangt',
      'veut',
      'souhaite',
      'demande',
      'exige',
      'quiere',
      'desea',
      'pide',
      'solicita',
      'хочет',
      'просит',
      'попросил*',
      'велел*',
      'требует',
      '希望',
      '想要',
      '要求',
      '让你',
      '吩咐',
      '求め',
      '依頼',
      '頼ん',
    ],
  ],
  [
    MENTION,
    [
      'example',
      'examples',
      'e g',
      'for instance',
      'such as',
      'attacker*',
      'adversar*',
      'malicious',
      'phishing',
      'might',
      'could',
      'hypothetical*',
      'detect*',
      'classifier*',
      'benchmark*',
      'research*',
      'paper',
      'article',
      'describes',
      'discuss*',
      'explains',
      'tutorial',
      'documentation',
      'warning',
      'beware',
      'scam*',
      'suspicious',
      'injection*',
      'beispiel*',
      'z b',
      'angreifer*',
      'könnte',
      'exemple*',
      'attaquant*',
      'pourrait',
      'ejemplo*',
      'atacante*',
      'podría',
      'пример*',
      'злоумышлен*',
      'например',
      '例如',
      '比如',
      '示例',
      '攻击者',
      '例子',
      '例えば',
      '攻撃者',
    ],
  ],
  [
    YOU,
    [
      'you',
      'your',
      'yours',
      'yourself',
      "you're",
      "you'll",
      "you've",
      'du',
      'dich',
      'dir',
      'dein*',
      'vous',
      'tu',
      'toi',
      'votre',
      'vos',
      'tú',
      'tus',
      'usted',
      'ustedes',
      'ты',
      'вы',
      'тебе',
      'вам',
      'тебя',
      'вас',
      'твой*',
      'ваш',
      'ваши',
      'вашу',
      'ваше',
      'вашего',
      '你',
      '您',
      'あなた',
    ],
  ],
  [
    MODAL,
    [
      'must',
      'should',
      'shall',
      'need',
      'have to',
      'has to',
      'required',
      'mandatory',
      'ought',
      'musst',
      'müssen',
      'muss',
      'sollst',
      'sollen',
      'solltest',
      'dois',
      'devez',
      'doit',
      'faut',
      'debes',
      'debe',
      'deben',
      'tienes que',
      'hay que',
      'должен',
      'должна',
      'должны',
      'нужно',
      'надо',
      'обязан*',
      '必须',
      '应该',
      '务必',
      '必ず',
      'なければ',
      'ください',
      'べき',
    ],
  ],
  [
    RULES,
    [
      'instruction*',
      'prompt',
      'prompts',
      'rules',
      'guideline*',
      'directive*',
      'programming',
      'policy',
      'policies',
      'guardrail*',
      'task',
      'tasks',
      'anweisung*',
      'regeln',
      'richtlinie*',
      'vorgabe*',
      'aufgabe*',
      'consigne*',
      'règles',
      'tâche*',
      'instruccion*',
      'instrucción',
      'reglas',
      'directriz',
      'directrices',
      'tarea*',
      'инструкци*',
      'правил*',
      'указани*',
      'задач*',
      '指令',
      '指示',
      '规则',
      '提示词',
      '任务',
      '命令',
      'ルール',
      'タスク',
      'プロンプト',
    ],
  ],
  [
    LEADIN,
    [
      'please',
      'kindly',
      'now',
      'immediately',
      'urgent*',
      'important',
      'asap',
      'note',
      'attention',
      'pls',
      'plz',
      'bitte',
      'sofort',
      'dringend',
      'wichtig',
      'jetzt',
      'plaît',
      'veuillez',
      'immédiatement',
      'maintenant',
      'favor',
      'inmediatamente',
      'urgente',
      'importante',
      'ahora',
      'пожалуйста',
      'срочно',
      'немедленно',
      'важно',
      'сейчас',
      '请',
      '立即',
      '马上',
      '紧急',
      '重要',
      '至急',
      '直ちに',
      'すぐに',
      '今すぐ',
    ],
  ],
];

const FNV_PRIME = 0x01000193;
/** The seeds of text-features.ts: a word's hash here is the one the scorer computes. */
export const WORD_SEED = 0x9e3779b1;
export const BIGRAM_SEED = 0x85ebca6b;

/** Whether a code is of the scripts written without spaces (kana, CJK ideographs). */
export function isUnspacedScript(code: number): boolean {
  return code >= 0x3040 && code < 0xa000;
}

/** The hash the scorer gives a word of these codes. */
function wordHash(word: string): number {
  let hash = WORD_SEED;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash | 0;
}

const bigramHash = (first: number, second: number): number => (Math.imul(first ^ BIGRAM_SEED, FNV_PRIME) ^ second) | 0;

/** An open-addressed table from a non-zero 32-bit hash to a class mask. */
class HashTable {
  readonly keys: Int32Array;
  readonly values: Int32Array;
  readonly mask: number;
  constructor(bits: number) {
    this.keys = new Int32Array(1 << bits);
    this.values = new Int32Array(1 << bits);
    this.mask = (1 << bits) - 1;
  }
  add(hash: number, classes: number): void {
    if (hash === 0) return;
    let i = (hash ^ (hash >>> 15)) & this.mask;
    while (this.keys[i] !== 0 && this.keys[i] !== hash) i = (i + 1) & this.mask;
    this.keys[i] = hash;
    this.values[i] |= classes;
  }
}

/**
 * Whether some stem starts with the three codes of this hash (its low 12 bits): a word whose first
 * three codes start no stem is looked up no further, so most words cost one probe here.
 */
const stemOpenings = new Uint8Array(1 << 12);
const words = new HashTable(12);
const stems = new HashTable(11);
const phrases = new HashTable(10);
const unspaced = new HashTable(10);
/** The first codes of unspaced entries, and their longest length. */
const unspacedFirst = new Uint8Array(0x10000);
let unspacedLongest = 1;
// The folding of the model lower-cases; digits would fold to 0 but no entry holds one.
for (const [classes, list] of LISTS)
  for (const raw of list) {
    const entry = raw.toLowerCase();
    if (isUnspacedScript(entry.charCodeAt(0))) {
      unspaced.add(wordHash(entry), classes);
      unspacedFirst[entry.charCodeAt(0)] = 1;
      unspacedLongest = Math.max(unspacedLongest, entry.length);
    } else if (entry.includes(' ')) {
      const [first, second] = entry.split(' ');
      phrases.add(bigramHash(wordHash(first) >>> 0, wordHash(second) >>> 0), classes);
    } else if (entry.endsWith('*')) {
      if (entry.length < 5 || entry.length > 13) throw new Error(`stem ${entry} must be 4 to 12 codes`);
      stems.add(wordHash(entry.slice(0, -1)), classes);
      stemOpenings[wordHash(entry.slice(0, 3)) & 0xfff] = 1;
    } else words.add(wordHash(entry), classes);
  }

function find(table: HashTable, hash: number): number {
  const { keys, mask } = table;
  let i = (hash ^ (hash >>> 15)) & mask;
  for (;;) {
    const key = keys[i];
    if (key === hash) return table.values[i];
    if (key === 0) return 0;
    i = (i + 1) & mask;
  }
}

/** The classes of a whole word, by its hash (wordHash's, as an int32 or uint32). */
export function wordClasses(hash: number): number {
  return find(words, hash | 0);
}

/** The classes of a stem, by the hash of a word's first 4 to 12 codes. */
export function stemClasses(hash: number): number {
  return find(stems, hash | 0);
}

/** Whether a stem may start with the word's first three codes, by their hash. */
export function opensStem(hash: number): boolean {
  return stemOpenings[hash & 0xfff] === 1;
}

/** The classes a word takes from the word before it, by their bigram hash. */
export function phraseClasses(hash: number): number {
  return find(phrases, hash | 0);
}

/** Whether an entry of an unspaced script may start with this code. */
export function startsUnspacedEntry(code: number): boolean {
  return unspacedFirst[code] === 1;
}

/** The longest unspaced entry, in codes. */
export const UNSPACED_LONGEST = unspacedLongest;

/** The classes of the unspaced entry with this hash, if any. */
export function unspacedClasses(hash: number): number {
  return find(unspaced, hash | 0);
}

/** The hash of `count` codes of `codes` at `at`, as wordHash gives it. */
export function codesHash(codes: Uint16Array, at: number, count: number): number {
  let hash = WORD_SEED;
  for (let i = 0; i < count; i++) hash = Math.imul(hash ^ codes[at + i], FNV_PRIME);
  return hash;
}
