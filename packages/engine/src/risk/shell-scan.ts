// The state of one shell analysis, shared by the tree walker (shell.ts) and the command rules
// (shell-commands.ts): findings, the script's literal variables, files it downloaded, sockets it
// opened, functions being defined, and the limits that keep the analysis linear.

import { Findings } from './findings.ts';
import type { RiskClass } from './risk-class.ts';
import type { Word } from './shell-words.ts';
import type { ShellNode } from './shell-ast.ts';

/** Nested shell strings (`bash -c`, `eval`, `ssh host cmd`, `os.system`) analysed at most this deep. */
export const MAX_SHELL_DEPTH = 8;
/** Statements visited at most per analysis (all nesting levels together). */
export const MAX_SHELL_STEPS = 20000;
/** Characters of one shell string read at most. */
export const MAX_SHELL_CHARS = 65536;
/** Characters of one shell string given to the parser (the parser costs 1 to 10 µs a character). */
export const MAX_SHELL_PARSE_CHARS = 8192;

/** A redirection of one statement, evaluated. */
export interface Redirection {
  /** mvdan-sh operator code: 54 `>`, 55 `>>`, 56 `<`, 57 `<>`, 58 `<&`, 59 `>&`, 60 `>|`, 61 `<<`, 62 `<<-`, 63 `<<<`, 64 `&>`, 65 `&>>`. */
  op: number;
  /** The file descriptor written before the operator (`2>`), if any. */
  fd?: string;
  target: Word;
  /** Body of a heredoc (`<<EOF`). */
  heredoc?: string;
}

/** Where a simple command runs: its redirections and its place in a pipeline. */
export interface CommandSite {
  redirs: Redirection[];
  inPipe: boolean;
  background: boolean;
  /** Literal text fed to the command's standard input (heredoc, here-string, `echo … |`). */
  stdinText?: string;
  /** The command's standard input comes from a download. */
  stdinFromDownload: boolean;
}

/** What a command is, for the rules that look at a whole pipeline. */
export interface CommandSummary {
  name: string;
  /** Fetches content from the network and prints it. */
  downloader: boolean;
  /** Runs its standard input as a program (an interpreter with no script argument). */
  interpreterStdin?: string;
  /** Is a shell interpreter (interactive or reading commands from its input). */
  shell: boolean;
  /** A raw network client or listener (nc, socat, telnet, openssl s_client). */
  netClient?: string;
  /** Reads a sensitive file: the path and why it is sensitive. */
  readsSensitive?: { path: string; why: string };
  /** Literal text the command prints (echo, printf, cat of a heredoc), decoded when base64. */
  output?: string;
  /** Sends its input to a host nobody in the organisation owns (`ssh me@home.dyndns.org`): why, and the host. */
  foreignHost?: string;
  /** Prints records in bulk (a reader or packer of `exports/customers.csv`, a dump): what, for the pipeline rules. */
  readsBulk?: string;
}

/** A summary of a command that does nothing notable. */
export function plainSummary(name: string): CommandSummary {
  return { name, downloader: false, shell: false };
}

/** The names of the commands a (possibly compound) summary covers. */
export function summaryNames(summary: CommandSummary): string[] {
  return summary.name.split('; ');
}

/** Joins the summaries of commands run in sequence, for a compound command in a pipeline. */
export function joinSummaries(summaries: CommandSummary[]): CommandSummary {
  const joined = plainSummary(summaries.map((summary) => summary.name).join('; '));
  for (const summary of summaries) {
    joined.downloader ||= summary.downloader;
    joined.shell ||= summary.shell;
    joined.interpreterStdin ??= summary.interpreterStdin;
    joined.netClient ??= summary.netClient;
    joined.readsSensitive ??= summary.readsSensitive;
    joined.foreignHost ??= summary.foreignHost;
    joined.readsBulk ??= summary.readsBulk;
  }
  if (summaries.length === 1) joined.output = summaries[0].output;
  else {
    // `(crontab -l; echo '…') | crontab -`: what is known of the output is what the next stage reads.
    const known = summaries.map((summary) => summary.output).filter((output) => output !== undefined);
    if (known.length > 0) joined.output = known.join('\n');
  }
  return joined;
}

/** Analysis state shared across nesting levels. */
export class ShellScan {
  readonly findings = new Findings();
  readonly vars = new Map<string, string>();
  /** Files written by a downloader (normalised paths and bare names). */
  readonly downloaded = new Set<string>();
  /** Folders a download was unpacked into (`curl … | tar xz -C /tmp/kit`): what they hold came from the network. */
  readonly downloadedFolders = new Set<string>();
  /** Symbolic links made by the script (`ln -s / /tmp/r`): normalised link path to its normalised target. */
  readonly symlinks = new Map<string, string>();
  /** File descriptors opened on a network socket (`exec 3<>/dev/tcp/…`). */
  readonly netFds = new Set<string>();
  /** A network socket was opened as a file descriptor (`exec 3<>/dev/tcp/…`, `ztcp`). */
  netOpened = false;
  /** Working folder set by a static `cd`, for relative paths. */
  cwd: string | undefined;
  /** Mount points of remote file systems (sshfs, NFS, SMB). */
  readonly remoteMounts: string[] = [];
  /** Functions the script declares: name to body (a call with literal arguments reads the body under them). */
  readonly functions = new Map<string, ShellNode>();
  /** Functions whose body is being visited (for fork bombs). */
  readonly functionStack: string[] = [];
  /** Command names seen, for the baseline reason. */
  readonly commandNames: string[] = [];
  /** Aliases defined so far (`alias x=rm`): name to its text. */
  readonly aliases = new Map<string, string>();
  /** How deep alias expansion has gone (an alias of an alias…). */
  aliasDepth = 0;
  /** Local copies of secret files (`cp ~/.ssh/id_rsa /tmp/k`): normalised copy path to why it is secret. */
  readonly secretCopies = new Map<string, string>();
  /** Local copies of records in bulk (`kubectl cp prod/pg-0:/var/lib/postgresql/data ./pg`): normalised copy path to why. */
  readonly dataCopies = new Map<string, string>();
  /** Text written to files by the script (`echo '…' > /tmp/c.sh`): normalised path to content. */
  readonly writtenFiles = new Map<string, string>();
  /** Git remotes added by the script (`git remote add x URL`): where a later push goes is not a configured remote. */
  readonly addedRemotes = new Set<string>();
  /** Copies of shells and interpreters made by the script (normalised paths). */
  readonly shellCopies = new Set<string>();
  steps = 0;
  depth = 0;
  /** Set by the walker: analyses a nested shell string one level deeper. */
  nested: (source: string, via: string) => void = () => undefined;

  /** Appended to every reason while set (the fallback scan marks its findings with it). */
  reasonSuffix = '';

  add(riskClass: RiskClass, reason: string): void {
    this.findings.add(riskClass, reason + this.reasonSuffix);
  }

  noteCommand(name: string): void {
    const short = name.length > 40 ? `${name.slice(0, 39)}…` : name;
    if (short !== '' && this.commandNames.length < 6 && !this.commandNames.includes(short)) this.commandNames.push(short);
  }
}
