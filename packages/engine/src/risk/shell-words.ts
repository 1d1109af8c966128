// Turns shell words into the strings the shell would see, as far as they are known before running:
// quotes removed (`'r'm` is `rm`), escapes resolved (`r\m`, `$'\x72m'`), `$HOME` and `~` kept as
// `~`, variables replaced by their literal value when the script assigns one, `${IFS}` read as a
// space. Anything computed at run time is marked dynamic and written `$name` or `$(…)`.

import type { ShellNode } from './shell-ast.ts';

/** One evaluated shell word. */
export interface Word {
  /** The word's value; unknown parts appear as `$name` or `$(…)`. */
  text: string;
  /** Some part is only known at run time. */
  dynamic: boolean;
  /** Some part is the output of a download (`$(curl …)`, `<(wget -O- …)`). */
  fromDownload: boolean;
  /** Some part reads a sensitive file (`$(cat /etc/shadow)`, `$(</etc/shadow)`): why it is sensitive. */
  sensitiveRead?: string;
  /** The word came from an unquoted `$IFS`, so the shell splits it at spaces. */
  splitsOnIfs: boolean;
  /** The word is a process substitution `<(…)` or `>(…)`. */
  processSubstitution: boolean;
}

/** What evaluating a nested command (`$(…)`, `<(…)`) tells the word. */
export interface SubstitutionResult {
  /** Literal output when the command is a plain `echo`/`printf` of literals. */
  output?: string;
  fromDownload: boolean;
  sensitiveRead?: string;
}

/** Evaluates the statements of a command or process substitution (provided by the analyser). */
export type SubstitutionVisitor = (stmts: ShellNode[]) => SubstitutionResult;

/** Parameter expansion operators that supply a default (`${x:-d}`, `${x-d}`, `${x:=d}`, `${x=d}`). */
const DEFAULT_OPS = new Set([70, 71, 74, 75]);

/** Decodes the escapes of an ANSI-C quoted string `$'…'`. */
export function decodeAnsiC(value: string): string {
  return value.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|[0-7]{1,3}|.)/g, (_all, esc: string) => {
    const head = esc[0];
    if (head === 'x' || head === 'u') return String.fromCharCode(parseInt(esc.slice(1), 16));
    if (head >= '0' && head <= '7') return String.fromCharCode(parseInt(esc, 8));
    switch (head) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'a':
        return '\x07';
      case 'b':
        return '\b';
      case 'e':
      case 'E':
        return '\x1b';
      case 'v':
        return '\v';
      case 'f':
        return '\f';
      default:
        return head;
    }
  });
}

/** Removes the backslashes of an unquoted literal (`r\m` is `rm`, a line continuation disappears). */
function unescapeUnquoted(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\\n/g, '').replace(/\\(.)/g, '$1');
}

/** Removes the backslashes that double quotes honour (before `$`, `` ` ``, `"`, `\`, newline). */
function unescapeDoubleQuoted(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\\n/g, '').replace(/\\([$`"\\])/g, '$1');
}

/** Evaluates words against the literal variables of a script. */
export class WordEvaluator {
  constructor(
    private readonly vars: Map<string, string>,
    private readonly visitSubstitution: SubstitutionVisitor,
  ) {}

  /** The value of one word. */
  word(node: ShellNode | undefined): Word {
    const out: Word = { text: '', dynamic: false, fromDownload: false, splitsOnIfs: false, processSubstitution: false };
    if (node === null || node === undefined) return out;
    this.parts(node.Parts, out, false);
    return out;
  }

  private parts(parts: ShellNode[] | undefined, out: Word, quoted: boolean): void {
    if (!parts) return;
    for (const part of parts) this.part(part, out, quoted);
  }

  private part(part: ShellNode, out: Word, quoted: boolean): void {
    switch (part.type) {
      case 'Lit':
        out.text += quoted ? unescapeDoubleQuoted(part.Value) : unescapeUnquoted(part.Value);
        return;
      case 'SglQuoted':
        out.text += part.Dollar ? decodeAnsiC(part.Value) : part.Value;
        return;
      case 'DblQuoted':
        this.parts(part.Parts, out, true);
        return;
      case 'ParamExp':
        this.param(part, out, quoted);
        return;
      case 'CmdSubst':
      case 'ProcSubst': {
        const result = this.visitSubstitution(part.Stmts ?? []);
        if (result.fromDownload) out.fromDownload = true;
        if (result.sensitiveRead !== undefined) out.sensitiveRead = result.sensitiveRead;
        if (part.type === 'ProcSubst') {
          out.processSubstitution = true;
          out.dynamic = true;
          out.text += part.Op === 66 ? '<(…)' : '>(…)';
        } else if (result.output !== undefined) {
          out.text += result.output.replace(/\n+$/, '');
          // Unquoted, the output is split into words like any expansion.
          if (!quoted && /\s/.test(out.text)) out.splitsOnIfs = true;
        } else {
          out.dynamic = true;
          out.text += '$(…)';
        }
        return;
      }
      case 'ArithmExp':
        out.dynamic = true;
        out.text += '$((…))';
        return;
      default:
        // Globs, brace expansions and extended globs keep their source form when it is a literal.
        out.dynamic = true;
        out.text += typeof part.Value === 'string' ? part.Value : '…';
    }
  }

  private param(part: ShellNode, out: Word, quoted: boolean): void {
    const name: string = part.Param?.Value ?? '';
    const plain = !part.Length && !part.Excl && !part.Index && !part.Slice && !part.Repl;
    if (plain && (part.Exp === null || part.Exp === undefined)) {
      if (name === 'HOME') {
        out.text += '~';
        return;
      }
      if (name === 'IFS') {
        out.text += ' ';
        if (!quoted) out.splitsOnIfs = true;
        return;
      }
      const known = this.vars.get(name);
      if (known !== undefined) {
        out.text += known;
        // `cmd="rm -rf /home"; $cmd`: an unquoted expansion is split into words; `"$@"` is one word per parameter.
        if ((!quoted || name === '@') && /\s/.test(known)) out.splitsOnIfs = true;
        return;
      }
    }
    const index = part.Index?.Parts?.[0]?.Value;
    if ((index === '@' || index === '*') && !part.Length && !part.Slice && !part.Repl) {
      // `"${a[@]}"`: the words of a literal array, one word each.
      const array = this.vars.get(`${name}[@]`);
      if (array !== undefined) {
        out.text += array;
        out.splitsOnIfs = true;
        return;
      }
    }
    if (plain && part.Exp && DEFAULT_OPS.has(part.Exp.Op) && !this.vars.has(name) && part.Exp.Word) {
      // `${DIR:-/}` with DIR unknown: read the default, the value the command gets when DIR is unset.
      const fallback = this.word(part.Exp.Word);
      out.text += name === 'HOME' ? '~' : fallback.text;
      out.dynamic = true;
      return;
    }
    out.dynamic = true;
    out.text += `$${name}`;
  }
}
