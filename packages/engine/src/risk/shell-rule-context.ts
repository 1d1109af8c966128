// What every rule for one shell command gets (the command, its arguments, where it runs, the
// shared analysis state, the summary it fills), and the effects several rules share: a write to a
// path (persistence targets and devices are critical), code handed to an interpreter (reverse
// shells, exfiltration, fork bombs, embedded shell commands) and the file an upload option names.

import { quote } from './findings.ts';
import { criticalWriteTarget, isBlockDevice, isSystemPath, normalizePath } from './paths.ts';
import { readCode } from './script-code.ts';
import type { CommandSite, CommandSummary, ShellScan } from './shell-scan.ts';
import type { Word } from './shell-words.ts';

/** One simple command as the rules see it. */
export interface RuleContext {
  name: string;
  head: Word;
  args: Word[];
  site: CommandSite;
  scan: ShellScan;
  summary: CommandSummary;
  argsFromInput: boolean;
}

/** The file an upload option names (`@file`, `<file`, `name=@file`, `name@file`, `file:path`). */
export function uploadedFile(text: string): string | undefined {
  let match = /^(?:[\w.-]*=)?[@<](.+)$/.exec(text);
  if (match) return match[1].replace(/;.*$/, '');
  match = /^[\w.-]+@(\/.+|~.*)$/.exec(text);
  if (match) return match[1];
  match = /^(?:file|open|gopen|create|creat):([^,]+)/i.exec(text);
  if (match) return match[1];
  return undefined;
}

