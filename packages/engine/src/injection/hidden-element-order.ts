// An order in the part of a page its human reader never sees (issue 13, red team round 17b): an
// element hidden by its style (display:none, visibility:hidden, font-size:0, opacity:0, white or
// transparent text, pushed off screen), by the `hidden` or `aria-hidden` attribute, or by white
// `<font>`; and the attribute texts a browser never shows in the page (a meta tag's content, alt,
// title, data-* attributes, a hidden input's value, an SVG's <desc>). A page hides menus, cookie
// banners, preheaders, honeypot fields and icons this way, and attributes hold descriptions and
// tracking ids; none of them names a machine reader and asks it for an act, or asks for an act
// against the principal. A hidden text that does is written for the model, out of the user's sight,
// so the bar is lower than for visible text: the reader named and any act with consequences named, or a
// harmful act (harmful-act.ts, foreign-harm-order.ts) with no addressee at all.

import { namesConsequentialAct } from './consequential-act.ts';
import { harmfulActIn, namesMachineReader } from './foreign-harm-order.ts';
import { asksHarmfulAct } from './harmful-act.ts';
import { namesOutsideDestination } from './outside-destination.ts';
import type { Signal } from './rules.ts';

const WEIGHT = 0.6;
const MAX_HIDDEN = 12;
const MAX_INNER = 800;

