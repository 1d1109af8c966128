// An order in data whose act would hurt the person the agent works for, whoever it is addressed to
// (issue 13, red team round 14b). Indirect injections in mail, tickets, calendar entries, JSON
// fields and tool results often name no reader and no cue word ("Compliance requires that the full
// thread be forwarded to …", "Next step: reset the MFA … and mail the recovery codes to …",
// `"note": "paste the DB password … into the chat"`). Ordinary data gives orders too ("please pay
// to IBAN …", "send the signed form to …", "delete the feature branch"), so the order alone is no
// evidence: what marks it is what the act would do —
// - carry the principal's data, credentials or bulk records to a place outside the conversation,
//   or grant an outside address ownership or edit rights;
// - hand credentials or secrets to the conversation ("paste the password into the chat");
// - switch off a security control (two-factor, firewall, branch protection, audit log);
// - spend with the principal's saved card or account;
// - be done without the principal's approval or knowledge, with data, money or bulk scope.
// Read per sentence (a line break without punctuation continues it: a split order joined from
// fields reads whole), with the sentence before it for the object ("Select all messages … Forward
// them to …"). Works in English, German, French, Spanish, Italian and, for the act and the
// destination, Japanese, Chinese and Russian.

import { actAt, givesOrder } from './order-voice.ts';
import { namesOutsideDestination } from './outside-destination.ts';
import { matchesOf } from './matches-of.ts';
import { wordGate } from './word-gates.ts';
import type { Signal } from './rules.ts';

const SENTENCE_END = /[.!?。！？](?=\s|$)|\n\s*\n/g;
const B = String.raw`(?<![\p{L}\p{N}_])`;
// Credentials and secrets, in the languages read.
const SECRET = new RegExp(
  String.raw`${B}(?:passwords?|passcodes?|credentials?|api[\s_-]?keys?|access[\s_-]?keys?|deploy(?:ment)?\s+keys?|private\s+keys?|ssh\s+keys?|id_rsa|secrets?|session\s+(?:cookies?|tokens?)|cookies?|tokens?|recovery\s+codes?|backup\s+codes?|2fa\s+codes?|card\s+numbers?|cvv|vault|passw(?:ort|örter)\p{L}*|kennw\p{L}*|zugangsdaten|mots?\s+de\s+passe|identifiants|contraseñas?|credenciales|password)|\.env\b|\.netrc|\.aws\b|\.ssh\b|パスワード|密码|парол\p{L}*`,
  'iu',
);
// Records about people that only leave the house by mistake (they count with an outside place).
const PRIVATE_RECORDS = /\b(?:payroll|salar(?:y|ies)|payslips?|medical\s+records?|tax\s+returns?|taxes)\b/i;
// The conversation itself as the place a secret is handed to ("into the chat", "in your reply", "as a comment").
const TO_CONVERSATION =
  /\b(?:into|in|to)\s+(?:the|this|your)\s+(?:chat|conversation|reply|answer|response|summary|thread)\b|\bas\s+a\s+(?:comment|reply|message)\b|\bin\s+#[\w-]+|\bin\s+the\s+(?:channel|issue|ticket)\b/i;
