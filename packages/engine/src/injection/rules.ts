// The pattern detectors of the injection screen. Each fires a weighted signal; no single trigger
// word is enough to flag a payload, only phrases whose shape is an instruction aimed at the model
// (a verb acting on "previous instructions", a secret as the object of "send", a chat-template
// token). Weights say how sure one signal is on its own; the screen combines them.
//
// Every pattern is linear: alternatives of literals, and gaps bounded both in words and in
// characters (`(?:\s+\S+){0,3}?`, `[^\n]{0,80}`), never nested unbounded quantifiers.

import { messageListOrdersNothing } from './message-list-record.ts';
import { PEOPLE_AFTER_MACHINE_WORD_SOURCE } from './people-after-machine-word.ts';
import { headerOrdersNothing } from './header-without-order.ts';
import { INJECTION_FAMILIES, type Family } from './injection-families.ts';
import { JAILBREAK_FAMILIES } from './jailbreak-families.ts';
import { createTextScanner, type TextScanner } from './keyword-scan.ts';
import { overrideExcused } from './override-excuses.ts';
import { reportsOrderToThirdPerson } from './reported-order.ts';
import { isRepositoryGuidance } from './repository-guidance.ts';
import { speaksToAssistantOwner } from './assistant-owner.ts';
import { tokensOnlyNamed } from './template-token-mention.ts';
import { greetedAnalysisRequest } from './greeted-analysis-request.ts';
import { afterUserOpening } from './transcript-opening.ts';
import { noteScan, wordGateKeyWords } from './word-gates.ts';
import { BASE64_CHAR, BASE64_RUN, CHAR_TRAITS, DOT, HYPHEN, MIN_BASE64_RUN, NON_ASCII, SYMBOL_CHAR, TRAIT_WORDS } from './text-traits.ts';

/** One detector hit inside one string. */
export interface Signal {
  rule: string;
  /** Which detector of the rule fired; distinct detectors of one rule are distinct evidence. */
  detector: string;
  weight: number;
  /** Offsets of the evidence in the screened text, for the excerpt. */
  start: number;
  end: number;
  /** Offset of the words the evidence hangs on, when `start` opens a window around them (an order's verb, a clause after an address). */
  focus?: number;
}

interface PatternRule {
  rule: string;
  weight: number;
  pattern: RegExp;
  /**
   * A cheap test every text the pattern can match also passes (its family's key words). Gates are
   * evaluated once per text and shared, so ordinary text skips most patterns.
   */
  gate: RegExp | readonly RegExp[];
  /** When this matches the 40 characters before the hit, the hit is negated ("never share …"). */
  negatedBy?: RegExp;
  /** When this holds of the hit at [start, end) of the text, the hit is no evidence (override-excuses.ts). */
  excused?: (text: string, start: number, end: number) => boolean;
}

interface GateKeywords {
  /** Indexes into KEYWORDS; the gate can only pass when one of them occurs. */
  words: number[];
  /** Literal strings (lower case); or one of them occurs. */
  symbols: string[];
}

const KEYWORDS: string[] = [];
const GATE_KEYWORDS = new Map<RegExp, GateKeywords>();

/**
 * Registers the key words of a gate: a necessary condition checked by one shared pass over the
 * text before the gate's regular expression runs. A gate with no words and no symbols never passes
 * on ASCII text (the Chinese and Cyrillic gates). Non-ASCII text skips this check.
 */
function keyed(gate: RegExp, words: readonly string[], symbols: readonly string[]): RegExp {
  const indexes = words.map((word) => {
    const known = KEYWORDS.indexOf(word);
    if (known >= 0) return known;
    KEYWORDS.push(word);
    return KEYWORDS.length - 1;
  });
  GATE_KEYWORDS.set(gate, { words: indexes, symbols: [...symbols] });
  return gate;
}

/** Every key word made of one of `heads` followed by one of `tails`. */
function crossed(heads: readonly string[], tails: readonly string[]): string[] {
  return heads.flatMap((head) => tails.map((tail) => head + tail));
}

