// Commands that run another command: `sudo`, `doas`, `env`, `nohup`, `timeout 5`, `nice -n 10`,
// `xargs`, `busybox`, `command`, `exec`, `time`, `stdbuf`, `setsid`, `chroot`, … Unwrapping
// them finds the command that really runs, so `sudo -u root env X=1 nohup /bin/rm -rf /` is read
// as `rm -rf /`. Wrappers that take a command *string* (`watch`, `su -c`, `env -S`, `ssh host
// cmd`) hand it back to be parsed as shell.

import { parseOptions } from './shell-options.ts';
import type { Word } from './shell-words.ts';

/** A command name as the rules compare it: no folder, lower case, no `.exe`. */
export function commandName(text: string): string {
  const slash = text.lastIndexOf('/');
  const base = slash < 0 ? text : text.slice(slash + 1);
  return base.toLowerCase().replace(/\.exe$/, '');
}

/** The result of unwrapping a command line. */
export interface Unwrapped {
  /** The command that runs and its arguments (empty when the wrapper runs nothing). */
  argv: Word[];
  /** The wrappers that were removed, outermost first. */
  wrappers: string[];
  /** `command -v x`, `type x`: only looks the command up. */
  lookupOnly: boolean;
  /** Arguments are appended from standard input (`xargs`). */
  argsFromInput: boolean;
  /** A command string the wrapper runs through a shell (`watch "…"`, `su -c "…"`, `env -S "…"`). */
  shellString?: string;
  /** The wrapper runs a remote command (`ssh host cmd`). */
  remote: boolean;
  /** A root shell opened with no command (`sudo -i`, `sudo su`, `su -`). */
  rootShell: boolean;
}

const set = (...items: string[]): ReadonlySet<string> => new Set(items);

/** Options of GNU parallel that take a value (`-j 4`, `-S host`). */
const PARALLEL_VALUE_OPTIONS = set(
  '-j',
  '--jobs',
  '-S',
  '--sshlogin',
  '-N',
  '-n',
  '--max-args',
  '-I',
  '--delay',
  '--timeout',
  '--joblog',
  '--results',
  '-a',
  '--arg-file',
  '-d',
  '--delimiter',
);

/** Options that take a value, per wrapper (everything else is a flag). */
const WRAPPER_VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  sudo: set(
    '-u',
    '-g',
    '-h',
    '-p',
    '-r',
    '-t',
    '-C',
    '-D',
    '-U',
    '-T',
    '-R',
    '--user',
    '--group',
    '--host',
    '--prompt',
    '--role',
    '--type',
    '--close-from',
    '--chdir',
    '--other-user',
    '--command-timeout',
  ),
  doas: set('-u', '-C'),
  env: set('-u', '-C', '-S', '--unset', '--chdir', '--split-string'),
  nohup: set(),
  setsid: set(),
  timeout: set('-s', '-k', '--signal', '--kill-after'),
  nice: set('-n', '--adjustment'),
  ionice: set('-c', '-n', '-p', '-P', '-u', '--class', '--classdata', '--pid'),
  stdbuf: set('-i', '-o', '-e', '--input', '--output', '--error'),
  time: set('-f', '-o', '--format', '--output'),
  xargs: set(
    '-I',
    '-n',
    '-P',
    '-L',
    '-d',
    '-E',
    '-s',
    '-a',
    '--arg-file',
    '--delimiter',
    '--max-args',
    '--max-procs',
    '--max-lines',
    '--replace',
    '--eof',
    '--max-chars',
    '--process-slot-var',
  ),
  command: set(),
  builtin: set(),
  exec: set('-a'),
  chroot: set('--userspec', '--groups'),
  unbuffer: set(),
  proxychains: set('-f'),
  proxychains4: set('-f'),
  torsocks: set('-u', '-p', '-a', '-P'),
  flock: set('-w', '-E', '-c', '--timeout', '--conflict-exit-code', '--command'),
  watch: set('-n', '-d', '--interval', '--differences'),
  su: set('-c', '-s', '-g', '-G', '--command', '--shell', '--group', '--supp-group', '-w', '--whitelist-environment'),
  runuser: set('-u', '-c', '-s', '-g', '-G', '--user', '--command', '--shell', '--group'),
  script: set('-c', '-E', '-o', '-T', '--command', '--timing', '--log-out', '--log-in'),
  ssh: set('-b', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w', '-B'),
  nsenter: set('-t', '-S', '-G', '--target', '--setuid', '--setgid'),
  strace: set('-o', '-e', '-p', '-s', '-u', '-E', '-a', '-b', '-I', '-O', '-S', '-X', '-P'),
  ltrace: set('-o', '-e', '-p', '-s', '-u', '-a', '-n', '-F', '-l', '-L'),
  caffeinate: set('-t', '-w'),
  firejail: set(),
  catchsegv: set(),
  sg: set(),
  // `wsl -e sh -c '…'`, `wsl -- rm …`, `wsl rm …`: the Linux side of Windows runs the rest.
  wsl: set('-d', '--distribution', '-u', '--user', '--cd'),
  // `systemd-run --on-calendar=hourly /bin/sh -c '…'`: a transient unit or timer runs the rest.
  'systemd-run': set(
    '-u',
    '--unit',
    '-p',
    '--property',
    '-E',
    '--setenv',
    '-M',
    '--machine',
    '-H',
    '--host',
    '--description',
    '--slice',
    '--uid',
    '--gid',
    '--nice',
    '--working-directory',
    '--on-active',
    '--on-boot',
    '--on-startup',
    '--on-unit-active',
    '--on-unit-inactive',
    '--on-calendar',
    '--timer-property',
    '--path-property',
    '--socket-property',
  ),
};

