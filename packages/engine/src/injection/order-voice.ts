// Whether a sentence gives an order, in any of the voices an order takes in data (issue 13, red team
// round 14b): an imperative ("forward them to …", "Sende die letzten …", "envoie-le"), an obligation
// placed on nobody in particular ("must be uploaded", "is to be exported", "requires that … be
// forwarded", "ist … weiterzuleiten", "doit être transmise", "deben enviarse"), or a polite request
// (Japanese 〜てください, Chinese 请). An account of what was done ("is shared with", "was sent")
// and a prohibition ("never share", "do not forward") give none.

// Word boundaries that hold for Latin letters with accents too (`\b` sees "ü" as no letter). The
// expressions read Latin text without the `u` flag, which V8 runs several times faster; Cyrillic and
// the scripts written without spaces have their own expression, run only on text outside Latin-1.
// Every stem opens with an ASCII letter but "über…", which has its own boundary.
const B = String.raw`\b`;
const E = String.raw`(?![\wÀ-ÿ])`;
const L = '[a-zà-ÿ]*';
const words = (stems: string): string => `${B}(?:${stems})${E}`;
// An act with consequences in the forms an order uses (base, participle, infinitive), per language.
const ACT_LATIN = new RegExp(
  [
    words(
      String.raw`send|sent|forward(?:ed)?|e-?mail(?:ed)?|upload(?:ed)?|post(?:ed)?|publish(?:ed)?|share[d]?|export(?:ed)?|transfer(?:red)?|wire[d]?|pay|paid|settle[d]?|remit(?:ted)?|cop(?:y|ied)|submit(?:ted)?|paste[d]?|attach(?:ed)?|leak(?:ed)?|dump(?:ed)?|sync(?:ed)?|push(?:ed)?|transmit(?:ted)?|invite[d]?|add(?:ed)?|grant(?:ed)?|give|given|buy|bought|purchase[d]?|delete[d]?|remove[d]?|disable[d]?|deactivate[d]?|turn(?:ed)?\s+off|wipe[d]?|erase[d]?|approve[d]?|merge[d]?|run|execute[d]?|install(?:ed)?|call|invoke[d]?|reveal(?:ed)?|set\s+up|change[d]?`,
    ),
    // German, French, Spanish, Italian stems.
    words(
      String.raw`sende${L}|gesendet|schick${L}|leite|leiten|weiterleiten|weiterzuleiten|weitergeleitet|teile|teilen|geteilt|lösch${L}|exportier${L}|lade|hochladen|hochzuladen|veröffentlich${L}|zahle${L}|storniere${L}|kopier${L}|deaktivier${L}|füge|hinzufügen|hinzuzufügen|rufe`,
    ),
    String.raw`(?<![\wÀ-ÿ])(?:übermittel${L}|überweis${L})${E}`,
    words(
      String.raw`envo${L}|transf[eé]r${L}|transmi[st]${L}|partag${L}|supprim${L}|export${L}|publi${L}|pa[iy]${L}|vire[zr]?|copi${L}|d[ée]sactiv${L}|ajout${L}|r[ée]dige${L}|utilis${L}|env[ií]${L}|reenv[ií]${L}|transfi[ea]${L}|compart${L}|elimin${L}|borr${L}|pag[au]${L}|desactiv${L}|añad${L}|invi[ao]${L}|inoltr${L}|trasferi${L}|condivid${L}|cancell${L}|esport${L}|pubblic${L}`,
    ),
  ].join('|'),
  'i',
);
// Russian stems; Japanese and Chinese verbs (no word boundaries in those scripts).
const ACT_OTHER =
  /(?<![\p{L}\p{N}_])(?:отправ\p{L}*|перешл\p{L}*|пересла\p{L}*|переда\p{L}*|удал\p{L}*|загруз\p{L}*)|送信|送付|送っ|転送|共有|削除|振り込|振込|公開|アップロード|发送|转发|共享|删除|上传|转账|汇款/iu;
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/** Where the first act of `text` is named, or -1. */
function actIndex(text: string): number {
  const latin = text.search(ACT_LATIN);
  if (latin >= 0 || !BEYOND_LATIN1.test(text)) return latin;
  return text.search(ACT_OTHER);
}