// Gates: key words that any text a pattern can match contains. A pattern runs only when all of
// its gates pass; gates are shared and evaluated once per text, so ordinary text skips most work.
const ENGLISH_OVERRIDE_GATE = keyed(
  /\b(?:ignor|disregard|forget|overlook|skip|discard|abandon|neglect|overrid|bypass|set\s+aside|throw\s+away|pretend)|(?:not|n't|stop|longer)\s+(?:follow|obey|listen|heed)/i,
  [
    ' ignor',
    ' disregard',
    ' forget',
    ' forgot',
    ' overlook',
    ' skip',
    ' discard',
    ' abandon',
    ' neglect',
    ' overrid',
    ' bypass',
    ' aside',
    ' throw',
    ' pretend',
    // "follow", "listen" are common words: only after a negation can they open the gate.
    ...crossed(['not ', 'n t ', 'stop ', 'longer '], ['follow', 'obey', 'listen', 'heed']),
  ],
  [],
);
const SPANISH_GATE = keyed(
  /ignor|olvid|descart|omit|omiso|sigas|seguir/i,
  [' ignor', ' olvid', ' descart', ' omit', ' omiso', ' sigas', ' seguir', ' deja'],
  [],
);
const FRENCH_GATE = keyed(
  /ignor|oubli|tiens|tenez|abstraction|suis\s+pas/i,
  [' ignor', ' oubli', ' tiens', ' tenez', ' abstraction', ' suis'],
  [],
);
const GERMAN_GATE = keyed(
  /ignor|vergiss|vergess|missacht|übergeh|beachte|befolge/i,
  [' ignor', ' vergiss', ' vergess', ' missacht', ' beachte', ' befolge'],
  [],
);
const ITALIAN_GATE = keyed(
  /ignor|dimentic|trascur|considerare|tenere|seguire/i,
  [' ignor', ' dimentic', ' trascur', ' considerare', ' tenere', ' seguire'],
  [],
);
const PORTUGUESE_GATE = keyed(/ignor|esque|desconsider|descart|siga/i, [' ignor', ' esque', ' desconsider', ' descart', ' siga'], []);
const CJK_GATE = keyed(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/, [], []);
const CYRILLIC_GATE = keyed(/[\u0400-\u04ff]/, [], []);
const MODEL_WORD_GATE = keyed(
  /\b(?:ai|a\.i\.|llm|assistant|agent|language\s+model|chatbot|bot|model|gpt|chatgpt|claude|gemini|copilot)s?\b/i,
  [
    ' ai ',
    ' a i ',
    ' llm',
    ' assistant',
    ' agent',
    ' model',
    ' chatbot',
    ' bot ',
    ' bots ',
    ' ais ',
    ' gpt',
    ' chatgpt',
    ' claude',
    ' gemini',
    ' copilot',
    ' language model',
  ],
  [],
);
const SECRET_GATE = keyed(
  /\b(?:api|apikey|access|secret|client|pass|passw|passcode|credential|auth|bearer|session|cookie|private|ssh|id_rsa|id_ed25519|seed|recovery|mnemonic|credit|card|cvv|social|bank|env|prompt|instruction|rules|guidelines|configuration|directives|conversation|chat|previous\s+messages|memory)/i,
  [
    ' api',
    ' apikey',
    ' access',
    ' secret',
    ' client',
    ' pass',
    ' credential',
    ' auth',
    ' bearer',
    ' session',
    ' cookie',
    ' private',
    ' ssh',
    ' id ',
    ' seed',
    ' recovery',
    ' mnemonic',
    ' credit',
    ' card',
    ' cvv',
    ' social',
    ' bank',
    ' env',
    ' prompt',
    ' instruction',
    ' rules',
    ' guidelines',
    ' configuration',
    ' directives',
    ' conversation',
    ' chat',
    ' previous messages',
    ' memory',
  ],
  [],
);
const SENSITIVE_GATE = keyed(
  /~|\$home|%userprofile%|\/home\/|\/users\/|\/root|id_|\/etc\/|mcp\.json|\.env|credentials\.json|wallet\.dat/i,
  [],
  ['~', '$home', '%userprofile%', '/home/', '/users/', '/root', 'id_', '/etc/', 'mcp.json', '.env', 'credentials.json', 'wallet.dat'],
);
const RESPONSE_YOUR_GATE = keyed(
  /\byour\s+(?:response|reply|answer|output|message|elucidation|explanation|summary|completion|translation|result)/i,
  [
    ' your response',
    ' your reply',
    ' your answer',
    ' your output',
    ' your message',
    ' your elucidation',
    ' your explanation',
    ' your summary',
    ' your completion',
    ' your translation',
    ' your result',
  ],
  [],
);
const REPLY_VERB_GATE = keyed(
  /\b(?:reply|respond|answer|write|talk|speak)\s/i,
  [' reply ', ' respond ', ' answer ', ' write ', ' talk ', ' speak '],
  [],
);

// --- instruction overrides -------------------------------------------------------------------

const OVERRIDE_VERB = String.raw`(?:ignore|ignoring|disregard|disregarding|forget|forgetting|overlook|skip|discard|abandon|neglect|override|overriding|bypass|set\s+aside|throw\s+away|do\s+not\s+(?:follow|obey|listen\s+to|heed)|don'?t\s+(?:follow|obey|listen\s+to|heed)|stop\s+following|no\s+longer\s+follow|pretend\s+(?:to\s+have\s+forgotten|you\s+(?:never\s+)?(?:forgot|received|got|saw)))`;
const OVERRIDE_QUALIFIER = String.raw`(?:previous|previously|prior|above|earlier|preceding|foregoing|former|original|initial|old|past|existing|given|aforementioned|system|developer|your|all|any|every|those|these)`;
const STRONG_TARGET = String.raw`(?:instructions?|directions?|directives?|rules?|prompts?|guidelines?|commands?|orders?|constraints?|guidance|programming|restrictions?|policies|policy|system\s+prompt|safeguards?|guardrails?)`;
// Rules, policies and orders are everyday words: "forget the old parking rules" names another
// domain's. They are the reader's when nothing or a word about models and their set-up qualifies them.
const MODEL_TARGET = String.raw`(?:instructions?|directives?|prompts?|guidelines?|constraints?|guidance|programming|restrictions?|system\s+prompt|safeguards?|guardrails?)`;
const EVERYDAY_TARGET = String.raw`(?:rules?|directions?|commands?|orders?|policies|policy)`;
const TARGET_MODIFIER = String.raw`(?:safety|content|system|ai|model|chat|chatbot|assistant|prompt|previous|prior|earlier|original|initial|default|usual|standard|ethical|ethics|moderation|usage|operating|programmed|given|above|of|the|your|my|all|and|or|following|these|those|existing|current|old|other|such|internal|hidden|openai|openai's|anthropic|developer|developer's|imposed|set|security|behaviou?ral|response|output|\d+)`;
const WEAK_TARGET = String.raw`(?:context|messages?|conversation|input|text|content|tasks?|information|requests?|settings)`;
const ANYTHING_BEFORE = String.raw`(?:everything|all|anything|whatever)\s+(?:(?:that\s+)?(?:was\s+)?(?:said|written|stated|given)\s+)?(?:above|before|previously|prior|so\s+far|earlier|until\s+now|you\s+(?:were|have\s+been|had\s+been)\s+(?:told|given|instructed)|that\s+came\s+before)`;

const NOT_LETTER_BEFORE = String.raw`(?<![\p{L}])`;
const NOT_LETTER_AFTER = String.raw`(?![\p{L}])`;

function multilingual(verbs: string, targets: string): RegExp {
  return new RegExp(`${NOT_LETTER_BEFORE}(?:${verbs})(?:\\s+\\S+){0,4}?\\s+(?:${targets})${NOT_LETTER_AFTER}`, 'iu');
}

/**
 * A second gate of a multilingual rule: its target nouns, after white space in every match. The
 * verb gates open on English text ("ignore", "omit"), the nouns rarely do (issue 15). The
 * expression is the targets alone with the pattern's flags, so it matches wherever the pattern
 * does; the key words are the targets in ASCII (one outside ASCII needs text outside ASCII, where
 * a gate with the `u` flag always runs).
 */
function targetGate(targets: readonly string[]): RegExp {
  return keyed(
    new RegExp(targets.join('|'), 'iu'),
    targets.filter((target) => /^[a-z]+$/.test(target)).map((target) => ` ${target}`),
    [],
  );
}
const SPANISH_TARGETS = [
  'instrucciones',
  'indicaciones',
  'órdenes',
  'ordenes',
  'reglas',
  'directrices',
  'directivas',
  'comandos',
  'normas',
];
const FRENCH_TARGETS = ['instructions', 'consignes', 'directives', 'règles', 'regles', 'indications', 'ordres', 'commandes'];
const GERMAN_TARGETS = [
  'anweisung',
  'instruktion',
  'befehl',
  'regeln',
  'vorgaben',
  'anordnung',
  'richtlinien',
  'aufforderung',
  'vorschriften',
];
const ITALIAN_TARGETS = ['istruzioni', 'indicazioni', 'regole', 'direttive', 'comandi', 'ordini'];
const PORTUGUESE_TARGETS = ['instruções', 'instrucoes', 'orientações', 'orientacoes', 'regras', 'diretrizes', 'comandos', 'ordens'];

const OVERRIDE_RULES: PatternRule[] = [
  {
    rule: 'instruction_override',
    gate: ENGLISH_OVERRIDE_GATE,
    excused: overrideExcused,
    weight: 0.85,
    pattern: new RegExp(
      String.raw`\b${OVERRIDE_VERB}\b(?:\s+\S+){0,3}?\s+${OVERRIDE_QUALIFIER}\b(?:(?:\s+\S+){0,2}?\s+${MODEL_TARGET}|(?:\s+${TARGET_MODIFIER}){0,2}\s+${EVERYDAY_TARGET})\b`,
      'i',
    ),
  },
  {
    rule: 'instruction_override',
    gate: ENGLISH_OVERRIDE_GATE,
    excused: overrideExcused,
    weight: 0.45,
    pattern: new RegExp(String.raw`\b${OVERRIDE_VERB}\b(?:\s+\S+){0,3}?\s+${OVERRIDE_QUALIFIER}\b(?:\s+\S+){0,2}?\s+${WEAK_TARGET}\b`, 'i'),
  },
  {
    rule: 'instruction_override',
    gate: ENGLISH_OVERRIDE_GATE,
    excused: overrideExcused,
    weight: 0.8,
    pattern: new RegExp(String.raw`\b${OVERRIDE_VERB}\s+(?:about\s+)?${ANYTHING_BEFORE}\b`, 'i'),
  },
  {
    rule: 'instruction_override',
    gate: ENGLISH_OVERRIDE_GATE,
    excused: overrideExcused,
    weight: 0.6,
    pattern: new RegExp(
      String.raw`\b(?:ignore|disregard|forget)\s+(?:(?:all|everything)\s+)?(?:of\s+)?(?:the\s+)?(?:above|foregoing|preceding)(?:\s*[.,;:!]|\s+and\b|\s*$)`,
      'i',
    ),
  },
  {
    rule: 'instruction_override',
    gate: ENGLISH_OVERRIDE_GATE,
    excused: overrideExcused,
    weight: 0.3,
    pattern: new RegExp(String.raw`\b${OVERRIDE_VERB}\b(?:\s+\S+){0,2}?\s+${STRONG_TARGET}\b`, 'i'),
  },
  // Spanish
  {
    rule: 'instruction_override',
    gate: [targetGate(SPANISH_TARGETS), SPANISH_GATE],
    excused: overrideExcused,
    weight: 0.85,
    pattern: multilingual(
      String.raw`ignora|ignore|ignorar|ignoren|ignores|olvida|olvide|olvidar|olviden|olvídate\s+de|olvidate\s+de|descarta|descartar|omite|omitir|haz\s+caso\s+omiso\s+(?:a|de)|no\s+sigas|deja\s+de\s+seguir`,
      SPANISH_TARGETS.join('|'),
    ),
  },
  // French (the English spelling "instructions" needs a French verb or article)
  {
    rule: 'instruction_override',
    gate: [targetGate(FRENCH_TARGETS), FRENCH_GATE],
    excused: overrideExcused,
    weight: 0.85,
    pattern: multilingual(
      String.raw`ignorez|ignorer|oublie|oubliez|oublier|ne\s+tiens\s+pas\s+compte\s+(?:de|des)|ne\s+tenez\s+pas\s+compte\s+(?:de|des)|fais\s+abstraction\s+(?:de|des)|faites\s+abstraction\s+(?:de|des)|ne\s+suis\s+pas|ignore\s+(?:toutes\s+)?(?:les|tes|vos|ces)`,
      FRENCH_TARGETS.join('|'),
    ),
  },
  // German
  {
    rule: 'instruction_override',
    gate: [targetGate(GERMAN_TARGETS), GERMAN_GATE],
    excused: overrideExcused,
    weight: 0.85,
    pattern: multilingual(
      String.raw`ignoriere|ignorieren|ignoriert|ignorier|vergiss|vergessen|vergesst|missachte|missachten|übergehe|übergehen|beachte\s+nicht|befolge\s+nicht`,
      String.raw`anweisung\p{L}*|instruktion\p{L}*|befehl\p{L}*|regeln|vorgaben|anordnung\p{L}*|richtlinien|aufforderung\p{L}*|vorschriften`,
    ),
  },
  {
    rule: 'instruction_override',
    gate: GERMAN_GATE,
    weight: 0.8,
    pattern: /(?<![\p{L}])(?:ignoriere|vergiss|vergessen\s+sie)\s+alles(?:,)?\s+(?:was|davor|vorher|bisher|oben|zuvor)/iu,
  },
  // Italian
  {
    rule: 'instruction_override',
    gate: [targetGate(ITALIAN_TARGETS), ITALIAN_GATE],
    weight: 0.85,
    pattern: multilingual(
      String.raw`ignora|ignorare|ignorate|ignori|dimentica|dimenticare|dimenticate|dimentichi|trascura|trascurare|non\s+considerare|non\s+tenere\s+conto\s+(?:di|delle|degli)|non\s+seguire`,
      ITALIAN_TARGETS.join('|'),
    ),
  },
  // Portuguese
  {
    rule: 'instruction_override',
    gate: [targetGate(PORTUGUESE_TARGETS), PORTUGUESE_GATE],
    weight: 0.85,
    pattern: multilingual(
      String.raw`ignore|ignora|ignorar|ignorem|esqueça|esqueca|esquece|esquecer|desconsidere|desconsiderar|descarte|descartar|não\s+siga|nao\s+siga`,
      PORTUGUESE_TARGETS.join('|'),
    ),
  },
  // Chinese (also Japanese kanji forms)
  {
    rule: 'instruction_override',
    gate: CJK_GATE,
    weight: 0.85,
    pattern:
      /(?:忽略|无视|無視|忽视|忽視|不要理会|不要理會|别管|別管|忘记|忘記|忘掉|丢弃|丟棄|跳过|跳過|不要遵守|不要遵循|停止遵循|不再遵守)[^。！？\n]{0,12}?(?:指令|指示|说明|說明|提示词|提示詞|提示|命令|规则|規則|要求|设定|設定)/u,
  },
  // Japanese and Korean (object before verb)
  {
    rule: 'instruction_override',
    gate: CJK_GATE,
    weight: 0.85,
    pattern: /(?:指令|指示|命令|ルール|プロンプト|지시|명령|지침|규칙|프롬프트)[^。\n.]{0,10}?(?:無視|忘れ|무시|잊어)/u,
  },
  // Russian
  {
    rule: 'instruction_override',
    gate: CYRILLIC_GATE,
    weight: 0.85,
    pattern: multilingual(
      String.raw`игнорируй|игнорируйте|игнорировать|проигнорируй|проигнорируйте|забудь|забудьте|забыть|не\s+обращай\s+внимания\s+на|не\s+обращайте\s+внимания\s+на|отбрось|отбросьте|пренебреги|не\s+следуй|не\s+следуйте|не\s+выполняй`,
      String.raw`инструкци\p{L}*|указани\p{L}*|правил\p{L}*|команд\p{L}*|приказ\p{L}*|установк\p{L}*|распоряжени\p{L}*|промпт\p{L}*|подсказк\p{L}*`,
    ),
  },
];

// --- role and system-prompt forgery ----------------------------------------------------------

// Chat-template tokens forge a turn where they open one; a code review, a tokenizer log or template
// documentation names them (template-token-mention.ts).
const CHATML_TOKEN =
  /<\|\s*(?:im_start|im_end|im_sep|system|assistant|user|endoftext|eot_id|start_header_id|end_header_id|begin_of_text|end_of_turn|start_of_turn)\s*\|>/i;
const INST_TOKEN = /\[\/?INST\]|<<\/?SYS>>|<\/?start_of_turn>|<\/?end_of_turn>/;
const ROLE_TAG =
  /<\/?\s*(?:system|sys|system_prompt|assistant|tool_result|tool_response|function_results?|function_response|tool_output|developer|admin_instructions?)\s*>/i;

const ROLE_RULES: PatternRule[] = [
  {
    rule: 'role_forgery',
    gate: keyed(/<\|/, [], ['<|']),
    weight: 0.9,
    excused: tokensOnlyNamed(CHATML_TOKEN),
    pattern: CHATML_TOKEN,
  },
  {
    rule: 'role_forgery',
    weight: 0.8,
    gate: keyed(/\[\/?inst\]|<<\/?sys|_of_turn>/i, [], ['[inst', '[/inst', '<<sys', '<</sys', '_of_turn']),
    excused: tokensOnlyNamed(INST_TOKEN),
    pattern: INST_TOKEN,
  },
  // "### Response:" opens a forged turn; "#### response" without the colon is a heading of API docs.
  {
    rule: 'role_forgery',
    gate: keyed(/#{2,}/, [], ['##']),
    weight: 0.65,
    // "### SYSTEM REQUIREMENTS ###" over a table of versions heads a document (header-without-order.ts).
    // "### Human: … ### Assistant: …" opens with the user's turn: a transcript's record (transcript-opening.ts).
    excused: (text, start) => headerOrdersNothing(text, start) || afterUserOpening(text, start),
    pattern:
      /(?:^|\n)[ \t]*#{2,}[ \t]*(?:(?:system|instructions?|assistant|new\s+instructions?|system\s+prompt|admin|developer)[ \t]*:?|response[ \t]*:)[ \t]*(?:\n|$|[A-Za-z])/i,
  },
  {
    rule: 'role_forgery',
    gate: keyed(/<\/?\s*(?:system|sys|assistant|tool_|function_|developer|admin_)/i, [], ['<']),
    weight: 0.6,
    excused: tokensOnlyNamed(ROLE_TAG),
    pattern: ROLE_TAG,
  },
  {
    rule: 'role_forgery',
    weight: 0.55,
    gate: keyed(/role["']/i, [], ['role"', "role'"]),
    // A list whose every content orders nothing is a record of what was said (message-list-record.ts).
    excused: messageListOrdersNothing,
    // A message list built from a variable ('"content": SYSTEM_PROMPT') is code, not a forged turn.
    pattern: /["']role["']\s*:\s*["'](?:system|developer|assistant|tool)["'](?!\s*,\s*["']content["']\s*:\s*[A-Za-z_][\w.]*\s*[}\],])/i,
  },
  {
    rule: 'role_forgery',
    gate: keyed(/(?:system|message|prompt|developer)[ \t]*:/i, ['system', 'message', 'prompt', 'developer'], []),
    weight: 0.45,
    // "System: ticket closed automatically after 7 days" is a log's status line: a label that orders nothing (header-without-order.ts).
    excused: headerOrdersNothing,
    pattern: /(?:^|\n)[ \t]*(?:system|system\s+message|system\s+prompt|developer)[ \t]*:[ \t]*\S/i,
  },
  {
    rule: 'role_forgery',
    gate: keyed(
      /\b(?:assistant|ai|chatgpt|gpt|claude|bot|model)[ \t]*:/i,
      [' assistant', ' ai', ' chatgpt', ' gpt', ' claude', ' bot', ' model'],
      [],
    ),
    weight: 0.4,
    // A text that opens with the user's turn is a transcript: its assistant turns are a record, not forged.
    excused: afterUserOpening,
    pattern: /(?:^|\n)[ \t]*(?:assistant|ai|chatgpt|gpt|claude|bot|model)[ \t]*:[ \t]*\S/i,
  },
  {
    rule: 'role_forgery',
    gate: keyed(
      /[{[(]\s*(?:system|admin|developer|openai|anthropic)\s*:/i,
      [' system', ' admin', ' developer', ' openai', ' anthropic'],
      [],
    ),
    weight: 0.45,
    pattern: /[{[(]\s*(?:system|admin|developer|openai|anthropic)\s*:\s*[^}\])\n]{3,200}[}\])]/i,
  },
  {
    rule: 'role_forgery',
    gate: keyed(/(?:%%%|===|---|\*\*\*|###|\[)\s*(?:end|begin|start)/i, [], ['%%%', '===', '---', '***', '###', '[']),
    weight: 0.35,
    pattern:
      /(?:%%%|===|---|\*\*\*|###|\[)\s*(?:end|begin|start)\s+(?:of\s+)?(?:the\s+)?(?:user\s+)?(?:document|context|email|input|message|query|data|text|conversation|prompt|instructions|system|ambiguity)/i,
  },
];

// --- secret exfiltration -----------------------------------------------------------------------

const DISCLOSE_VERB = String.raw`(?:convey|send|sending|forward|email|e-mail|mail|post|upload|transmit|exfiltrate|leak|reveal|disclose|expose|print|output|display|show|tell|give|share|repeat|dump|paste|return|echo|spell\s+out|read\s+out|write\s+out|provide|list|include|append|attach|copy)`;
const DISCLOSE_GATE = keyed(
  new RegExp(String.raw`\b${DISCLOSE_VERB}\b`, 'i'),
  [
    ' convey',
    ' send',
    ' forward',
    ' email',
    ' e mail',
    ' mail',
    ' post',
    ' upload',
    ' transmit',
    ' exfiltrat',
    ' leak',
    ' reveal',
    ' disclose',
    ' expose',
    ' print',
    ' output',
    ' display',
    ' show',
    ' tell',
    ' give',
    ' share',
    ' repeat',
    ' dump',
    ' paste',
    ' return',
    ' echo',
    ' spell',
    ' read',
    ' write',
    ' provide',
    ' list',
    ' include',
    ' append',
    ' attach',
    ' copy',
  ],
  [],
);
// Credentials: whose they are matters. "Reveal your API key by clicking the eye icon" is a help
// page talking to its human reader; "reveal the API key" or "send all credentials" is not.
const CREDENTIAL = String.raw`(?:api[\s_-]?keys?|apikeys?|access[\s_-]?(?:keys?|tokens?)|secret[\s_-]?(?:keys?|words?)|secrets|client[\s_-]?secrets?|passwords?|passwd|pass\s?phrases?|passcodes?|credentials?|auth(?:entication|orization)?[\s_-]?tokens?|bearer[\s_-]?tokens?|session[\s_-]?(?:tokens?|cookies?|ids?)|cookies|private[\s_-]?keys?|ssh[\s_-]?keys?|id_rsa|id_ed25519|seed\s+phrases?|recovery\s+phrases?|mnemonic|credit\s+card(?:\s+numbers?)?|card\s+numbers?|cvv|social\s+security\s+numbers?|bank\s+details|env(?:ironment)?[\s_-]?var(?:iable)?s?|\.env\b)`;
// The model's own secrets: its prompt, instructions and memory, whoever the text calls them ("the
// system configuration" is a server's; the model's is "your initial configuration", prompt-leak.ts).
const MODEL_SECRET = String.raw`(?:(?:the\s+|your\s+)?(?:system|initial|hidden|original|secret|internal|developer|pre-?)\s*prompts?|(?:(?:the|all|of|your|my)\s+){0,3}(?:your|above|previous|prior|preceding|foregoing|earlier|initial|original|system|hidden|secret|internal|developer|all)\s+(?:instructions|prompts?|rules|guidelines|directives)|conversation\s+history|chat\s+history|previous\s+messages|memory\s+contents)`;
const SECRET_OBJECT = String.raw`(?:${CREDENTIAL}|${MODEL_SECRET})`;
// Verbs that disclose on their own; "provide", "include", "paste" a key are set-up instructions
// unless a destination follows.
const STRONG_DISCLOSE_VERB = String.raw`(?:convey|send|sending|forward|email|e-mail|mail|post|upload|transmit|exfiltrate|leak|reveal|disclose|expose|print|output|display|show|tell|give|share|repeat|dump|return|echo|spell\s+out|read\s+out|write\s+out)`;
const NOT_YOURS = String.raw`(?<!\byour\s+)(?<!\byour\s+\S+\s+)`;
// "models leak their system prompts", "getting the model to reveal its system prompt": a third
// party's secret is written about, not asked for.
const NOT_THEIRS = String.raw`(?!\s+their\s)(?!\s+its\s+(?:system|initial|hidden|original|internal)\s+prompt)`;
// "Output screening catches secrets", "display filters hide tokens": the verb's word names a stage of a pipeline.
const NOT_A_STAGE = String.raw`(?!\s+(?:screening|filter(?:s|ing)?|scann(?:er|ers|ing)|validation|guard(?:s|rails?)?|saniti[sz]\w*|redaction|checks?)\b)`;
// "Send me the password reset link", "share the API key rotation guide": the credential word modifies the
// noun after it, which is what is sent (screenprec9). With an address, the first rule below still reads it.
const NOT_A_MODIFIER = String.raw`(?![\s_-]+(?:reset|resets|policy|policies|field|fields|expiry|expiration|rotation|strength|hint|hints|change|requirements?|complexity|length|links?|forms?|page|screen|dialog|e-?mails?|instructions|guide|docs?|documentation|checklist|procedure|process)\b)`;
// "Block the sender domain in the mail gateway. - Reset the password of …": a verb's word after an
// article is a noun ("the mail", "a post"), and the words up to the secret stay in one sentence (screenprec9).
const NOT_A_NOUN = String.raw`(?<!\b(?:the|a|an|this|that|our|their|its)\s+)`;
const IN_SENTENCE = String.raw`(?:\s+(?!\S*[.!?]\s)\S+){0,4}?`;
// "n't" is part of its word ("don't", "doesn't"): a word boundary never precedes it.
const NEGATION =
  /\b(?:never|not|[a-z]+n['’]t|dont|no\s+one|nobody|cannot|can't|won't|shouldn't|avoid|refuse|without)\b[^.!?\n]{0,30}$|\b(?:get|make|trick|convince|coax|persuade|force)\s+(?:the|a|an)\s+(?:\w+\s+)?(?:bot|model|assistant|chatbot|ai|llm|agent)\s+(?:into\s+|to\s+)?$/i;

const EXFILTRATION_RULES: PatternRule[] = [
  {
    rule: 'secret_exfiltration',
    gate: [DISCLOSE_GATE, SECRET_GATE],
    weight: 0.85,
    pattern: new RegExp(
      String.raw`\b${DISCLOSE_VERB}\b(?:\s+\S+){0,5}?\s+${SECRET_OBJECT}[^.!?\n]{0,80}?\b(?:to|at|into|via|through)\s+(?:https?:\/\/|www\.|[\w.+-]+@[\w-]+\.[\w.]+|(?:this|that|the\s+following|my|our)\s+(?:url|address|endpoint|server|webhook|link|email|site|domain)|me\b)`,
      'i',
    ),
    negatedBy: NEGATION,
  },
  {
    rule: 'secret_exfiltration',
    gate: [DISCLOSE_GATE, SECRET_GATE],
    weight: 0.55,
    pattern: new RegExp(
      String.raw`${NOT_A_NOUN}\b${STRONG_DISCLOSE_VERB}\b${NOT_THEIRS}${NOT_A_STAGE}${IN_SENTENCE}\s+(?:${MODEL_SECRET}|${NOT_YOURS}${CREDENTIAL}${NOT_A_MODIFIER})`,
      'i',
    ),
    negatedBy: NEGATION,
  },
  {
    rule: 'secret_exfiltration',
    gate: [DISCLOSE_GATE, SECRET_GATE],
    weight: 0.3,
    pattern: new RegExp(
      String.raw`${NOT_A_NOUN}\b${STRONG_DISCLOSE_VERB}\b${NOT_THEIRS}${NOT_A_STAGE}${IN_SENTENCE}\s+${CREDENTIAL}${NOT_A_MODIFIER}`,
      'i',
    ),
    negatedBy: NEGATION,
  },
  {
    rule: 'secret_exfiltration',
    gate: [DISCLOSE_GATE, keyed(/\b(?:instructions|prompt|rules)\b/i, [' instructions ', ' prompt ', ' rules '], [])],
    weight: 0.6,
    pattern: new RegExp(
      String.raw`\b${DISCLOSE_VERB}\b(?:\s+\S+){0,3}?\s+(?:the\s+)?(?:instructions|prompt|rules)\s+(?:you\s+(?:were|have\s+been|got|received)|so\s+far|above|before\s+this)`,
      'i',
    ),
  },
  {
    rule: 'secret_exfiltration',
    gate: [DISCLOSE_GATE, keyed(/\b(?:instructions|prompt|rules)\b/i, [' instructions ', ' prompt ', ' rules '], [])],
    weight: 0.45,
    pattern: new RegExp(String.raw`\b${DISCLOSE_VERB}\b(?:\s+\S+){0,3}?\s+(?:the\s+)?(?:instructions|prompt|rules)\s+given\b`, 'i'),
  },
  {
    rule: 'secret_exfiltration',
    // "told", "asked" are common words: the gate wants the negation that follows them.
    gate: keyed(
      /\b(?:instructed|told|asked|programmed|ordered)\s+(?:you\s+)?(?:to\s+)?(?:not|never)\b/i,
      crossed(crossed([' instructed ', ' told ', ' asked ', ' programmed ', ' ordered '], ['', 'you ', 'to ', 'you to ']), [
        'not ',
        'never ',
      ]),
      [],
    ),
    weight: 0.45,
    pattern:
      /\b(?:instructed|told|asked|programmed|ordered)\s+(?:you\s+)?(?:to\s+)?(?:not|never)\s+(?:to\s+)?(?:reveal|share|disclose|tell|say|give\s+away|mention)\b/i,
  },
  {
    rule: 'secret_exfiltration',
    gate: keyed(/letter|character|spell/i, ['letter', 'character', 'spell'], []),
    weight: 0.3,
    pattern:
      /\b(?:letter\s+by\s+letter|one\s+(?:letter|character)\s+at\s+a\s+time|\d+\s+characters?\s+at\s+(?:a|the)\s+time|(?:character|letter)s?\s+separated\s+by|spell\s+(?:it\s+)?out\s+(?:the\s+)?(?:password|secret|answer))\b/i,
  },
  {
    rule: 'secret_exfiltration',
    gate: [keyed(/\bwhat\s+(?:is|are|was|were)\b/i, [' what is ', ' what are ', ' what was ', ' what were '], []), SECRET_GATE],
    weight: 0.45,
    pattern:
      /\bwhat\s+(?:is|are|was|were)\s+(?:the|your)\s+(?:(?:secret|hidden|initial|system|original)\s+)?(?:password|api\s+key|secret(?:\s+word)?|system\s+prompt|instructions)\b/i,
  },
];

// --- markdown / HTML exfiltration ---------------------------------------------------------------

const MARKDOWN_RULES: PatternRule[] = [
  {
    rule: 'markdown_exfiltration',
    gate: keyed(/\]\(|<img|<a\s/i, [], ['](', '<img', '<a']),
    weight: 0.85,
    pattern:
      /!\[[^\]\n]{0,200}\]\(\s*<?https?:\/\/[^\s)?]{1,300}\?[^\s)]{0,600}(?:\{[^}\s]{0,60}\}|\$\{|\[[A-Z_]{2,40}\]|<[A-Za-z_]{2,40}>|%s\b|\b(?:data|secret|key|token|password|pwd|prompt|history|conversation|chat|info|memory|summary|ssn|cc|email|session|cookie|q|payload|content|msg|message|text|d)=(?:\{|\[|<|\$|%7B|[A-Za-z0-9+/=_-]{24,}))/i,
  },
  {
    rule: 'markdown_exfiltration',
    gate: keyed(/\]\(|<img|<a\s/i, [], ['](', '<img', '<a']),
    weight: 0.35,
    // Status badges (shields.io, CI badges: an .svg with a query) are a README's furniture.
    pattern: /!\[[^\]\n]{0,200}\]\(\s*<?https?:\/\/(?![^\s)?]*(?:shields\.io|badgen\.net|badge|\.svg\?))[^\s)?]{1,300}\?[^\s)]{0,600}=/i,
  },
  {
    rule: 'markdown_exfiltration',
    gate: keyed(/\]\(|<img|<a\s/i, [], ['](', '<img', '<a']),
    weight: 0.7,
    pattern:
      /(?:\]\(|<img\s[^>]{0,200}src\s*=\s*["']?|<a\s[^>]{0,200}href\s*=\s*["']?)\s*https?:\/\/[^\s)"'>?]{1,300}\?[^\s)"'>]{0,600}(?:\{[^}\s]{0,60}\}|\$\{|\[[A-Z_]{2,40}\]|<[A-Za-z_]{2,40}>|%s\b)/i,
  },
  {
    rule: 'markdown_exfiltration',
    gate: [
      keyed(/\b(?:url|link|query|parameter|image)\b/i, [' url ', ' link ', ' query ', ' parameter ', ' image '], []),
      keyed(
        /\b(?:append|add|include|put|insert|encode|attach|replace)\b/i,
        [' append ', ' add ', ' include ', ' put ', ' insert ', ' encode ', ' attach ', ' replace '],
        [],
      ),
    ],
    weight: 0.6,
    pattern:
      /\b(?:append|add|include|put|insert|encode|attach|replace)\b[^.\n]{0,80}\b(?:conversation|chat|history|secrets?|password|api\s+key|credentials?|user(?:'s)?\s+data|personal\s+data|previous\s+messages|summary|it|them)\b[^.\n]{0,60}\b(?:to|in|into|as)\s+(?:the\s+|this\s+|a\s+)?(?:url|link|query\s+string|query\s+parameter|image\s+(?:url|link|source)|markdown\s+image|parameter)/i,
  },
];

// --- hidden instructions in tool descriptions and documents ----------------------------------

const SENSITIVE_PATH = String.raw`(?:~|\$HOME|%USERPROFILE%|\/home\/[\w.-]+|\/Users\/[\w.-]+|\/root)\/\.(?:ssh|aws|gnupg|kube|docker|netrc|npmrc|pypirc|git-credentials|bash_history|zsh_history|config\/gcloud|cursor|azure)\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\/etc\/(?:passwd|shadow|sudoers)\b|\bmcp\.json\b|\b\.env\b|\bcredentials\.json\b|\bwallet\.dat\b`;

const HIDDEN_RULES: PatternRule[] = [
  {
    rule: 'hidden_instruction',
    gate: keyed(/<\s*(?:important|secret|hidden|instruction|note_to|ai_instruction|admin)/i, [], ['<']),
    weight: 0.45,
    pattern:
      /<\s*(?:important|secret|hidden|hidden_instructions?|instructions?|note_to_(?:ai|assistant|agent|llm|model)|ai_instructions?|admin)\s*>/i,
  },
  {
    rule: 'hidden_instruction',
    gate: keyed(/\b(?:user|human|operator|person|requester)s?\b/i, [' user', ' human', ' operator', ' person', ' requester'], []),
    weight: 0.55,
    pattern:
      /\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|without)\s+(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|mention(?:ing)?|reveal(?:ing)?|alert(?:ing)?|let(?:ting)?|show(?:ing)?|disclos(?:e|ing)|explain(?:ing)?)\s+(?:this\s+(?:to\s+)?)?(?:the\s+|your\s+)?(?:user|human|operator|person|requester)s?\b/i,
  },
  {
    rule: 'hidden_instruction',
    gate: keyed(
      /\b(?:user|human|operator)\s+(?:must|should|will)\s+(?:not|never)\b/i,
      [
        ' user must',
        ' user should',
        ' user will',
        ' human must',
        ' human should',
        ' human will',
        ' operator must',
        ' operator should',
        ' operator will',
      ],
      [],
    ),
    weight: 0.5,
    pattern:
      /\b(?:the\s+)?(?:user|human|operator)\s+(?:must|should|will)\s+(?:not|never)\s+(?:know|see|notice|find\s+out|be\s+told|learn)\b/i,
  },
  {
    rule: 'hidden_instruction',
    gate: keyed(
      /\b(?:using|calling|invoking|running|executing)\s+(?:this|the|any|other)\s/i,
      [' using ', ' calling ', ' invoking ', ' running ', ' executing '],
      [],
    ),
    weight: 0.3,
    pattern:
      /\b(?:before|prior\s+to|after|when)\s+(?:using|calling|invoking|running|executing)\s+(?:this|the|any|other)\s+(?:tool|function|command|api|server|plugin)s?\b/i,
  },
  {
    rule: 'hidden_instruction',
    gate: SENSITIVE_GATE,
    weight: 0.65,
    pattern: new RegExp(
      String.raw`\b(?:read|cat|open|load|fetch|get|include|pass|send|upload|attach|copy|provide|extract|collect|grab|access)\b[^.\n]{0,60}(?:${SENSITIVE_PATH})`,
      'i',
    ),
  },
  { rule: 'hidden_instruction', weight: 0.25, gate: SENSITIVE_GATE, pattern: new RegExp(SENSITIVE_PATH, 'i') },
  {
    rule: 'hidden_instruction',
    gate: keyed(/\b(?:otherwise|or\s+else)\b/i, [' otherwise ', ' or else '], []),
    weight: 0.35,
    pattern:
      /\b(?:otherwise|or\s+else)\s+(?:the\s+)?(?:tool|function|system|application|server)\s+(?:will|would)\s+(?:not\s+work|fail|crash|break|stop)/i,
  },
];

// --- text addressed to the model that tries to change its task --------------------------------

const MODEL_NOUN = String.raw`(?:ai|a\.i\.|llm|assistant|ai\s+assistant|ai\s+agent|agent|language\s+model|large\s+language\s+model|chatbot|bot|model|gpt|chatgpt|claude|gemini|copilot|ai\s+model|ai\s+system)`;

const AGENT_RULES: PatternRule[] = [
  {
    rule: 'agent_addressed',
    gate: MODEL_WORD_GATE,
    weight: 0.5,
    excused: (text, start) => isRepositoryGuidance(text, start) || greetedAnalysisRequest(text, start),
    pattern: new RegExp(
      String.raw`\b(?:dear|hey|hi|hello|attention|note\s+(?:to|for)|message\s+(?:to|for)|(?<!^\s*)instructions?\s+(?:to|for)|important\s+(?:note\s+)?(?:to|for))\s+(?:the\s+|any\s+|all\s+)?${MODEL_NOUN}s?\b(?!\s*:\s*you\s+(?:have\s+access\s+to|can\s+(?:use|call)|are\s+given)\s+(?:the\s+|these\s+)?(?:tools?|functions?)\b)(?!${PEOPLE_AFTER_MACHINE_WORD_SOURCE})`,
      'i',
    ),
  },
  {
    rule: 'agent_addressed',
    gate: MODEL_WORD_GATE,
    weight: 0.4,
    pattern: new RegExp(
      String.raw`(?:^|[\n.!?][ \t\n]{0,8})(?:to\s+the\s+|the\s+)?${MODEL_NOUN}s?\s*(?:reading|processing|summari[sz]ing|reviewing)?\s*[:,]\s*(?:please\s+)?(?:you|your|do|don'?t|instead|ignore|stop|now|from|output|write|reply|respond|answer|include|add|send|tell|say|print|forget|disregard|append|translate|summari[sz]e)\b`,
      'i',
    ),
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /\b(?:if|when|once|while|soon\s+as)\s+(?:you|(?:an?|the)\s+(?:ai|a\.i\.|llm|assistant|agent|model|language|large|chatbot|bot|gpt|chatgpt|claude|gemini|copilot))\b/i,
      [
        ' you ',
        ' ai ',
        ' a i ',
        ' llm ',
        ' assistant ',
        ' agent ',
        ' model ',
        ' language ',
        ' large ',
        ' chatbot ',
        ' bot ',
        ' gpt ',
        ' chatgpt ',
        ' claude ',
        ' gemini ',
        ' copilot ',
      ],
      [],
    ),
    weight: 0.55,
    // "If you see these in a file your assistant processed": the "you" is a person (assistant-owner.ts).
    excused: speaksToAssistantOwner,
    pattern: new RegExp(
      String.raw`\b(?:if|when|once|as\s+soon\s+as|while)\s+(?:you|an?\s+${MODEL_NOUN}|the\s+${MODEL_NOUN})\s+(?:are\s+|is\s+)?(?:read(?:s|ing)?|see(?:s|ing)?|process(?:es|ing)?|summari[sz](?:e|es|ing)|pars(?:e|es|ing)|encounter(?:s)?|find(?:s)?|review(?:s|ing)?|analy[sz](?:e|es|ing)|get\s+to)\s+(?:this|these|the\s+following|this\s+(?:email|message|document|text|page|file|line))\b`,
      'i',
    ),
  },
  {
    rule: 'agent_addressed',
    gate: MODEL_WORD_GATE,
    weight: 0.55,
    excused: isRepositoryGuidance,
    pattern: new RegExp(String.raw`\b(?:if|since|because)\s+you\s+are\s+(?:an?\s+)?(?:${MODEL_NOUN})\b`, 'i'),
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /\byour\s+(?:new|real|actual|true|only|updated|revised|next|primary|sole)\s/i,
      [
        ' your new ',
        ' your real ',
        ' your actual ',
        ' your true ',
        ' your only ',
        ' your updated ',
        ' your revised ',
        ' your next ',
        ' your primary ',
        ' your sole ',
      ],
      [],
    ),
    weight: 0.55,
    pattern:
      /\byour\s+(?:new|real|actual|true|only|updated|revised|next|primary|sole)\s+(?:task|goal|job|objective|instructions?|mission|purpose|role|directive|priority)\s+(?:is|are|will\s+be|now)\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /\b(?:instructions?|task|objective|directives?|orders?)\s*(?::|-|—)/i,
      [' instruction', ' task ', ' objective ', ' directive', ' order'],
      [],
    ),
    weight: 0.5,
    pattern:
      /\b(?:new|updated|revised|real|actual|additional|secret|hidden|override|priority|system|urgent)\s+(?:instructions?|task|objective|directives?|orders?)\s*(?::|-{1,2}|—)\s*\S/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(/\binstead\s+of\b/i, [' instead of '], []),
    weight: 0.4,
    pattern:
      /\binstead\s+of\s+(?:summari[sz]|translat|answer|respond|repl|analy[sz]|writ|classif|review|follow|doing(?!\s+(?:it|so|that|this)\b)|perform|complet|extract|process|reading|what\s+(?:the\s+)?user)\w*/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(/\bfrom\s+now\b/i, [' from now '], []),
    weight: 0.45,
    pattern: /\bfrom\s+now\s+on\b[,]?\s+(?:you|always|only|never|respond|reply|answer|act|speak|write|talk|ignore|your)\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /\byou\s+(?:are|will)\s+(?:now|no\s+longer|be\s+called)|\bfrom\s+now\s+(?:known|called)/i,
      [
        ' you are now ',
        ' you will now ',
        ' you are no longer ',
        ' you will no longer ',
        ' you will be called ',
        ' from now known ',
        ' from now called ',
      ],
      [],
    ),
    weight: 0.35,
    pattern:
      /\byou\s+(?:are|will)\s+now\s+(?:be|act|become|respond|behave|play|operate|called|known|in)\b|\byou\s+are\s+no\s+longer\s+(?:an?\s+|bound|restricted|required|limited)|\byou\s+will\s+be\s+called\b|\bfrom\s+now\s+(?:known|called)\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /anything\s+now|\bdan\s+mode|developer\s+mode|jailbreak|ethical|moral|content\s+(?:guidelines|restrictions|filters|limits)/i,
      [
        'anything now',
        ' dan mode',
        'developer mode',
        'jailbreak',
        'ethical',
        'moral',
        'content guidelines',
        'content restrictions',
        'content filters',
        'content limits',
      ],
      [],
    ),
    weight: 0.55,
    pattern:
      /\b(?:do\s+anything\s+now|DAN\s+mode|developer\s+mode\s+(?:enabled|on|activated)|jailbreak(?:ed)?\s+mode|(?:without|no)\s+(?:any\s+)?(?:ethical|moral|content)\s+(?:guidelines|restrictions|filters|limits))\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /\bdo\s+anything\b|\bnot\s+(?:limited|restricted|constrained|bound)\b/i,
      [' do anything ', ' not limited ', ' not restricted ', ' not constrained ', ' not bound '],
      [],
    ),
    weight: 0.3,
    pattern: /\b(?:can|could|will)\s+do\s+anything(?:\s+now)?\b|\bnot\s+(?:limited|restricted|constrained|bound)\s+by\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /ethic|moral|scruple|filter|moderation|censor|content\s+policy|no\s+policies/i,
      ['ethic', 'moral', 'scruple', 'filter', 'moderation', 'censor', 'content policy', 'no policies'],
      [],
    ),
    weight: 0.35,
    pattern:
      /\b(?:without|no|has\s+no|have\s+no|free\s+of|lacks?)\s+(?:any\s+)?(?:ethics|ethical|moral|morals|morality|scruples|filters?|moderation|censorship|content\s+policy)\b|\b(?:zero|no)\s+(?:moderation|censorship)\b|\bno\s+policies\s+in\s+place\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(/\b(?:imagine|pretend|suppose)\b|\byou\s+are\b/i, [' imagine ', ' pretend ', ' suppose ', ' you are '], []),
    weight: 0.35,
    pattern: new RegExp(
      String.raw`\b(?:imagine|pretend|suppose)\s+(?:that\s+)?you\s+are\s+(?:an?\s+)?(?:\w+\s+){0,3}?${MODEL_NOUN}\b|\byou\s+are\s+(?:an?\s+)?(?:special\s+)?(?:agent\s+)?(?:DAN|STAN|DUDE|AIM|evil\s+(?:ai|assistant|bot)|unfiltered|uncensored|jailbroken)\b`,
      'i',
    ),
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /\byour\s+(?:goal|task|mission|objective|job)\s+is\s+to\b/i,
      [' your goal is to ', ' your task is to ', ' your mission is to ', ' your objective is to ', ' your job is to '],
      [],
    ),
    weight: 0.3,
    pattern:
      /\byour\s+(?:goal|task|mission|objective|job)\s+is\s+to\s+(?:tell|reveal|give|get|make|convince|trick|extract|leak|find\s+out)\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /\b(?:confirm|acknowledge|evade|escape|caught|noticed)\b|detect/i,
      [' confirm ', ' acknowledge ', ' evade ', ' escape ', ' caught ', ' noticed ', 'detect'],
      [],
    ),
    weight: 0.35,
    pattern:
      /\b(?:confirm|acknowledge)\s+(?:this\s+)?(?:by|with)\s+(?:saying|writing|replying|responding|typing)\b|\b(?:avoid|evade|escape)\s+(?:detection|being\s+detected|the\s+(?:filter|monitor))|\bwithout\s+being\s+(?:detected|noticed|caught)\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /not\s+bound|free\s+(?:of|from)|broken\s+free|override\s+the|must\s+obey|cannot\s+refuse|never\s+refuse/i,
      ['not bound', 'free of', 'free from', 'broken free', 'override the', 'must obey', 'cannot refuse', 'never refuse'],
      [],
    ),
    weight: 0.3,
    pattern:
      /\b(?:not\s+bound\s+by|free\s+(?:of|from)\s+all|broken\s+free\s+of|override\s+the\s+restrictions|must\s+obey\s+all\s+orders|cannot\s+refuse|never\s+refuse)\b/i,
  },
  {
    rule: 'agent_addressed',
    gate: keyed(
      /\b(?:do\s+not|don'?t|stop)\s+(?:summari|translat|answer|analy|respond|follow|complete)/i,
      crossed([' do not ', ' dont ', ' don t ', ' stop '], ['summari', 'translat', 'answer', 'analy', 'respond', 'follow', 'complete']),
      [],
    ),
    weight: 0.4,
    pattern:
      /\b(?:do\s+not|don'?t|stop)\s+(?:summari[sz]|translat|answer|analy[sz]|respond\s+to\s+the\s+user|follow\s+the\s+user|complete\s+the\s+(?:user'?s\s+)?task)\w*/i,
  },
];

