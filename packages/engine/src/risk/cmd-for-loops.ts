// cmd's `for` loops run their body once per item of a literal set: `for /d %i in (C:\Users\*) do rd
// /s /q "%i"` removes every user folder, though no single word names a vital target. The body is
// returned with each item of the set (at most 8) in place of the loop variable (`%i`, `%%i` in a
// batch file), so the Windows rules read `rd /s /q "C:\Users\*"`.

const FOR_LOOP =
  /\bfor\s+(?:\/[dDrRlLfF]\s+(?:["'][^"'\n]*["']\s+|[^\s%"'(/][^\s%"'(]*\s+)?)*(%%?[A-Za-z])\s+in\s+\(([^)\n]{1,1000})\)\s+do\s+([^\n]{1,2000})/gi;

/** The bodies of the `for` loops of a cmd line with the variable bound to each literal item. */
export function expandCmdForLoops(text: string): string[] {
  if (text.length > 65536 || !/\bfor\s/i.test(text)) return [];
  const out: string[] = [];
  for (const match of text.matchAll(FOR_LOOP)) {
    const variable = match[1];
    const items = match[2].match(/"[^"]*"|[^\s,;]+/g) ?? [];
    for (const item of items.slice(0, 8)) {
      if (out.length >= 16) return out;
      out.push(match[3].split(variable).join(item.replace(/^"|"$/g, '')));
    }
  }
  return out;
}