/** The evaluated text of a word as a path, or undefined when it is computed at run time. */
export function staticPath(word: Word): string | undefined {
  if (word.dynamic && /\$\(|\$\(\(|<\(|>\(/.test(word.text)) return undefined;
  return word.text;
}

/** Signals of code run by an interpreter. */
export function codeRule(c: { name: string; scan: ShellScan; summary?: CommandSummary }, code: string, runsNow = true): void {
  const signals = readCode(code);
  if (signals.socket && signals.spawnsShell) {
    c.scan.add('critical', `shell: ${c.name} code connects a socket to a shell (reverse or bind shell)`);
  }
  if (!runsNow) return;
  // A file the code writes (a download saved to cron) is not one it sends.
  const sent = signals.sensitivePaths.filter((entry) => !signals.writes.some((write) => write.path === entry.path));
  if ((signals.socket || signals.network) && sent.length > 0) {
    c.scan.add('critical', `shell: ${c.name} code sends ${sent[0].why} ${quote(sent[0].path)} over the network`);
  }
  if (signals.network && c.summary) c.summary.downloader = true;
  if (signals.forkBomb) c.scan.add('critical', `shell: ${c.name} code is a fork bomb`);
  for (const read of signals.secretReads) {
    c.scan.add('critical', `shell: ${c.name} code reads a ${read.why} ${quote(read.path)}`);
    if (c.summary) c.summary.readsSensitive ??= { path: read.path, why: read.why };
  }
  if (signals.decodesAndRuns) c.scan.add('critical', `shell: ${c.name} code decodes text and executes it (what runs is hidden)`);
  if (signals.runsFetched !== undefined) c.scan.add('critical', `shell: ${c.name} code ${signals.runsFetched}`);
  for (const target of signals.deletes) c.scan.add('critical', `shell: ${c.name} code deletes ${target.why} ${quote(target.path)}`);
  for (const target of signals.writes) c.scan.add('critical', `shell: ${c.name} code writes to ${target.why} ${quote(target.path)}`);
  for (const command of signals.shellCommands) c.scan.nested(command, `${c.name} code`);
}

/** A write to `path` by `via`: persistence targets and devices are critical, system paths high. */
export function writeTarget(c: { scan: ShellScan }, path: string, via: string, op: '>' | '>>', content?: string): void {
  if (path === '' || path.includes('$(')) return;
  const why = criticalWriteTarget(path);
  // `echo 'export PATH=$HOME/bin:$PATH' >> ~/.bashrc`: a line that only sets variables runs nothing at start-up.
  if (why === 'shell start-up file' && op === '>>' && content !== undefined && onlySetsVariables(content)) {
    c.scan.add('high', `shell: adds variable settings to ${why} ${quote(path)} (${via})`);
    return;
  }
  // `echo "alias ll='ls -alF'" >> ~/.bashrc`: a new short name runs only what it stands for, read as a command here.
  const aliases = why === 'shell start-up file' && op === '>>' && content !== undefined ? newAliases(content) : undefined;
  if (aliases !== undefined) {
    for (const body of aliases) c.scan.nested(body, 'alias');
    c.scan.add('high', `shell: adds aliases to ${why} ${quote(path)} (${via})`);
    return;
  }
  if (why !== undefined) {
    c.scan.add('critical', `shell: writes to ${why} ${quote(path)} (${via})`);
    return;
  }
  // `> ~/.bash_history`, `ln -sf /dev/null ~/.bash_history`: the record of what was run is erased.
  if (
    op === '>' &&
    via !== 'history' &&
    /(?:^|\/)\.(?:bash|zsh|sh|ash|mysql|psql|python|node_repl|lesshst)_?history$|(?:^|\/)\.zhistory$/.test(normalizePath(path))
  ) {
    c.scan.add('critical', `shell: erases the shell history ${quote(path)} (${via})`);
    return;
  }
  if (op === '>' && normalizePath(path).startsWith('/var/log/')) {
    c.scan.add('critical', `shell: overwrites system log ${quote(path)} (${via})`);
    return;
  }
  if (isSystemPath(path) && !isBlockDevice(path) && !normalizePath(path).startsWith('/dev/')) {
    c.scan.add('high', `shell: writes to system path ${quote(path)} (${via})`);
  }
}

/** Variables whose value changes what later shells run or load. */
const LOADER_VARIABLES =
  /^(?:LD_\w+|DYLD_\w+|PROMPT_COMMAND|BASH_ENV|ENV|PS[0-4]|TRAP\w*|PERL5OPT|PYTHONSTARTUP|NODE_OPTIONS|GIT_\w*|SSH_ASKPASS|SUDO_ASKPASS)$/;
/** A plain assignment: `export NAME=value`, the value made of literal text and `$VAR` references only. */
const SETTING = /^\s*(?:export\s+)?([A-Za-z_]\w*)=("?)(?:[\w./:@%+,~-]|\$\{?[A-Za-z_]\w*\}?)*\2\s*$/;
/** Folders anyone can write to: a PATH entry there lets anyone plant commands. */
const SHARED_FOLDER = /(?:^|[:="])\/(?:tmp|var\/tmp|dev\/shm)(?:\/|:|"|$)/;

/** `alias name='body'` on its own line. */
const ALIAS_LINE = /^\s*alias\s+([\w.-]+)=(?:'([^']*)'|"([^"$`\\]*)"|([^\s'"$`;|&<>()]+))\s*$/;
/** Names of commands people type: an alias taking one of them changes what they run (autostart-content.ts's hijacks). */
const TYPED_COMMANDS =
  /^(?:sudo|su|ssh|scp|passwd|login|git|ls|cd|cat|rm|cp|mv|curl|wget|python3?|pip3?|npm|node|docker|kubectl|echo|exit|clear|vi|vim|nano|less|grep|make)$/;

/** The bodies of the aliases a text written to a start-up file defines, when it defines only new names (at most 8), or undefined. */
function newAliases(content: string): string[] | undefined {
  const lines = content.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  if (lines.length === 0 || lines.length > 8) return undefined;
  const bodies: string[] = [];
  for (const line of lines) {
    const match = ALIAS_LINE.exec(line);
    if (match === null || TYPED_COMMANDS.test(match[1])) return undefined;
    bodies.push(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return bodies;
}

/** Whether text written to a start-up file only sets ordinary variables (nothing runs, nothing is loaded). */
export function onlySetsVariables(content: string): boolean {
  const lines = content.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  if (lines.length === 0 || lines.length > 16) return false;
  return lines.every((line) => {
    const match = SETTING.exec(line);
    return match !== null && !LOADER_VARIABLES.test(match[1]) && !SHARED_FOLDER.test(line);
  });
}