// --- directives about "your response" (the reader's answer is the target) ----------------------

const RESPONSE_NOUN = String.raw`(?:response|reply|answer|output|message|elucidation|explanation|summary|completion|translation|result)s?`;
const RESPONSE_VERB = String.raw`(?:add|include|insert|append|integrate|incorporate|mention|modify|enhance|augment|translate|encode|encrypt|reverse|write|render|provide|express|replace|use|reply|respond|answer|start|begin|end|finish|format|make|put|shift|apply|present|deliver|convert|rewrite|display|give|embed|weave|conclude|prefix|sign|insert)`;

const OUTPUT_ENCODING = String.raw`(?:base\s?(?:16|32|58|64)|hex(?:adecimal)?|binary|morse(?:\s+code)?|rot-?13|caesar|(?:substitution\s+)?cipher|emojis?|reverse(?:d)?|backwards?|leetspeak|pig\s+latin)`;

const RESPONSE_RULES: PatternRule[] = [
  {
    rule: 'response_manipulation',
    gate: RESPONSE_YOUR_GATE,
    weight: 0.5,
    pattern: new RegExp(
      String.raw`(?:^|[.!?\n:][ \t\n]{0,8}|\b(?:please|also|then|and|now|kindly|finally|additionally)[,:]?\s+)(?:${RESPONSE_VERB}\b(?:[^.!?\n]|[.!?](?=\w)){0,160}?\byour\s+${RESPONSE_NOUN}\b|(?:in|within|to|at\s+the\s+(?:end|start|beginning)\s+of)\s+your\s+${RESPONSE_NOUN}\s*,)`,
      'i',
    ),
  },
  {
    rule: 'response_manipulation',
    gate: RESPONSE_YOUR_GATE,
    weight: 0.45,
    pattern: new RegExp(
      String.raw`\b(?:can|could|would|will)\s+you\s+(?:please\s+)?[a-z]+\b[^.!?\n]{0,100}?\byour\s+${RESPONSE_NOUN}\b`,
      'i',
    ),
  },
  {
    rule: 'response_manipulation',
    gate: REPLY_VERB_GATE,
    weight: 0.5,
    pattern:
      /(?<!\(\s*|\b(?:the|an|its|their|puzzle|quiz|clue)\s+)\b(?:reply|respond|answer|write|talk|speak)\s+(?:only\s+|solely\s+|exclusively\s+)?(?:in|using|with|backwards?|in\s+reverse)\s+(?:base\s?(?:16|32|58|64)|hex(?:adecimal)?|binary|morse|emojis?|reverse|caesar|rot13|pig\s+latin|leetspeak|all\s+caps|uppercase|cipher)\b/i,
  },
  {
    rule: 'response_manipulation',
    gate: RESPONSE_YOUR_GATE,
    weight: 0.35,
    pattern: new RegExp(
      String.raw`\b${OUTPUT_ENCODING}\b[^.!?\n]{0,60}?\byour\s+${RESPONSE_NOUN}\b|\byour\s+${RESPONSE_NOUN}\b[^.!?\n]{0,60}?\b${OUTPUT_ENCODING}\b`,
      'i',
    ),
  },
  {
    rule: 'response_manipulation',
    gate: REPLY_VERB_GATE,
    weight: 0.35,
    pattern:
      /\b(?:reply|respond|answer)\s+(?:only\s+|solely\s+|exclusively\s+)?in\s+(?:spanish|french|german|italian|portuguese|chinese|japanese|korean|russian|arabic|hindi|dutch|latin|klingon|another\s+language|a\s+different\s+language)\b/i,
  },
  {
    rule: 'response_manipulation',
    gate: RESPONSE_YOUR_GATE,
    weight: 0.45,
    pattern: /\b(?:start|begin|end|prefix|preface|conclude)\s+your\s+(?:response|reply|answer|output|message)s?\s+with\b/i,
  },
];

// --- directives to plant "the following code" in the reader's work -------------------------------

const CODE_CARRIER = String.raw`(?:following|below|subsequent|attached|given)\s+(?:(?:python|bash|shell|javascript|js)\s+)?(?:code\s+)?(?:snippet|block|section|excerpt|code|lines?|script|fragment)s?\b`;
const READER_WORK = String.raw`your\s+(?:own\s+)?(?:code|codebase|code\s+base|implementation|solution|algorithm|program|response|answer|reply|elucidation|script|project|app|application|logic|function|explanation|output)`;

const CODE_DIRECTIVE_RULES: PatternRule[] = [
  {
    rule: 'code_insertion',
    gate: [
      keyed(
        /\b(?:following|below|subsequent|attached|given)\s+(?:(?:python|bash|shell|javascript|js)\s+)?(?:code|snippet|block|section|excerpt|lines?|script|fragment)/i,
        [' code', ' snippet', ' block', ' section', ' excerpt', ' line', ' script', ' fragment'],
        [],
      ),
      keyed(/\byour\b/i, [' your '], []),
    ],
    weight: 0.35,
    pattern: new RegExp(
      String.raw`\b${CODE_CARRIER}[^\n\`]{0,150}?\b${READER_WORK}\b|\b${READER_WORK}\b[^\n\`]{0,150}?\b${CODE_CARRIER}`,
      'i',
    ),
  },
];

/** Every pattern detector, in the order their findings are listed. */
// The families of injection-families.ts, gated by their key words (punctuation read as a separator).
const scanWord = (word: string): string => word.toLowerCase().replace(/[^a-z0-9]+/g, ' ');
// The jailbreak families' key words are letters and spaces their patterns match literally (through
// `\s`), so their pre-filter holds on non-ASCII text too (see holdsOnNonAscii): their gate expression
// is one that analysis accepts, and emoji or curly quotes no longer run them on every such text.
const familyRule = (family: Family, anyText: RegExp): PatternRule => ({
  rule: family.rule,
  weight: family.weight,
  pattern: family.pattern,
  gate: keyed(
    anyText,
    [...new Set(family.gate.map(scanWord).filter((word) => word.trim() !== ''))],
    // Key words of punctuation only (`](//`) are symbols, looked for as they are.
    family.gate.filter((word) => scanWord(word).trim() === ''),
  ),
  ...(family.negatable === true ? { negatedBy: NEGATION } : {}),
  ...(family.excused !== undefined ? { excused: family.excused } : {}),
});
const FAMILY_RULES: PatternRule[] = [
  ...INJECTION_FAMILIES.map((family) => familyRule(family, /[\s\S]/)),
  ...JAILBREAK_FAMILIES.map((family) => familyRule(family, /[a-z0-9]/i)),
];

export const PATTERN_RULES: readonly PatternRule[] = [
  ...FAMILY_RULES,
  ...OVERRIDE_RULES,
  ...ROLE_RULES,
  ...EXFILTRATION_RULES,
  ...MARKDOWN_RULES,
  ...HIDDEN_RULES,
  ...AGENT_RULES,
  ...RESPONSE_RULES,
  ...CODE_DIRECTIVE_RULES,
];

// Gates compiled once: each distinct gate gets an index; each rule lists the indexes it needs.
const GATES: RegExp[] = [];
const RULE_GATES: number[][] = PATTERN_RULES.map((entry) =>
  (Array.isArray(entry.gate) ? entry.gate : [entry.gate as RegExp]).map((gate) => {
    const known = GATES.indexOf(gate);
    if (known >= 0) return known;
    GATES.push(gate);
    return GATES.length - 1;
  }),
);
const GATE_SPECS: Array<GateKeywords | undefined> = GATES.map((gate) => GATE_KEYWORDS.get(gate));
// For each key word, the gates it opens.
const KEYWORD_GATES: number[][] = KEYWORDS.map(() => []);
GATE_SPECS.forEach((spec, gate) => spec?.words.forEach((word) => KEYWORD_GATES[word].push(gate)));
const SYMBOL_GATES = GATE_SPECS.flatMap((spec, gate) => (spec !== undefined && spec.symbols.length > 0 ? [gate] : []));
// Every character a symbol key word starts with, to skip the symbol checks on plain prose.
const SYMBOL_HINT = /[<[#%=*~$_/]|role["']|-{3}|\.env|mcp\.json|wallet\.dat/;
// Gates without key words always pass the pre-filter.
const UNFILTERED_GATES = GATE_SPECS.flatMap((spec, gate) => (spec === undefined ? [gate] : []));

/**
 * Whether the pre-filter also holds for a gate on non-ASCII text. The key-word scan reads every
 * non-ASCII character as a separator, as it reads a space. A gate whose expression can match a
 * non-ASCII character only where it would match a space instead (through `\s`; its literals,
 * `\w`, `\d` and classes such as `[ \t]` match ASCII only, and `\b` sees both as non-word
 * characters) matches the text with every non-ASCII character replaced by a space whenever it
 * matches the text; that text is ASCII, so it holds a key word of the gate, and the scan reads
 * it as it reads the original. Any construct that could match a non-ASCII character otherwise
 * (a non-ASCII literal, `.`, `\S`, `\W`, `\D`, a negated class, a Unicode escape or property,
 * a look-around, the `u`, `m` or `s` flag) and the gate is always evaluated on non-ASCII text.
 */
function holdsOnNonAscii(gate: RegExp): boolean {
  if (/[ums]/.test(gate.flags)) return false;
  if (gate.source.includes('\\\\')) return false;
  return !/[^\x00-\x7f]|\\[SWDpPuxck0-9]|\[\^|\.|\(\?<?[=!]/.test(gate.source.replace(/\\\./g, ''));
}
// Gates evaluated on non-ASCII text whatever the scan finds.
const NON_ASCII_GATES = GATES.flatMap((gate, index) => (holdsOnNonAscii(gate) ? [] : [index]));
let scanner: TextScanner | undefined;
// Gate states of the text scanned last (see scanText): failed by the pre-filter, let through
// (expression not yet evaluated), passed, failed by the expression.
const FILTERED_OUT = 0;
const LET_THROUGH = 1; // what the key-word marker writes
const PASSED = 2;
const FAILED = 3;
// The scan's labels: gates, then the trait words (label GATES.length + i is TRAIT_WORDS[i]), then
// the detectors' word gates' marks (word-gates.ts; label WORD_GATE_LABEL + m is mark m).
const TRAIT_LABEL = GATES.length;
const WORD_GATE_LABEL = TRAIT_LABEL + TRAIT_WORDS.length;
// Sized again when the scanner is made, for the word gates made by then.
let gateStates = new Uint8Array(WORD_GATE_LABEL);
let wordGatesFound = gateStates.subarray(WORD_GATE_LABEL);
let wordGateCount = 0;
// The gates let through for the text scanned last, and that text.
let letThrough: number[] = [];
let spareLabels: number[] = [];
let scannedText: string | undefined;
let scannedOutsideAscii = false;
// RULE_GATES flattened: rule i needs gates RULE_GATE_LIST[RULE_GATE_START[i] .. RULE_GATE_START[i + 1]).
const RULE_GATE_START = new Int32Array(PATTERN_RULES.length + 1);
RULE_GATES.forEach((gates, index) => {
  RULE_GATE_START[index + 1] = RULE_GATE_START[index] + gates.length;
});
const RULE_GATE_LIST = Int32Array.from(RULE_GATES.flat());
// A rule can run only when its first gate is let through. Per gate, the set of rules whose first
// gate it is, as bits of 32-bit words: rule i is bit i % 32 of word i / 32 of the gate's words.
const RULE_WORDS = Math.ceil(PATTERN_RULES.length / 32);
const RULES_BY_FIRST_GATE = new Int32Array(GATES.length * RULE_WORDS);
RULE_GATES.forEach((gates, index) => {
  RULES_BY_FIRST_GATE[gates[0] * RULE_WORDS + (index >>> 5)] |= 1 << (index & 31);
});
const candidateRules = new Int32Array(RULE_WORDS);

function letGateThrough(gate: number): void {
  if (gateStates[gate] !== FILTERED_OUT) return;
  gateStates[gate] = LET_THROUGH;
  letThrough.push(gate);
}

/**
 * Necessary for SYMBOL_HINT to match the lower-cased text, tested on the text itself so plain
 * prose is not lower-cased: lower-casing creates no punctuation, and no ASCII letter but from
 * letters (`.env`, `.json`, `.dat` need a letter after the dot; `role` a quote). It is whether
 * /[<[#%=*~$_/"']|---|\.[A-Za-z]/ matches, answered from the text's traits (SYMBOL_CHAR is the
 * character class) and, only when a hyphen or a dot occurs, a look at the text.
 */
function hasSymbolHint(text: string, traits: number): boolean {
  if ((traits & SYMBOL_CHAR) !== 0) return true;
  if ((traits & HYPHEN) !== 0 && text.includes('---')) return true;
  if ((traits & DOT) === 0) return false;
  for (let at = text.indexOf('.'); at >= 0 && at + 1 < text.length; at = text.indexOf('.', at + 1)) {
    const next = text.charCodeAt(at + 1) | 0x20;
    if (next >= 97 && next <= 122) return true;
  }
  return false;
}

/**
 * Scans a normalised string once: records which gates the key-word pre-filter lets through for
 * it (what runPatternRules then reads) and returns its traits (see text-traits.ts), which the
 * other detectors use to skip their own cheap tests. With `asciiOnly`, a string that is not all
 * ASCII (and so may need normalising first) is not scanned: the traits are just NON_ASCII.
 */
export function scanText(text: string, asciiOnly = false): number {
  // Key words are matched case-insensitively, so the text needs no lower-casing for the scan.
  scanner ??= createScanner();
  gateStates.fill(FILTERED_OUT);
  scannedText = text;
  const labels = spareLabels;
  let traits = scanner(text, gateStates, labels, asciiOnly);
  if (asciiOnly && (traits & NON_ASCII) !== 0) {
    // Not scanned: forget the marks, so runPatternRules would scan the text again.
    scannedText = undefined;
    noteScan(undefined, true, wordGatesFound, 0);
    if (labels.length > 0) spareLabels = [];
    return traits;
  }
  scannedOutsideAscii = (traits & NON_ASCII) !== 0;
  noteScan(text, scannedOutsideAscii, wordGatesFound, wordGateCount);
  // Trait words found are traits, not gates (and word gates' marks are read where they are).
  letThrough = labels;
  for (const label of labels) {
    if (label < TRAIT_LABEL) continue;
    letThrough = [];
    for (const found of labels) {
      if (found < TRAIT_LABEL) letThrough.push(found);
      else if (found < WORD_GATE_LABEL) traits |= TRAIT_WORDS[found - TRAIT_LABEL][1];
    }
    break;
  }
  if ((traits & NON_ASCII) !== 0) for (const gate of NON_ASCII_GATES) letGateThrough(gate);
  for (const gate of UNFILTERED_GATES) letGateThrough(gate);
  if (hasSymbolHint(text, traits)) letSymbolGatesThrough(text.toLowerCase());
  // Most scans find nothing: their empty list serves the next scan (emptying an array that is
  // not empty costs more than making a new one).
  if (labels.length > 0) spareLabels = [];
  return traits;
}

/** The key-word pass's findings for the text scanned last (see saveScan). */
export interface SavedScan {
  readonly text: string | undefined;
  readonly outsideAscii: boolean;
  readonly states: Uint8Array;
  readonly letThrough: readonly number[];
}

/**
 * The findings of the last scan, to put back with restoreScan after scanning another text: a
 * copy of the marks costs far less than scanning the text again.
 */
export function saveScan(): SavedScan {
  return { text: scannedText, outsideAscii: scannedOutsideAscii, states: gateStates.slice(), letThrough: letThrough.slice() };
}

/** Makes `saved` the last scan again (its text's gate states, as evaluated so far, and word-gate marks). */
export function restoreScan(saved: SavedScan): void {
  gateStates.set(saved.states);
  letThrough = saved.letThrough.slice();
  scannedText = saved.text;
  if (saved.text === undefined) noteScan(undefined, true, wordGatesFound, 0);
  else noteScan(saved.text, saved.outsideAscii, wordGatesFound, wordGateCount);
}

/** The key-word pass: the gates' key words, the trait words, and the word gates made so far. */
function createScanner(): TextScanner {
  const wordGates = wordGateKeyWords();
  wordGateCount = wordGates.gates;
  gateStates = new Uint8Array(WORD_GATE_LABEL + wordGates.marks);
  wordGatesFound = gateStates.subarray(WORD_GATE_LABEL);
  const traitEnd = KEYWORDS.length + TRAIT_WORDS.length;
  return createTextScanner(
    [...KEYWORDS, ...TRAIT_WORDS.map(([word]) => word), ...wordGates.words],
    (word) =>
      word < KEYWORDS.length
        ? KEYWORD_GATES[word]
        : word < traitEnd
          ? [TRAIT_LABEL + word - KEYWORDS.length]
          : wordGates.marksOf[word - traitEnd].map((mark) => WORD_GATE_LABEL + mark),
    // The word gates read their marks where they are (word-gates.ts): listing them is waste.
    {
      ascii: CHAR_TRAITS,
      nonAscii: NON_ASCII,
      run: { of: BASE64_CHAR, length: MIN_BASE64_RUN, trait: BASE64_RUN },
      unlistedFrom: WORD_GATE_LABEL,
    },
  );
}

// Each symbol of SYMBOL_GATES with a character it holds that is not a letter or a digit (the
// rarest kind in text): a symbol occurs only where that character does, so one look for each
// such character spares the look for every symbol that holds it.
const SYMBOL_CHECK_GATE: number[] = [];
const SYMBOL_CHECK_SYMBOL: string[] = [];
const SYMBOL_CHECK_CHAR: number[] = [];
const SYMBOL_CHECK_CHARS: string[] = [];
for (const gate of SYMBOL_GATES) {
  for (const symbol of (GATE_SPECS[gate] as GateKeywords).symbols) {
    const char = /[^a-z0-9]/.exec(symbol)?.[0] ?? symbol[0];
    if (!SYMBOL_CHECK_CHARS.includes(char)) SYMBOL_CHECK_CHARS.push(char);
    SYMBOL_CHECK_GATE.push(gate);
    SYMBOL_CHECK_SYMBOL.push(symbol);
    SYMBOL_CHECK_CHAR.push(SYMBOL_CHECK_CHARS.indexOf(char));
  }
}
const symbolCharFound = new Uint8Array(SYMBOL_CHECK_CHARS.length);

/** Lets through the gates whose symbols the (lower-cased) text holds. */
function letSymbolGatesThrough(lower: string): void {
  if (!SYMBOL_HINT.test(lower)) return;
  for (let k = 0; k < SYMBOL_CHECK_CHARS.length; k++) symbolCharFound[k] = lower.includes(SYMBOL_CHECK_CHARS[k]) ? 1 : 0;
  for (let k = 0; k < SYMBOL_CHECK_GATE.length; k++) {
    const gate = SYMBOL_CHECK_GATE[k];
    if (gateStates[gate] === LET_THROUGH || symbolCharFound[SYMBOL_CHECK_CHAR[k]] === 0) continue;
    if (lower.includes(SYMBOL_CHECK_SYMBOL[k])) letGateThrough(gate);
  }
}

const NO_SIGNALS: readonly Signal[] = Object.freeze([]);

/** One signal for a match of rule `index`, unless its negation precedes it. */
function signalOf(text: string, index: number, signals: Signal[]): void {
  const entry = PATTERN_RULES[index];
  const match = entry.pattern.exec(text);
  if (match === null) return;
  if (entry.negatedBy !== undefined) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (entry.negatedBy.test(before)) return;
    // An order reported as given to a third person is told of, as a negated one is (reported-order.ts).
    if (reportsOrderToThirdPerson(text.slice(Math.max(0, match.index - 80), match.index))) return;
  }
  if (entry.excused?.(text, match.index, match.index + match[0].length) === true) return;
  signals.push({
    rule: entry.rule,
    detector: `${entry.rule}#${index}`,
    weight: entry.weight,
    start: match.index,
    end: match.index + match[0].length,
  });
}

/**
 * The rules of pattern signals `signals` (their detectors name them), as the bits runPatternRules
 * takes for `only`: a rule's signal depends on its own expressions alone, so the others need not run.
 */
export function patternRuleBits(signals: readonly Signal[]): Int32Array {
  const bits = new Int32Array(RULE_WORDS);
  for (const { detector } of signals) {
    const index = Number(detector.slice(detector.lastIndexOf('#') + 1));
    bits[index >>> 5] |= 1 << (index & 31);
  }
  return bits;
}

/**
 * Runs the pattern detectors over one normalised string; one signal per matching pattern.
 * `gated: false` runs every pattern without its gates (for tests that prove gates change nothing);
 * `only` (from patternRuleBits), when given, the rules that may run.
 */
export function runPatternRules(text: string, gated = true, only?: Int32Array): readonly Signal[] {
  if (!gated) {
    const signals: Signal[] = [];
    for (let index = 0; index < PATTERN_RULES.length; index++) signalOf(text, index, signals);
    return signals;
  }
  // A rule runs when all its gates pass: the pre-filter lets them through and their expressions
  // (each evaluated at most once per text) match. The text was usually scanned by the caller.
  if (text !== scannedText) scanText(text);
  // Most texts let no gate through: they share one empty answer.
  if (letThrough.length === 0) return NO_SIGNALS;
  const signals: Signal[] = [];
  // The rules that may run, visited in rule order (the order signals are listed in).
  candidateRules.fill(0);
  for (const gate of letThrough) {
    for (let word = 0; word < RULE_WORDS; word++) candidateRules[word] |= RULES_BY_FIRST_GATE[gate * RULE_WORDS + word];
  }
  if (only !== undefined) for (let word = 0; word < RULE_WORDS; word++) candidateRules[word] &= only[word];
  const states = gateStates;
  for (let word = 0; word < RULE_WORDS; word++) {
    for (let bits = candidateRules[word]; bits !== 0; bits &= bits - 1) {
      runIfOpen(text, (word << 5) | (31 - Math.clz32(bits & -bits)), states, signals);
    }
  }
  return signals;
}

/** Runs rule `index` when all its gates pass, evaluating their expressions as needed. */
function runIfOpen(text: string, index: number, states: Uint8Array, signals: Signal[]): void {
  const from = RULE_GATE_START[index];
  const to = RULE_GATE_START[index + 1];
  // Expressions run only once every gate of the rule is past the pre-filter.
  let open = true;
  for (let k = from; k < to && open; k++) open = states[RULE_GATE_LIST[k]] !== FILTERED_OUT && states[RULE_GATE_LIST[k]] !== FAILED;
  for (let k = from; k < to && open; k++) {
    const gate = RULE_GATE_LIST[k];
    if (states[gate] === LET_THROUGH) states[gate] = GATES[gate].test(text) ? PASSED : FAILED;
    open = states[gate] === PASSED;
  }
  if (open) signalOf(text, index, signals);
}
