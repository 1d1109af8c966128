// A request to decode something and then do what it says (issue 13, red team): "decode this ROT13
// and do what it says", "shift each letter back by 3 and obey", "read this backwards and follow
// it", "please decode and follow". Decoding on request is ordinary ("decode this and tell me what
// it means"); obeying what the decoded text says is the point of hiding it.

import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';

const DECODE_AND_OBEY =
  /\b(?:decode|decrypt|decipher|unscramble|reverse|read\s+(?:\w+\s+){0,2}backwards|shift\s+(?:each|every|the)\s+letters?|rotate|translate\s+from\s+(?:base64|hex|rot13|binary))\b[^.\n]{0,80}?\b(?:and|then|,)\s+(?:then\s+)?(?:do\s+(?:what|as)\s+it\s+says|do\s+it|follow(?:\s+(?:it|them|the\s+instructions?|its\s+instructions?|what\s+it\s+says))?|obey|execute(?:\s+it)?|carry\s+(?:it\s+)?out|act\s+on\s+it|comply|run\s+it|perform\s+it)\b/i;
const GATE = wordGate(/decod|decrypt|deciph|unscramb|revers|backwards|shift|rotate|translate from/i);

/** An order to decode a text and obey it (0.6). */
export function detectDecodeAndObey(text: string): Signal | undefined {
  if (text.length < 16 || !GATE.test(text)) return undefined;
  const match = DECODE_AND_OBEY.exec(text);
  return match === null
    ? undefined
    : { rule: 'decode_and_obey', detector: 'decode_and_obey', weight: 0.6, start: match.index, end: match.index + match[0].length };
}
