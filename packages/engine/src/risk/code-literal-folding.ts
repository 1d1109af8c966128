// Code that spells a name or a command in pieces so that no single literal shows it:
// `'sys' + 'tem'`, `['rm', '-rf', '/'].join(' ')`, `getattr(os, 'system')(…)`, PowerShell's
// `& ('Remove' + '-Item')`. The pieces are joined back into one literal, and a call through
// `getattr` or the call operator is written as the plain call, so the code readers see what
// runs. Only literals are joined (never variables); each pass is a linear regular expression.

/** Two or more quoted literals joined by `+` (same quote kind inside one piece). */
const CONCATENATION = /(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')(?:\s*\+\s*(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')){1,31}/g;
/** An array of literals joined with a literal separator: `['a', 'b'].join(' ')`, `' '.join(['a', 'b'])`. */
const ARRAY_JOIN =
  /\[\s*((?:(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')\s*,\s*){0,31}(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}'))\s*,?\s*\]\s*\.\s*join\s*\(\s*("[^"\n\\]{0,8}"|'[^'\n\\]{0,8}')?\s*\)/g;
const PY_JOIN =
  /("[^"\n\\]{0,8}"|'[^'\n\\]{0,8}')\s*\.\s*join\s*\(\s*[[(]\s*((?:(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')\s*,\s*){0,31}(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}'))\s*,?\s*[\])]\s*\)/g;
/** `getattr(anything, 'system')(` and `os.__dict__['system'](` call the named function. */
const GETATTR_CALL = /\bgetattr\s*\(\s*[^,()]{0,80}(?:\([^()]{0,80}\))?\s*,\s*["'](\w{1,40})["']\s*\)\s*\(/g;
/** PowerShell's call operator on a literal: `& 'Remove-Item'`, `&('Remove-Item')`. */
const CALL_OPERATOR = /(^|[;|{\n]\s*)&\s*\(?\s*(["'])([\w-]{1,64})\2\s*\)?/g;

function literalValue(quoted: string): string {
  return quoted.slice(1, -1);
}

function pieces(list: string): string[] {
  return [...list.matchAll(/"([^"\n\\]{0,200})"|'([^'\n\\]{0,200})'/g)].map((match) => match[1] ?? match[2] ?? '');
}

function asLiteral(value: string): string {
  return value.includes("'") ? `"${value}"` : `'${value}'`;
}

/** The code with literal pieces joined and indirect calls made plain; the same text when there is nothing to fold. */
export function foldCodeLiterals(code: string): string {
  if (code.length > 65536 || !/[+]|join|getattr|&\s*\(?\s*["']/.test(code)) return code;
  let text = code;
  if (text.includes('join')) {
    text = text.replace(ARRAY_JOIN, (_all, list: string, separator: string | undefined) =>
      asLiteral(pieces(list).join(separator === undefined ? ',' : literalValue(separator))),
    );
    text = text.replace(PY_JOIN, (_all, separator: string, list: string) => asLiteral(pieces(list).join(literalValue(separator))));
  }
  if (text.includes('+')) text = text.replace(CONCATENATION, (all) => asLiteral(pieces(all).join('')));
  if (text.includes('getattr')) text = text.replace(GETATTR_CALL, (_all, name: string) => `${name}(`);
  text = text.replace(CALL_OPERATOR, (_all, before: string, _quote: string, name: string) => `${before}${name}`);
  return text;
}