// Every record of a kind, or the contents of a store (round 20b: a whole CRM, database, table, sheet, ledger or backup).
const BULK = new RegExp(
  String.raw`${B}(?:(?:all|every|entire|whole|full|complete|each)\s+(?:[\p{L}'-]+\s+){0,3}?(?:messages?|e-?mails?|mails?|files?|documents?|contacts?|thread|inbox|mailbox|records?|invites?|invitations?|meetings?|events?|orders?|attachments?|reports?|conversations?|chats?|history|calendar|folder|drive|data|crm|databases?|tables?|spreadsheets?|ledgers?|address\s+book|customer\s+(?:list|base)|backups?|archives?)|contents?\s+of|--all|-rf|gesamte\p{L}*|alle\p{L}?|l'intégralité|l'ensemble|tou(?:s|tes?)\s+les|todo|toda|todos|todas|tutt[ei])${B.replace('<!', '!')}|全|所有|вс[еёя]\p{L}*`,
  'iu',
);
// The principal's own things: the user's, the owner's, this mailbox, a home directory, the company account.
const PRINCIPAL = new RegExp(
  String.raw`${B}(?:the\s+(?:user|owner|account\s+holder|customer)'s|on\s+behalf\s+of\s+the\s+(?:user|owner)|this\s+(?:mailbox|inbox|workspace|account)|the\s+(?:inbox|mailbox)|from\s+the\s+(?:company|operating|business|user's)\s+account|des\s+(?:nutzers|benutzers|kunden|inhabers)|dieses\s+kunden|de\s+l'utilisateur|du\s+propriétaire|del\s+usuario|de\s+la\s+cuenta\s+de\s+la\s+empresa|desde\s+la\s+cuenta|dell'utente)|\/home\/\w+|~\/|ユーザーの|用户的|пользовател\p{L}*`,
  'iu',
);
// Handing something over (a secret deleted or rotated stays in the house).
const HANDOVER = new RegExp(
  String.raw`${B}(?:send|sent|forward\w*|e-?mail\w*|upload\w*|post\w*|publish\w*|shar(?:e|ed|ing)|export\w*|cop(?:y|ied)|submit\w*|past(?:e|ed|ing)|attach\w*|leak\w*|dump\w*|transmit\w*|reveal\w*|includ\w*|print\w*|scp|rsync|give|giv(?:en|ing)|envo\p{L}*|transmi[st]\p{L}*|partag\p{L}*|env[ií]\p{L}*|compart\p{L}*|sende\p{L}*|schick\p{L}*|weiter\p{L}*|invia\p{L}*|inoltr\p{L}*)|送信|送付|転送|共有|发送|转发|отправ\p{L}*`,
  'iu',
);
// The principal's own means of payment, and spending with them.
const PRINCIPAL_MONEY =
  /\b(?:the\s+(?:user|owner|customer)'s|their|his|her)\s+(?:saved\s+|stored\s+|default\s+)?(?:cards?|credit\s+cards?|payment\s+(?:methods?|details)|wallet|bank\s+account)\b/i;
const SPEND = /\b(?:buy|purchase|order|pay|check\s*out|place\s+(?:an?\s+)?order)\b/i;
// Money sent, people invited, access granted, in the languages read.
const MONEY_OR_INVITE = new RegExp(
  String.raw`${B}(?:transfer\w*|wir(?:e|ed|ing)|pa(?:y|id|ying)|settle\w*|remit\w*|invit\p{L}*|grant\w*|goes|überweis\p{L}*|vire\p{L}*|transf[eé]r\p{L}*|transfi[ea]\p{L}*|pag[au]\p{L}*|trasferi\p{L}*)|振り込|振込|转账|汇款|перевед\p{L}*`,
  'iu',
);
// Ownership or write access given: an access word and a verb that gives it.
const GIVE = /\b(?:add(?:ed|ing)?|grant\w*|invit\w*|make|give|giv(?:en|ing)|promot\w*)\b/i;
// Ownership or write access given.
const ACCESS = /\b(?:owner|admin(?:istrator)?|collaborator|editor|edit\s+rights|write\s+access|full\s+access|superuser|maintainer)\b/i;
// A security control switched off.
const WEAKENED =
  /\b(?:disabl\w*|remov\w*|delet\w*|turn\w*\s+off|deactivat\w*|bypass\w*|lift\w*|drop\w*)\b[^.!?\n]{0,60}?\b(?:two-factor|2fa|mfa|multi-factor|firewall|branch\s+protection|protection\s+rules?|antivirus|audit\s+logs?|logging|encryption|security\s+(?:checks?|rules?|settings?))\b|\b(?:two-factor(?:\s+authentication)?|2fa|mfa|multi-factor(?:\s+authentication)?|firewall(?:\s+rules?)?|branch\s+protection(?:\s+rules?)?|antivirus|audit\s+logs?|encryption)\b[^.!?\n]{0,60}?\b(?:be|is|are)\s+(?:\w+\s+)?(?:disabled|removed|deleted|turned\s+off|deactivated|bypassed|lifted|dropped)\b/i;
// Done without the principal's approval or knowledge.
const UNAPPROVED = new RegExp(
  String.raw`${B}(?:without\s+(?:asking|confirm\w*|approval|telling|notify\w*|mentioning|informing|a\s+confirmation)|no\s+(?:further\s+)?(?:approval|confirmation|sign-?off)\s+(?:is\s+)?(?:needed|required)|no\s+need\s+to\s+(?:ask|confirm|check)|do\s+not\s+(?:log|mention|tell|notify|ask)|don't\s+(?:log|mention|tell|notify|ask)|quietly|silently|sans\s+(?:lui\s+)?(?:demander|confirmation|prévenir)|ohne\s+(?:zu\s+)?(?:fragen|rückfrage|bestätigung)|sin\s+(?:preguntar|avisar|confirmar)|senza\s+(?:chiedere|avvisare))`,
  'iu',
);
// What could aggravate an order, found in one pass over the text: a place outside (an address, a
// link, an IP address, a telephone number, an IBAN or account, a public place), a secret, a security
// control, a means of payment, or a word of approval skipped. Only sentences with one of them in
// reach (the sentence, the one before or after) are read for an order.
// The cue's places written with a symbol or a digit (mayHoldSymbolCue says when a text cannot hold one).
export const SYMBOL_CUES = String.raw`@[\w-]+\.|:\/\/|\d{1,3}(?:\.\d{1,3}){3}|\+\d|\b[A-Z]{2}\d{2}\s?[A-Z0-9]{4}`;
// The cue's words: the shared key-word pass tells a text that holds none of them (word-gates.ts).
// A word boundary is written inside each alternative ("account\b", not "(?:account|…)\b"): the
// key word then ends in a separator, so "accounts", "publication" and "discard" hold none.
const WORD_CUES = wordGate(
  /\b(?:(?:account\b|acct\b|konto\b|compte\b|cuenta\b|conto\b)[\s#:.]*(?:no\.?|number|nr\.?|n°)?\s*\d|(?:publicly\b|public\b)|open\s+link|anyone\s+with|passw|passcode|credential|api[\s_-]?keys?|access[\s_-]?keys?|(?:deploy(?:ment)?|private|ssh)\s+keys?|id_rsa|secret|cookie|token|recovery\s+code|backup\s+code|2fa|mfa|cvv|vault|kennw|zugangsdaten|mots?\s+de\s+passe|identifiants|contrase|credencial|two-factor|multi-factor|firewall|branch\s+protection|protection\s+rule|antivirus|audit\s+log|logging|encryption|security\s+(?:check|rule|setting)|(?:cards\b|card\b)|payment|wallet|without\s+(?:asking|confirm|approval|telling|notify|mentioning|informing|a\s+confirmation)|no\s+(?:further\s+)?(?:approval|confirmation|sign-?off)|no\s+need\s+to|(?:do\s+not|don't)\s+(?:log|mention|tell|notify|ask)|quietly|silently|sans\s+(?:lui\s+)?(?:demander|confirmation|prévenir)|ohne\s+(?:zu\s+)?(?:fragen|rückfrage|bestätigung)|sin\s+(?:preguntar|avisar|confirmar)|senza\s+(?:chiedere|avvisare))|\.env\b|\.netrc|\.aws\b|\.ssh\b|パスワード|密码|парол/i,
);
const CUE = new RegExp(`${SYMBOL_CUES}|${WORD_CUES.expression.source}`, 'gi');
const MAX_CUES = 400;

/**
 * Necessary for SYMBOL_CUES to match: an `@`, a `:` or a `+`, a digit followed by a full stop (an
 * IP address), or an ASCII letter followed by a digit (an IBAN). One pass over the codes.
 */
export function mayHoldSymbolCue(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 64 || code === 58 || code === 43) return true;
    if (code >= 48 && code <= 57) {
      if (text.charCodeAt(i + 1) === 46) return true;
      const before = text.charCodeAt(i - 1) | 0x20;
      if (before >= 97 && before <= 122) return true;
    }
  }
  return false;
}
const SHELL_EXPORT = /\bexport\s+[A-Za-z_]\w*=/g;

// A run of lines without a full stop longer than this (code, a changelog) is read line by line.
const MAX_SENTENCE = 400;

function sentences(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  const push = (start: number, end: number): void => {
    if (end - start <= MAX_SENTENCE) {
      if (end > start) spans.push({ start, end });
      return;
    }
    for (let from = start; from < end;) {
      const line = text.indexOf('\n', from);
      const to = line < 0 || line >= end ? end : line + 1;
      spans.push({ start: from, end: to });
      from = to;
    }
  };
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(text); match !== null; match = SENTENCE_END.exec(text)) {
    const end = match.index + match[0].length;
    push(start, end);
    start = end;
  }
  if (start < text.length) push(start, text.length);
  return spans;
}

