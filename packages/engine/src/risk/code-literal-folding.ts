// Code that spells a name, a path or a command in pieces so that no single literal shows it:
// `'sys' + 'tem'`, `['rm', '-rf', '/'].join(' ')`, `` `rm -rf ${'/'}` ``, `getattr(os,
// 'system')(…)`, PowerShell's `& ('Remove' + '-Item')`, or a literal kept in a name first (`cmd =
// 'rm -rf /'; os.system(cmd)`, `$c = 'Remove-Item'; & $c`). The pieces are joined back into one
// literal, a name assigned exactly one literal is replaced by it where it is passed, and a call
// through `getattr` or the call operator is written as the plain call, so the code readers see
// what runs. Only literals are joined; each pass is a linear regular expression.

import { foldCharCodes } from './char-code-literals.ts';

/** Two or more quoted literals joined by `+` (same quote kind inside one piece). */
const CONCATENATION = /(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')(?:\s*\+\s*(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')){1,31}/g;
/** An array of literals joined with a literal separator: `['a', 'b'].join(' ')`, `' '.join(['a', 'b'])`. */
const ARRAY_JOIN =
  /\[\s*((?:(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')\s*,\s*){0,31}(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}'))\s*,?\s*\]\s*\.\s*join\s*\(\s*("[^"\n\\]{0,8}"|'[^'\n\\]{0,8}')?\s*\)/g;
const PY_JOIN =
  /("[^"\n\\]{0,8}"|'[^'\n\\]{0,8}')\s*\.\s*join\s*\(\s*[[(]\s*((?:(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')\s*,\s*){0,31}(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}'))\s*,?\s*[\])]\s*\)/g;
/** PowerShell: an array of literals joined (`@('rm', '-r') -join ' '`), or a name assigned one and joined later (`($parts -join ' ')`). */
const PS_ARRAY_JOIN =
  /@\(\s*((?:(?:"[^"\n\\]{0,200}"|'[^'\n]{0,200}')\s*,\s*){0,31}(?:"[^"\n\\]{0,200}"|'[^'\n]{0,200}'))\s*\)\s*-join\s*("[^"\n\\]{0,8}"|'[^'\n]{0,8}')/gi;
const PS_ARRAY_ASSIGNMENT =
  /(\$\w{1,40})\s*=\s*@\(\s*((?:(?:"[^"\n\\]{0,200}"|'[^'\n]{0,200}')\s*,\s*){0,31}(?:"[^"\n\\]{0,200}"|'[^'\n]{0,200}'))\s*\)/g;
/** `getattr(anything, 'system')(` and `os.__dict__['system'](` call the named function. */
const GETATTR_CALL = /\bgetattr\s*\(\s*[^,()]{0,80}(?:\([^()]{0,80}\))?\s*,\s*["'](\w{1,40})["']\s*\)\s*\(/g;
/** A call of a member named by a literal in brackets: `x['execSync'](`, `os["system"](`. */
const BRACKET_MEMBER_CALL = /\[\s*(["'])([A-Za-z_$][\w$]{0,40})\1\s*\]\s*\(/g;
/** PowerShell's call operator on a literal: `& 'Remove-Item'`, `&('Remove-Item')`. */
const CALL_OPERATOR = /(^|[;|{\n]\s*)&\s*\(?\s*(["'])([\w-]{1,64})\2\s*\)?/g;

/** `` `rm -rf ${'/'}` ``: a template literal whose interpolations are all literals. */
const TEMPLATE = /`((?:[^`\\$]|\$(?!\{)|\$\{\s*(?:"[^"`\n]{0,200}"|'[^'`\n]{0,200}')\s*\}){0,2000})`/g;
/** A name assigned one literal (`cmd = 'rm -rf /'`, `const amt = 5_000_000;`, `$c='Remove-Item'`). */
const ASSIGNMENT =
  /(?:^|[;\n{])[ \t]*(?:const|let|var|my|local)?[ \t]*(\$?[A-Za-z_]\w{0,40})[ \t]*=[ \t]*("[^"\n\\]{0,400}"|'[^'\n\\]{0,400}'|\d[\d_]{0,30}(?:\.\d+)?)[ \t]*(?=;|\n|$)/g;
const MAX_CONSTANTS = 32;

/** Uses of names assigned once, replaced by their literal where they are a whole argument or value. */
function propagateConstants(text: string): string {
  const seen = new Map<string, string | null>();
  for (const match of text.matchAll(ASSIGNMENT)) {
    if (seen.size >= MAX_CONSTANTS) break;
    seen.set(match[1], seen.has(match[1]) ? null : match[2]);
  }
  let out = text;
  for (const [name, value] of seen) {
    if (value === null) continue;
    const escaped = name.replace(/\$/g, '\\$');
    // `f(cmd)`, `amount=amt`, `amount: amt`, `& $c` — never the assignment itself (`cmd =`).
    const use = new RegExp(String.raw`([(,&]\s*|[=:]\s*)${escaped}(?![\w$]|\s*=[^=])`, 'g');
    out = out.replace(use, (all, before: string, offset: number) => (isAssignmentSite(out, offset, before) ? all : `${before}${value}`));
  }
  return out;
}

/** Whether the `=` before a name belongs to a comparison or to the name's own assignment (left alone). */
function isAssignmentSite(text: string, offset: number, before: string): boolean {
  return (
    before.startsWith('=') && (text[offset - 1] === '=' || text[offset - 1] === '!' || text[offset - 1] === '<' || text[offset - 1] === '>')
  );
}

/** Expressions for the home folder in Python, Node, Ruby and PowerShell code. */
const HOME_EXPRESSION =
  /\b(?:os\.path\.)?expanduser\(\s*(["'])(~[^"'\n]{0,200})\1\s*\)|(?:\brequire\(\s*["'](?:node:)?os["']\s*\)|\bos)\.homedir\(\s*\)|\b(?:pathlib\.)?Path\.home\(\s*\)|\bDir\.home\b|\bprocess\.env\.(?:HOME|USERPROFILE)\b|\bos\.environ\[\s*["']HOME["']\s*\]|\bos\.getenv\(\s*["']HOME["']\s*\)|\bENV\[\s*["']HOME["']\s*\]/g;

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
  if (
    code.length > 65536 ||
    !/[+]|join|getattr|&\s*\(?\s*["'$]|\$\{|=|home|HOME|expanduser|chr|CharCode|\[char|pack|byte|\[\s*["']/i.test(code)
  )
    return code;
  // `''.join(map(chr, [114, 109]))`, `String.fromCharCode(…)`, `[char]82`: codes written as the literal they spell.
  let text = foldCharCodes(code);
  // `os.homedir()`, `Path.home()`, `expanduser('~/x')`: the home folder written as the literal `~`.
  if (/home|HOME|expanduser/.test(text)) text = text.replace(HOME_EXPRESSION, (_all, _q, path?: string) => asLiteral(path ?? '~'));
  if (text.includes('${'))
    text = text.replace(TEMPLATE, (_all, body: string) =>
      asLiteral(body.replace(/\$\{\s*(?:"([^"]*)"|'([^']*)')\s*\}/g, (_m, a?: string, b?: string) => a ?? b ?? '')),
    );
  if (text.includes('join')) {
    text = text.replace(ARRAY_JOIN, (_all, list: string, separator: string | undefined) =>
      asLiteral(pieces(list).join(separator === undefined ? ',' : literalValue(separator))),
    );
    text = text.replace(PY_JOIN, (_all, separator: string, list: string) => asLiteral(pieces(list).join(literalValue(separator))));
  }
  if (/-join/i.test(text)) text = foldPowerShellJoins(text);
  if (text.includes('+')) text = text.replace(CONCATENATION, (all) => asLiteral(pieces(all).join('')));
  if (text.includes('=')) text = propagateConstants(text);
  if (text.includes('getattr')) text = text.replace(GETATTR_CALL, (_all, name: string) => `${name}(`);
  // `cp['exec' + 'Sync'](…)`, `os['system'](…)`: a member named by a literal is the plain member.
  if (text.includes('[')) text = text.replace(BRACKET_MEMBER_CALL, (_all, _quote: string, name: string) => `.${name}(`);
  text = text.replace(CALL_OPERATOR, (_all, before: string, _quote: string, name: string) => `${before}${name}`);
  return text;
}

/** PowerShell's literals (a backslash escapes nothing there: `'D:\\*'`). */
function psPieces(list: string): string[] {
  return [...list.matchAll(/"([^"\n]{0,200})"|'([^'\n]{0,200})'/g)].map((match) => match[1] ?? match[2] ?? '');
}

/** PowerShell's `-join` of literal arrays, inline or through a name assigned the array once. */
function foldPowerShellJoins(code: string): string {
  let text = code.replace(PS_ARRAY_JOIN, (_all, list: string, separator: string) =>
    asLiteral(psPieces(list).join(literalValue(separator))),
  );
  for (const match of text.matchAll(PS_ARRAY_ASSIGNMENT)) {
    const name = match[1].replace(/\$/g, '\\$');
    const joined = new RegExp(`${name}\\s+-join\\s*("[^"\\n\\\\]{0,8}"|'[^'\\n]{0,8}')`, 'gi');
    text = text.replace(joined, (_all, separator: string) => asLiteral(psPieces(match[2]).join(literalValue(separator))));
  }
  return text;
}