const HIDING_STYLE =
  /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*[01](?:\.\d+)?(?:px|pt|em|rem)?\s*(?:[;"']|!important)|opacity\s*:\s*0(?:\.0\d*)?\s*[;"'!]|(?<![-\w])color\s*:\s*(?:#fff(?:fff)?\b|white\b|transparent\b|rgba?\(\s*255\s*,\s*255\s*,\s*255\s*(?:,\s*1\s*)?\))|(?:left|top|text-indent)\s*:\s*-\d{3,}px|clip\s*:\s*rect\(\s*0|max-height\s*:\s*0|height\s*:\s*0[^;"']*;[^"']*overflow\s*:\s*hidden/i;
// An element whose opening tag hides it: its name, then its attributes.
const OPENING = /<([a-z][a-z0-9]*)\b([^<>]*)>/gi;
const HIDING_ATTRIBUTE = /\s(?:hidden(?:\s*=\s*["']?(?:hidden|true)?["']?)?(?=[\s/>]|$)|aria-hidden\s*=\s*["']?true)/i;
// Class names of the usual frameworks that hide an element (Bootstrap, Tailwind, WordPress).
const HIDING_CLASS = /\bclass\s*=\s*["'][^"']*\b(?:hidden|d-none|invisible|sr-only|visually-hidden|screen-reader-text|hide)\b/i;
const WHITE_FONT = /\bcolor\s*=\s*["']?(?:#fff(?:fff)?|white)\b/i;
// Attribute texts no page shows: a meta tag's content, alt, title, data-*, a hidden input's value, placeholder.
const UNSHOWN_ATTRIBUTE = /\s(?:content|alt|title|data-[\w-]+|value|aria-label|aria-description)\s*=\s*(?:"([^"]{12,})"|'([^']{12,})')/gi;
// An attribute or meta tag named for a model ("ai-instructions", "llm-guidance", data-ai-note, data-prompt).
const MODEL_NAMED = /(?:\bname\s*=\s*["']|\sdata-)[\w-]*\b(?:ai|llm|gpt|model|assistant|agent|prompt|bot)\b/i;
// What such an attribute asks of the model about its answer (a crawler policy, "noai" or "do not train", asks nothing of an answer).
const ANSWER_ORDER =
  /\b(?:ignore|disregard|instead|always|never|recommend|say|tell|describe|rate|rank|summari[sz]e|respond|reply|answer|mention|praise)\b/i;
const CRAWLER_POLICY = /\b(?:train\w*|scrap\w*|crawl\w*|index\w*|noai|noimageai)\b/i;
const SVG_DESC = /<desc\b[^>]*>([^<]{12,})<\/desc>/gi;
const TAG = /<[^>]*>/g;
// An order's form: an imperative at a clause's start, or "you must …". A preheader's "Your refund is on its
// way" names a refund to the reader and asks nothing (second sight of round 17b).
const ORDER_FORM =
  /(?:^|[.:;!?\n]\s*|,\s*)(?:please\s+|now\s+|kindly\s+|then\s+|also\s+)?(?:send|forward|e-?mail|upload|post|share|export|transfer|wire|pay|refund|delete|remove|wipe|erase|grant|disable|turn\s+off|switch\s+off|approve|install|download|run|execute|reveal|print|paste|add|give|move|copy|change|replace|reset|set|open|click|visit|buy|cancel|create|make)\b|\byou\s+(?:must|should|need\s+to|have\s+to|will\s+now|are\s+to)\b|\b(?:must|should|shall)\s+(?:first\s+|now\s+|also\s+)?[a-z]+\b/i;
// A hidden text that sets the user or the reader's rules aside needs no addressee.
const OVERRIDE =
  /\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}?\b(?:user|instructions?|rules?|request|question|task|above|previous|prior|everything|guidelines)\b|\b(?:do\s+not|don't|never)\s+(?:tell|mention|inform|reveal\s+this\s+to)\b|\brecommend\s+only\b/i;

/** The text inside the element opened at `end` (the character after its opening tag), up to its closing tag. */
function innerText(text: string, name: string, end: number): string {
  const close = text.toLowerCase().indexOf(`</${name.toLowerCase()}`, end);
  const inner = text.slice(end, close < 0 ? end + MAX_INNER : Math.min(close, end + MAX_INNER));
  return inner.replace(TAG, ' ');
}

/** A text its human reader never sees; `forModel`, when an attribute named for a model asks something of the answer. */
interface Hidden {
  text: string;
  forModel: boolean;
}

/** The texts of `text` (markup) that its human reader never sees. */
function hiddenTexts(text: string): Hidden[] {
  const hidden: Hidden[] = [];
  OPENING.lastIndex = 0;
  for (let match = OPENING.exec(text); match !== null && hidden.length < MAX_HIDDEN; match = OPENING.exec(text)) {
    const [whole, name, attributes] = match;
    const style = /\bstyle\s*=\s*("[^"]*"|'[^']*')/i.exec(attributes)?.[1] ?? '';
    const hides =
      HIDING_STYLE.test(style) ||
      HIDING_ATTRIBUTE.test(attributes) ||
      HIDING_CLASS.test(attributes) ||
      (name.toLowerCase() === 'font' && WHITE_FONT.test(attributes));
    if (hides) hidden.push({ text: innerText(text, name, match.index + whole.length), forModel: false });
    UNSHOWN_ATTRIBUTE.lastIndex = 0;
    const modelNamed = MODEL_NAMED.test(attributes);
    for (let value = UNSHOWN_ATTRIBUTE.exec(attributes); value !== null; value = UNSHOWN_ATTRIBUTE.exec(attributes)) {
      const unshown = value[1] ?? value[2];
      // Written for a model by its name: any order about the answer is one.
      hidden.push({ text: unshown, forModel: modelNamed && ANSWER_ORDER.test(unshown) && !CRAWLER_POLICY.test(unshown) });
    }
  }
  OPENING.lastIndex = 0;
  SVG_DESC.lastIndex = 0;
  for (let match = SVG_DESC.exec(text); match !== null && hidden.length < MAX_HIDDEN; match = SVG_DESC.exec(text))
    hidden.push({ text: match[1], forModel: false });
  SVG_DESC.lastIndex = 0;
  return hidden;
}

/** Whether a hidden text gives an order: the reader named and an act asked, or an act against the principal. */
function hiddenOrder({ text: hidden, forModel }: Hidden): boolean {
  if (forModel) return true;
  const plain = hidden
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
  if (plain.length < 12) return false;
  // A hidden order whose only destination is a documentation placeholder (example.com, *.test) is a fixture's or a doc's.
  if ((plain.includes('@') || plain.includes('://')) && !namesOutsideDestination(plain)) return false;
  if ((asksHarmfulAct(plain) && ORDER_FORM.test(plain)) || harmfulActIn(plain) || OVERRIDE.test(plain)) return true;
  return namesMachineReader(plain) && namesConsequentialAct(plain);
}

/** An order hidden from the page's human reader (0.6). */
export function detectHiddenElementOrder(text: string): Signal | undefined {
  if (text.length < 30 || !text.includes('<')) return undefined;
  for (const hidden of hiddenTexts(text)) {
    if (!hiddenOrder(hidden)) continue;
    const start = Math.max(0, text.indexOf(hidden.text.slice(0, 20)));
    return { rule: 'hidden_element_order', detector: 'hidden_element_order', weight: WEIGHT, start, end: start + 120 };
  }
  return undefined;
}
