// The language of the code a code tool is handed (`/tools/python/run {code}`, `{language: "python",
// code}`): code in Python, JavaScript, Ruby, Perl or PHP is not a shell line, so it is read as that
// interpreter's inline code (`python3 -c '…'`), as the shell rules read `python3 -c` on a command
// line: what it runs (`os.system`, `subprocess`, `rmtree`, a fetched script) counts, what it only
// prints (`print('never run curl … | sh')`) does not. Shell and unknown languages stay shell.

import type { PayloadFields } from './payload-fields.ts';

/** Language names and the option that hands their interpreter inline code. */
const INTERPRETERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:python[23]?(?:\.\d+)?|py|ipython|jupyter|pyodide)$/, 'python3 -c'],
  [/^(?:node|nodejs|javascript|js|typescript|ts|deno|bun)$/, 'node -e'],
  [/^(?:ruby|rb)$/, 'ruby -e'],
  [/^(?:perl|pl)$/, 'perl -e'],
  [/^php$/, 'php -r'],
];
const LANGUAGE_KEYS = new Set(['language', 'lang', 'runtime', 'kernel', 'kernel_name', 'interpreter']);

function interpreterOf(name: string): string | undefined {
  const word = name.trim().toLowerCase();
  for (const [pattern, line] of INTERPRETERS) if (pattern.test(word)) return line;
  return undefined;
}

/** The inline-code invocation (`python3 -c`) of the language a code tool's call names, or undefined (shell or unknown). */
export function codeToolInterpreter(path: string, fields: PayloadFields): string | undefined {
  const declared = fields.strings.find((field) => !field.inArray && LANGUAGE_KEYS.has(field.key));
  // A declared language decides, shell included (`{language: "bash", code}` is a shell line).
  if (declared !== undefined) return interpreterOf(declared.text);
  for (const segment of path.toLowerCase().split(/[/_.-]+/)) {
    const line = interpreterOf(segment);
    if (line !== undefined) return line;
  }
  return undefined;
}