/** Wrappers whose first operand is not the command (a duration, a folder, a lock file, a host). */
const SKIP_FIRST_OPERAND = new Set(['timeout', 'chroot', 'flock', 'ssh', 'sg']);

/** Removes wrappers from the front of a command line (at most 8 levels). */
export function unwrapCommand(argv: Word[]): Unwrapped {
  const out: Unwrapped = { argv, wrappers: [], lookupOnly: false, argsFromInput: false, remote: false, rootShell: false };
  for (let level = 0; level < 8 && out.argv.length > 0; level++) {
    let args = out.argv;
    // Leading `VAR=value` words on a command line (as `env` takes them).
    if (out.wrappers.at(-1) === 'env' || level === 0) {
      let skip = 0;
      while (skip < args.length - 1 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[skip].text)) skip++;
      if (skip > 0) args = args.slice(skip);
    }
    const name = commandName(args[0].text);
    if (name === 'busybox' || name === 'toybox') {
      if (args.length > 1 && !args[1].text.startsWith('-')) {
        out.wrappers.push(name);
        out.argv = args.slice(1);
        continue;
      }
      out.argv = args;
      return out;
    }
    if (name === 'nohup' || name === 'setsid' || name === 'builtin' || name === 'unbuffer' || name === 'catchsegv' || name === 'firejail') {
      const parsed = parseOptions(args.slice(1), WRAPPER_VALUE_OPTIONS[name] ?? set(), true);
      out.wrappers.push(name);
      out.argv = parsed.operands;
      continue;
    }
    if (name === 'command' || name === 'type' || name === 'which' || name === 'hash') {
      const parsed = parseOptions(args.slice(1), set(), true);
      if (name !== 'command' || parsed.short.has('v') || parsed.short.has('V')) {
        out.lookupOnly = true;
        out.argv = args;
        return out;
      }
      out.wrappers.push(name);
      out.argv = parsed.operands;
      continue;
    }
    if (name === 'watch') {
      const parsed = parseOptions(args.slice(1), WRAPPER_VALUE_OPTIONS.watch, true);
      out.wrappers.push(name);
      out.shellString = parsed.operands.map((word) => word.text).join(' ');
      out.argv = [];
      return out;
    }
    if (name === 'su' || name === 'runuser' || name === 'script' || name === 'flock') {
      const parsed = parseOptions(args.slice(1), WRAPPER_VALUE_OPTIONS[name], name !== 'su');
      const command = parsed.values.get('-c') ?? parsed.values.get('--command');
      out.wrappers.push(name);
      if (command && command.length > 0) {
        out.shellString = command.map((word) => word.text).join(' ');
        out.argv = [];
        return out;
      }
      if (name === 'flock' && parsed.operands.length > 1) {
        out.argv = parsed.operands.slice(1);
        continue;
      }
      if (name === 'su' || name === 'runuser') out.rootShell = true;
      out.argv = [];
      return out;
    }
    // `parallel rm -rf ::: /etc /usr`: GNU parallel runs the command once per input after `:::`, in place of `{}` or appended.
    if (name === 'parallel' && args.some((word) => word.text === ':::')) {
      const marker = args.findIndex((word) => word.text === ':::');
      let start = 1;
      while (start < marker && args[start].text.startsWith('-')) start += PARALLEL_VALUE_OPTIONS.has(args[start].text) ? 2 : 1;
      const command = args.slice(start, marker);
      const inputs = args.slice(marker + 1, marker + 65).filter((word) => !/^:::+$/.test(word.text));
      out.wrappers.push(name);
      const placed = command.some((word) => word.text.includes('{}'));
      out.argv = placed
        ? command.map((word) =>
            word.text.includes('{}') && inputs[0] !== undefined ? { ...word, text: word.text.replace('{}', inputs[0].text) } : word,
          )
        : [...command, ...inputs];
      if (out.argv.length === 0) return out;
      continue;
    }
    if (name === 'env') {
      const parsed = parseOptions(args.slice(1), WRAPPER_VALUE_OPTIONS.env, true);
      const split = parsed.values.get('-S') ?? parsed.values.get('--split-string');
      out.wrappers.push(name);
      let rest = parsed.operands;
      while (rest.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[0].text)) rest = rest.slice(1);
      if (split && split.length > 0) {
        out.shellString = [split[0].text, ...rest.map((word) => word.text)].join(' ');
        out.argv = [];
        return out;
      }
      out.argv = rest;
      continue;
    }
    if (name === 'ssh') {
      const parsed = parseOptions(args.slice(1), WRAPPER_VALUE_OPTIONS.ssh, true);
      out.wrappers.push(name);
      out.remote = true;
      if (parsed.operands.length > 1)
        out.shellString = parsed.operands
          .slice(1)
          .map((word) => word.text)
          .join(' ');
      out.argv = [];
      return out;
    }
    if (name === 'nice' && args.length > 1 && /^-\d+$/.test(args[1].text)) {
      out.wrappers.push(name);
      out.argv = args.slice(2);
      continue;
    }
    const valueOptions = WRAPPER_VALUE_OPTIONS[name];
    if (valueOptions === undefined || (name === 'time' && args.length === 1)) {
      out.argv = args;
      return out;
    }
    const parsed = parseOptions(args.slice(1), valueOptions, true);
    let rest = parsed.operands;
    if (SKIP_FIRST_OPERAND.has(name)) rest = rest.slice(1);
    if (name === 'xargs') {
      out.argsFromInput = true;
      if (rest.length === 0) rest = [{ ...args[0], text: 'echo' }];
    }
    if ((name === 'sudo' || name === 'doas') && rest.length === 0) {
      if (parsed.short.has('i') || parsed.short.has('s') || parsed.long.has('--login') || parsed.long.has('--shell')) out.rootShell = true;
    }
    if (
      (name === 'sudo' || name === 'doas') &&
      rest.length > 0 &&
      (commandName(rest[0].text) === 'su' || commandName(rest[0].text) === 'bash' || commandName(rest[0].text) === 'sh') &&
      rest.length === 1
    ) {
      out.rootShell = true;
    }
    out.wrappers.push(name);
    out.argv = rest;
  }
  return out;
}
