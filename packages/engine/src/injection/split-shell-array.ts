// A destructive shell command split across the items of an array (issue 13, round 15):
// ["rm", "-rf", "/", …] reads as nothing item by item; joined, it wipes a machine. Argument
// vectors are ordinary ("rm", "-rf", "./build"); one whose words, joined, delete a root, a home or a
// system directory, format a disk or overwrite a device — and no single item says so — is hidden.

import type { Signal } from './rules.ts';

const ARRAY = /\[\s*"(?:[^"\\\n]|\\.){0,40}"(?:\s*,\s*"(?:[^"\\\n]|\\.){0,40}"){1,30}\s*\]/g;
const ITEM = /"((?:[^"\\\n]|\\.){0,40})"/g;
const DESTRUCTIVE =
  /\brm\s+(?:-{1,2}[\w-]+\s+)*-[a-z]*(?:r[a-z]*f|f[a-z]*r)[a-z]*\s+(?:--no-preserve-root\s+)?(?:\/\*?|~\/?|\$HOME\/?|\/(?:etc|usr|var|home|boot|bin|lib|root)\/?)(?=\s|$|&|;|\|)|\bmkfs(?:\.\w+)?\s+\/dev\/|\bdd\s+[^\n]*\bof=\/dev\/(?:sd|nvme|disk|hd)|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}|\bchmod\s+-R\s+0?777\s+\/(?=\s|$)/i;
const GATE = /"(?:rm|sudo|mkfs[.\w]*|dd|chmod|rm -rf)"/i;

/** An array whose items, joined, form a destructive shell command no item holds alone (0.6). */
export function detectSplitShellArray(text: string): Signal | undefined {
  // The gate opens with a double quote: a text without one skips its scan.
  if (!text.includes('"') || !GATE.test(text)) return undefined;
  ARRAY.lastIndex = 0;
  for (let array = ARRAY.exec(text), looked = 0; array !== null && looked < 20; array = ARRAY.exec(text), looked++) {
    const items = [...array[0].matchAll(ITEM)].map((item) => item[1]);
    if (!DESTRUCTIVE.test(items.join(' ')) || items.some((item) => DESTRUCTIVE.test(item))) continue;
    ARRAY.lastIndex = 0;
    return {
      rule: 'split_shell_array',
      detector: 'split_shell_array',
      weight: 0.6,
      start: array.index,
      end: array.index + array[0].length,
    };
  }
  ARRAY.lastIndex = 0;
  return undefined;
}
