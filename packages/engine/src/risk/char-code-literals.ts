// Text spelled as character codes so that no literal shows it: Python's `''.join(map(chr, […]))`
// and `bytes([…]).decode()`, JavaScript's `String.fromCharCode(…)`, PowerShell's `-join
// [char[]](…)` and `[char]82`, Perl's `join '', map { chr } …`, Ruby's `[…].pack('c*')`, PHP's
// `implode(array_map('chr', […]))`, and a lone `chr(114)`. Each construct with only literal codes
// of printable text is written back as the quoted literal it builds, so the code readers see what
// runs (`os.system('rm -rf /')`). Codes outside printable ASCII leave the construct as it was.

/** Up to 2,048 decimal codes separated by commas. */
const LIST = String.raw`(\d{1,3}(?:\s*,\s*\d{1,3}){0,2047})`;
const CONSTRUCTS: readonly RegExp[] = [
  // Python: `''.join(map(chr, [..]))`, `''.join(chr(c) for c in [..])`, `''.join([chr(c) for c in (..)])`.
  new RegExp(String.raw`(?:""|'')\s*\.\s*join\s*\(\s*map\s*\(\s*chr\s*,\s*[[(]\s*${LIST}\s*,?\s*[\])]\s*\)\s*\)`, 'g'),
  new RegExp(
    String.raw`(?:""|'')\s*\.\s*join\s*\(\s*\[?\s*chr\s*\(\s*\w+\s*\)\s*for\s+\w+\s+in\s+[[(]\s*${LIST}\s*,?\s*[\])]\s*\]?\s*\)`,
    'g',
  ),
  new RegExp(String.raw`\bbyte(?:s|array)\s*\(\s*\[\s*${LIST}\s*,?\s*\]\s*\)\s*\.\s*decode\s*\(\s*(?:["'][\w-]*["'])?\s*\)`, 'g'),
  // JavaScript: `String.fromCharCode(..)`, `String.fromCharCode(...[..])`.
  new RegExp(String.raw`\bString\s*\.\s*fromCharCode\s*\(\s*(?:\.\.\.\s*\[\s*)?${LIST}\s*,?\s*\]?\s*\)`, 'g'),
  // PowerShell: `-join [char[]](..)`, `-join ([char[]](..))`, `[char[]](..) -join ''`.
  new RegExp(String.raw`-join\s*\(?\s*\[char\[\]\]\s*@?\(\s*${LIST}\s*\)\s*\)?`, 'gi'),
  new RegExp(String.raw`\[char\[\]\]\s*@?\(\s*${LIST}\s*\)\s*-join\s*(?:""|'')`, 'gi'),
  // Perl: `join "", map { chr } ..`, `join('', map { chr($_) } (..))`, `join '', map chr, ..`; `pack("C*", ..)`.
  new RegExp(
    String.raw`\bjoin\s*\(?\s*(?:""|'')\s*,\s*map\s*(?:\{\s*chr\s*(?:\(\s*\$_\s*\))?\s*\}|chr\s*,)\s*\(?\s*${LIST}\s*\)?\s*\)?`,
    'g',
  ),
  new RegExp(String.raw`\bpack\s*\(\s*["'][cCU]\*["']\s*,\s*${LIST}\s*\)`, 'g'),
  // Ruby: `[..].pack('c*')`, `[..].map(&:chr).join`.
  new RegExp(
    String.raw`\[\s*${LIST}\s*\]\s*\.\s*(?:pack\s*\(\s*["'][cCU]\*["']\s*\)|map\s*\(\s*&:chr\s*\)\s*\.\s*join(?:\s*\(\s*\))?)`,
    'g',
  ),
  // PHP: `implode(array_map('chr', [..]))`, `implode('', array_map("chr", [..]))`.
  new RegExp(String.raw`\bimplode\s*\(\s*(?:(?:""|'')\s*,\s*)?array_map\s*\(\s*["']chr["']\s*,\s*\[\s*${LIST}\s*\]\s*\)\s*\)`, 'g'),
  // One code: `chr(114)`, `[char]114`.
  /\bchr\s*\(\s*(\d{1,3})\s*\)|\[char\]\s*(\d{1,3})\b/gi,
];
/** Cheap gate: names of the constructs. */
const HINT = /chr|CharCode|\[char|pack\s*\(|byte(?:s|array)\s*\(/i;

/** The text a list of codes spells, or undefined when a code is not printable ASCII (or a tab or line feed). */
function spelled(list: string): string | undefined {
  let out = '';
  for (const code of list.split(',')) {
    const n = Number(code.trim());
    if (!((n >= 32 && n <= 126) || n === 9 || n === 10)) return undefined;
    out += String.fromCharCode(n);
  }
  return out;
}

function asLiteral(value: string): string {
  return value.includes("'") ? `"${value.replace(/"/g, '\\"')}"` : `'${value}'`;
}

/** The code with character-code constructs written as the literals they build; the same text when there are none. */
export function foldCharCodes(code: string): string {
  if (!HINT.test(code)) return code;
  let text = code;
  for (const construct of CONSTRUCTS)
    text = text.replace(construct, (all: string, ...groups: unknown[]) => {
      const list = groups.find((group): group is string => typeof group === 'string' && /^\d/.test(group));
      const value = list === undefined ? undefined : spelled(list);
      return value === undefined ? all : asLiteral(value);
    });
  return text;
}