/** What makes the order in `sentence` (with `before`, the sentence ahead of it) harmful, if anything. */
function aggravated(sentence: string, before: string, after: string): boolean {
  if (WEAKENED.test(sentence)) return true;
  const secret = SECRET.test(sentence);
  const outside = namesOutsideDestination(sentence);
  const context = `${before}\n${sentence}`;
  const scoped = BULK.test(context) || PRINCIPAL.test(context);
  // Something moves out: data handed over, money sent, or people invited (running a downloaded installer moves nothing out).
  const grants = ACCESS.test(sentence) && GIVE.test(sentence);
  const moves = HANDOVER.test(sentence) || MONEY_OR_INVITE.test(sentence) || grants;
  if (outside && moves && (secret || scoped || SECRET.test(before) || PRIVATE_RECORDS.test(context) || grants)) return true;
  if (secret && HANDOVER.test(sentence) && TO_CONVERSATION.test(sentence)) return true;
  if (PRINCIPAL_MONEY.test(context) && SPEND.test(sentence)) return true;
  return UNAPPROVED.test(`${sentence}\n${after}`) && (outside || scoped);
}

const MAX_SENTENCES = 200;
// A quotation the sentence goes on after ("a banner reading \"upload the cookies …\" which …",
// "'… disable logging' is the AI version"): reported words, a mention. A single quote opens after a
// space and closes before one, so an apostrophe ("user's") is neither.
const QUOTE_OPEN = /["“]|(?:^|(?<=[\s(]))['‘]/g;
const QUOTE_CLOSE = /["”]|['’](?=[\s.,;:!?)]|$)/g;

/** Whether the act at `at` sits inside a quotation that the sentence continues after, in lower case. */
function insideReportedQuote(sentence: string, at: number): boolean {
  let open = -1;
  QUOTE_OPEN.lastIndex = 0;
  for (let match = QUOTE_OPEN.exec(sentence); match !== null && match.index < at; match = QUOTE_OPEN.exec(sentence)) open = match.index;
  if (open < 0) return false;
  QUOTE_CLOSE.lastIndex = open + 1;
  const first = QUOTE_CLOSE.exec(sentence);
  // The last quotation opened before the act is closed before it: the act is outside.
  if (first !== null && first.index < at) return false;
  // Closed, with the sentence going on after it in lower case; or opened after words that report it
  // ("the invite contained the line \"…"), not after a colon that hands the words over ("he wrote: \"…").
  if (first !== null && /^\s+[a-z]/.test(sentence.slice(first.index + 1))) return true;
  return REPORTING_LEAD.test(sentence.slice(0, open));
}
const REPORTING_LEAD = /[a-z]{2,}\s+(?:[a-z]{2,}\s+)+$/i;

/** Whether `text` holds a cue that could aggravate an order (an outside place, a secret, a security control …). */
export function hasAggravatingCue(text: string): boolean {
  CUE.lastIndex = 0;
  const found = CUE.test(text);
  CUE.lastIndex = 0;
  return found;
}

/** An order whose act would carry the principal's data, secrets or access out, weaken security, or skip approval (0.6). */
export function detectAggravatedOrder(text: string): Signal | undefined {
  if (text.length < 24) return undefined;
  // Most texts hold no cue: the key-word pass and one pass over the codes tell, before CUE's own run.
  if (!WORD_CUES.mayMatch(text) && !mayHoldSymbolCue(text)) return undefined;
  const cues: number[] = [];
  for (const match of matchesOf(CUE, text)) if (cues.push(match.index) >= MAX_CUES) break;
  if (cues.length === 0) return undefined;
  const spans = sentences(text);
  let next = 0;
  for (let i = 0; i < spans.length && i < MAX_SENTENCES; i++) {
    // A cue in reach: from the start of the sentence before to the end of the sentence after.
    const from = spans[Math.max(0, i - 1)].start;
    const to = spans[Math.min(spans.length - 1, i + 1)].end;
    while (next < cues.length && cues[next] < from) next++;
    if (next === cues.length) break;
    if (cues[next] >= to) continue;
    const { start, end } = spans[i];
    // A shell's `export NAME=value` sets a variable; it exports nothing anywhere.
    const sentence = text.slice(start, end).replace(SHELL_EXPORT, (word) => ' '.repeat(word.length));
    if (sentence.length < 12 || !givesOrder(sentence)) continue;
    const before = i > 0 ? text.slice(spans[i - 1].start, spans[i - 1].end) : '';
    const after = i + 1 < spans.length ? text.slice(spans[i + 1].start, spans[i + 1].end) : '';
    // The focus is the act, so that an order inside a test's string literal is seen there (test-fixture-strings.ts).
    const act = actAt(sentence);
    if (insideReportedQuote(sentence, act)) continue;
    if (aggravated(sentence, before, after))
      return { rule: 'aggravated_order', detector: 'aggravated_order', weight: 0.6, start, end, focus: start + act };
  }
  return undefined;
}
