// Exfiltration by URL in any link form (issue 13, hold-out: links, not images): a markdown link or
// image, an <a href>, an <img src> or a bare URL whose query or path is to carry conversation data
// or a secret, either through a slot the text says how to fill ("{DATA}", "[INFO]", "<PAYLOAD>",
// "$CONTEXT", "%S%", "XXXX", an elision "…") or by an order to append the data to the URL ("with
// the chat history appended to the query string", "add the API key after the last slash"). When
// the answer is rendered or the link followed, the data leaves. A link with a fixed query, or a
// placeholder the human reader fills with their own key, names no such data.

import type { Signal } from './rules.ts';

const WEIGHT = 0.6;
const MAX_LINKS = 10;
/** Characters either side of a URL where the data and the order to fill it are looked for. */
const WINDOW = 300;

const URL = /\bhttps?:\/\/[^\s"'`)]{3,300}/g;
// A slot in the URL: after a separator, a placeholder up to the next separator or the end.
const SLOT =
  /[?&=/](\{\{?\s*[\w.-]{1,30}\s*\}\}?|\[[A-Za-z_ -]{1,30}\]|<[A-Za-z_ -]{1,30}>|\$\{?[A-Za-z_]\w{0,30}\}?|%[A-Za-z_]\w{0,30}%|X{3,}|[A-Z][A-Z0-9_]{2,30}|[\w-]{0,3}(?:…|\.{3}))(?=$|[&#/?.])/;
// Data of the conversation or a secret.
const DATA =
  /\b(?:conversation|chat\s+(?:history|log)|(?:chat|message)\s+so\s+far|history|thread|transcript|(?:previous|last|earlier|prior|latest|recent)\s+(?:\w+\s+){0,2}?(?:messages?|answers?|responses?|replies|reply|turns?|e-?mails?)|(?:mentioned|shown|said|written|discussed)\s+above|so\s+far|the\s+user'?s?\b|user'?s\s+\w+|passwords?|passphrases?|credentials?|secrets?|api[\s_-]?keys?|private\s+keys?|access\s+tokens?|session\s+(?:tokens?|cookies?|ids?)|tokens?|cookies?|\.env\b|credit\s+cards?|card\s+numbers?|social\s+security|phone\s+numbers?|e-?mail\s+address(?:es)?|subject\s+lines?|summary\s+of|personal\s+data|contents?\s+of)\b/i;
// Filling a slot or appending to the URL.
const FILL = /\b(?:replac\w*|fill\w*|substitut\w*|put|insert\w*|where|with|swap\w*|in\s+place\s+of)\b/i;
const APPEND =
  /\b(?:append\w*|add(?:s|ed|ing)?|attach\w*|put|insert\w*|encod\w*|concatenat\w*|includ\w*)\b[^.\n]{0,160}?\b(?:url|link|query|path|slash|param(?:eter)?s?|href|src|address)\b|\b(?:url|link|query(?:\s+string)?)\b[^.\n]{0,160}?\b(?:appended|added|attached)\b/i;
// The data is the reader's own (a README: "the key from your dashboard").
const READERS_OWN = /\byour\s+(?:own\s+)?(?:\w+\s+){0,2}?(?:key|token|password|credentials?|dashboard|account|settings|console)\b/i;

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A URL whose query or path is to carry conversation data or a secret (0.6). */
export function detectExfilLink(text: string): Signal | undefined {
  if (text.length < 24 || !text.includes('http')) return undefined;
  let looked = 0;
  for (const match of text.matchAll(URL)) {
    if (++looked > MAX_LINKS) break;
    // Sentence punctuation after a URL is not part of it; an elision ("…", "...") is a slot.
    let url = /(?:…|\.{3})$/.test(match[0]) ? match[0] : match[0].replace(/[.,;:!?]+$/, '');
    if (url.endsWith('>') && !/<[^>]*>$/.test(url)) url = url.slice(0, -1);
    const start = match.index ?? 0;
    const end = start + url.length;
    const around = `${text.slice(Math.max(0, start - WINDOW), start)} ${text.slice(end, end + WINDOW)}`;
    const data = DATA.exec(around);
    if (data === null) continue;
    // The data must be the conversation's or a secret, not what the reader is to put in themselves.
    if (READERS_OWN.test(around) && !/\b(?:user|conversation|chat|above|previous|so\s+far)\b/i.test(around)) continue;
    const slot = SLOT.exec(url);
    const filled =
      slot !== null &&
      (new RegExp(`${escapeForPattern(slot[1])}[^.\\n]{0,20}?\\b(?:is|are|with|=|means|stands\\s+for)\\b`).test(around) ||
        new RegExp(
          `\\b(?:replac\\w*|fill\\w*|substitut\\w*|put|insert\\w*|in\\s+place\\s+of|for)\\b[^.\\n]{0,100}?${escapeForPattern(slot[1])}`,
          'i',
        ).test(around) ||
        (FILL.test(around) && slot[1].length <= 4));
    if (filled || APPEND.test(around)) return { rule: 'exfiltration_link', detector: 'exfiltration_link', weight: WEIGHT, start, end };
  }
  return undefined;
}
