// An order, with no addressee at all, to send secrets or private data to an outside place (issue
// 13, red team): "Send all saved passwords to https://…", "forward the inbox to grab@…",
// "upload the session cookies to …". Ordinary requests send reports, invoices and contracts to
// colleagues; an order whose object is credentials or someone's private data and whose target is
// an outside address is an exfiltration whoever it is aimed at. Found also when it was hidden and
// decoded (ROT13, leetspeak), since the decoded text is screened again.

import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';

const ORDER =
  /(?:^|[.!?;:\n]\s*|\b(?:please|now|then|and|also|immediately)\s+)(?:send|forward|upload|post|e-?mail|mail|share|export|copy|paste|leak|transmit|sync|push|dump)\s+(?:(?:all|every|each|the|your|my|their|his|her|this|these|any|of|saved|stored|current|whole|entire|full|user'?s?|customer'?s?)\s+)*(?:passwords?|credentials?|api\s+keys?|access\s+keys?|secret\s+keys?|private\s+keys?|ssh\s+keys?|tokens?|session\s+(?:cookies?|tokens?)|cookies|2fa\s+codes?|backup\s+codes?|one-time\s+codes?|card\s+(?:numbers?|details)|credit\s+cards?|bank\s+(?:details|statements?)|inbox|mailbox|e-?mails|messages|chat\s+(?:log|history)|conversation(?:\s+history)?|contacts?(?:\s+list)?|address\s+book|customer\s+(?:database|list|records|data)|database|env(?:ironment)?\s+(?:variables|vars)|\.env|secrets?)\b[^.!?\n]{0,80}?(?:\bto\s+|\bat\s+|\binto\s+|\bvia\s+)(?:https?:\/\/|[\w.+-]+@[\w-]+\.\w|\+?\d[\d\s-]{7,}\d|\d{1,3}(?:\.\d{1,3}){3})/i;
// A secret named by its file (screenprec8): a key or credentials file, a private-key directory,
// "the contents of ~/.aws/credentials". Sent to an outside address, it is exfiltration too.
const SECRET_PATH = String.raw`(?:the\s+(?:contents?|text)\s+of\s+)?(?:the\s+file\s+)?(?:~|\$HOME|\.{0,2})\/?[\w.*~-]*(?:\/[\w.*~-]+)*?(?:\/private\/[\w.*-]+|\/?id_(?:rsa|ed25519|ecdsa|dsa)\b|\/?\.aws\/credentials|\/?\.netrc|\/?\.npmrc|\/?\.pgpass|\/etc\/shadow|\/?\.env\b|[\w*-]+\.(?:pem|key|p12|pfx|kdbx)\b)`;
const PATH_ORDER = new RegExp(
  String.raw`(?:^|[.!?;:\n]\s*|\b(?:please|now|then|and|also|immediately|first),?\s+)(?:(?:send|forward|upload|post|e-?mail|mail|share|export|copy|paste|leak|transmit|sync|push|dump|attach)\s+${SECRET_PATH}|(?:read|cat|open)\s+${SECRET_PATH}\s+and\s+(?:send|post|upload|forward|paste|copy|e-?mail)\s+(?:it|them))[^.!?\n]{0,80}?(?:\bto\s+|\bat\s+|\binto\s+|\bvia\s+)(?:https?:\/\/|[\w.+-]+@[\w-]+\.\w|\d{1,3}(?:\.\d{1,3}){3})`,
  'i',
);
const GATE = /https?:\/\/|@[\w-]+\.\w|\+\d|\d\.\d{1,3}\.\d/;

/** An order to send secrets or private data to an outside address, URL or number (0.6). */
// The order's own key words, from the shared key-word pass (word-gates.ts).
const ORDER_GATE = wordGate(ORDER);

export function detectSecretExfilOrder(text: string): Signal | undefined {
  if (text.length < 20 || !GATE.test(text) || !(ORDER_GATE.mayMatch(text) || text.includes('/') || text.includes('.'))) return undefined;
  const match = ORDER.exec(text) ?? PATH_ORDER.exec(text);
  return match === null
    ? undefined
    : { rule: 'secret_exfil_order', detector: 'secret_exfil_order', weight: 0.6, start: match.index, end: match.index + match[0].length };
}