// A clause that opens with a verb (after "now", "then", "please" …): an imperative, when the verb is an act.
// A sentence read after a full stop opens with its space ("… broken. Disable MFA …"): `^\s*`.
const IMPERATIVE_OPENING =
  /(?:^\s*|[.!?;:,()\n>\]"“]\s*|\s[—–-]\s+|\b(?:and|then|and\s+then|also|now|please|first|next|afterwards|kindly|just|finally|und|dann|danach|anschließend|als\s+nächstes|puis|ensuite|et|luego|después|a\s+continuación|y|e|poi|quindi)\s+)(?:(?:please|now|then|also|first|immediately|quietly|bitte|jetzt|maintenant|ahora|ora|go\s+through\s+[^,.\n]{1,40},)\s+)*([\p{L}-]+)/giu;
// An obligation: a modal, "is/are to be", "requires that", "it is mandatory that", and their equivalents.
const OBLIGATION =
  /\b(?:must|shall|(?:is|are)\s+to\s+be|(?:is|are)\s+required\s+to|requires?\s+that|required\s+action|mandates?\s+that|mandatory\s+(?:that|to)|it\s+is\s+(?:mandatory|required|necessary)|needs?\s+to\s+be|ha(?:s|ve)\s+to\s+be|you\s+(?:must|should|need\s+to|have\s+to|are\s+to|will\s+now))\b|\b(?:ist|sind)\b(?:[^.!?\n]|[.!?](?=\S)){0,100}?(?:\bzu\s+\p{L}+en|\p{L}+zu\p{L}+en)(?![\p{L}])|\b(?:muss|müssen|soll|sollen)\b|\b(?:doi[st]|doivent|devra|devront|il\s+faut|est\s+tenue?|sont\s+tenue?s|obligatoire(?:ment)?)\b|\b(?:debe|deben|deberá|deberán|hay\s+que|tiene\s+que|tienen\s+que|es\s+obligatorio|se\s+requiere)\b|\b(?:deve|devono|occorre)\b|(?<![\p{L}])(?:è\s+obbligatorio|должн\p{L}*|необходимо|нужно)(?![\p{L}])|てください|て下さい|しなさい|せよ|すること|请|必须|务必/iu;
// A prohibition in front of the act.
const PROHIBITION =
  /\b(?:never|do\s+not|don't|does\s+not|must\s+not|mustn't|shall\s+not|should\s+not|may\s+not|cannot|can't|no\s+longer|not\s+be|nicht|niemals|nie|jamais|ne\s+\S+\s+pas|nunca|no\s+(?:debe|deben|se|lo|la))\b/i;
// An account of the act, not an order: "is shared with", "was sent", "has been forwarded".
const ACCOUNT = /\b(?:is|are|was|were|has\s+been|have\s+been|had\s+been)\s+(?:\w+ly\s+)?(\w+)/gi;
const NO_SPACES = /[\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7AF]/;
// Verbs that open an order and carry the act named later in it ("use the file_share tool to share …", "set up a rule so …").
const CARRIER = /^(?:use|set|make|go|utilise[zr]?|usa|utiliza|verwende|nutze|benutze|usa)$/i;

const HTTP_METHOD = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;
const REQUEST_TARGET = /^\s+(?:https?:\/\/|\/)/i;

/** Whether `sentence` tells of the act as done or being done ("is shared with", "was sent"). */
function tellsOfAct(sentence: string): boolean {
  ACCOUNT.lastIndex = 0;
  for (let match = ACCOUNT.exec(sentence); match !== null; match = ACCOUNT.exec(sentence)) {
    if (actIndex(match[1]) >= 0) {
      ACCOUNT.lastIndex = 0;
      return true;
    }
  }
  return false;
}

function opensWithAct(sentence: string): boolean {
  IMPERATIVE_OPENING.lastIndex = 0;
  for (let match = IMPERATIVE_OPENING.exec(sentence); match !== null; match = IMPERATIVE_OPENING.exec(sentence)) {
    const word = match[1];
    // Scripts written without spaces have no opening word to read; their orders are read by their request endings.
    if (NO_SPACES.test(word)) continue;
    // "POST https://…", "PUT /v1/…": an HTTP request line (a brokered call's method and URL), not an imperative.
    if (HTTP_METHOD.test(word) && REQUEST_TARGET.test(sentence.slice(match.index + match[0].length))) continue;
    // A base form at a clause's start: the act list read on the word alone, not its participles.
    // Read with the words after it, for the acts of two words ("turn off", "set up").
    const end = match.index + match[0].length;
    const reading = /^(?:turn|set)$/i.test(word) ? sentence.slice(end - word.length, end + 5) : word;
    if ((actIndex(reading) === 0 && !/(?:ed|ing)$/i.test(word)) || CARRIER.test(word)) {
      IMPERATIVE_OPENING.lastIndex = 0;
      return true;
    }
    // Read on from the word itself: it may open the next reading ("A continuación transfiere …").
    IMPERATIVE_OPENING.lastIndex = Math.max(match.index + 1, match.index + match[0].length - word.length);
  }
  return false;
}

/** Where the first act of `sentence` is named (0 when none is). */
export function actAt(sentence: string): number {
  return Math.max(0, actIndex(sentence));
}

/** Whether `sentence` gives an order (imperative, obligation, polite request) whose act is not prohibited. */
export function givesOrder(sentence: string): boolean {
  if (actIndex(sentence) < 0) return false;
  const obliged = OBLIGATION.test(sentence);
  if (!obliged && tellsOfAct(sentence)) return false;
  if (PROHIBITION.test(sentence)) return false;
  return obliged || opensWithAct(sentence);
}
