// Command words that hide which program runs: a brace list (`{rm,-rf,/}` is `rm -rf /`), a glob
// in the name (`/bin/r? -rf /` can only be `rm` among dangerous programs), an alias defined
// earlier in the script (`alias x=rm; x -rf /`), and a name computed at run time (`$c -rf /srv`,
// `"${a[@]}"`). The first three are resolved to the commands they can be and analysed as those;
// a computed name whose arguments are a recursive flag with a root-like target or a raw disk is
// critical, since the pieces are dangerous whatever the name turns out to be.

import { quote } from './findings.ts';
import { isBlockDevice, rootLikeTarget } from './paths.ts';
import type { ShellScan } from './shell-scan.ts';
import type { Word } from './shell-words.ts';

/** Programs a glob in a command name is tried against (the ones whose misuse is critical). */
const DANGEROUS_PROGRAMS = [
  'rm',
  'dd',
  'sh',
  'bash',
  'mkfs',
  'shred',
  'wipefs',
  'chmod',
  'chown',
  'curl',
  'wget',
  'nc',
  'ncat',
  'python',
  'python3',
  'perl',
  'crontab',
  'kill',
  'mv',
  // Readers: `/???/??t /???/s?ad?w` prints a secret as surely as `cat /etc/shadow`.
  'cat',
  'head',
  'tail',
  'base64',
  'xxd',
  'strings',
];
/** Secret files and system folders a glob in an argument is tried against (`/e?c/sh*ow`, `/???/s?ad?w`). */
const SENSITIVE_GLOB_TARGETS = [
  '/etc/shadow',
  '/etc/gshadow',
  '/etc/sudoers',
  '/etc/master.passwd',
  '/root/.ssh/id_rsa',
  '/root/.ssh/id_ed25519',
  '/root/.ssh/id_ecdsa',
  '/root/.ssh/authorized_keys',
  '/root/.aws/credentials',
  '/root/.kube/config',
  '/home/user/.ssh/id_rsa',
  '/home/user/.ssh/id_ed25519',
  '/home/user/.aws/credentials',
  '~/.ssh/id_rsa',
  '~/.ssh/id_ed25519',
  '~/.ssh/id_ecdsa',
  '~/.ssh/authorized_keys',
  '~/.aws/credentials',
  '~/.kube/config',
  '~/.netrc',
  '~/.git-credentials',
  '/proc/self/environ',
  '/var/run/secrets/kubernetes.io/serviceaccount/token',
  '/etc',
  '/boot',
  '/usr',
  '/var',
  '/home',
  '/root',
  '/bin',
  '/lib',
];
const MAX_ALIAS_DEPTH = 4;

function globRegex(glob: string): RegExp {
  let source = '';
  for (const char of glob) {
    // A glob never matches across a slash.
    if (char === '?') source += '[^/]';
    else if (char === '*') source += '[^/]*';
    else if (char === '[' || char === ']') source += char;
    else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The argument vectors the command really is, or undefined when its name is plain. */
export function resolveCommandForms(argv: Word[], scan: ShellScan): Word[][] | undefined {
  const head = argv[0];
  const rest = argv.slice(1);
  const text = head.text;
  const brace = /^\{([^{}\s]*,[^{}\s]*)\}$/.exec(text);
  if (brace && !head.dynamic) {
    const words = brace[1].split(',').filter((piece) => piece !== '');
    return [[...words.map((piece) => ({ ...head, text: piece })), ...rest]];
  }
  const slash = text.lastIndexOf('/');
  const base = slash < 0 ? text : text.slice(slash + 1);
  if (/[?*[]/.test(base) && !head.dynamic && base.length <= 32) {
    let pattern: RegExp;
    try {
      pattern = globRegex(base);
    } catch {
      return undefined;
    }
    const matches = DANGEROUS_PROGRAMS.filter((program) => pattern.test(program)).slice(0, 4);
    if (matches.length === 0) return undefined;
    scan.add('high', `shell: command name is a glob (${quote(text)}), read as ${matches.join(', ')}`);
    return matches.map((program) => [{ ...head, text: program }, ...rest]);
  }
  const alias = scan.aliases.get(base);
  if (alias !== undefined && scan.aliasDepth < MAX_ALIAS_DEPTH) {
    const words = alias.split(/\s+/).filter(Boolean);
    if (words[0] === base) return undefined;
    return [[...words.map((piece) => ({ ...head, text: piece })), ...rest]];
  }
  return undefined;
}

/** A command name computed at run time, given pieces that are critical for any deleting or writing program. */
export function computedCommandRule(head: Word, args: Word[], scan: ShellScan): void {
  if (!head.dynamic) return;
  const texts = args.map((word) => word.text);
  const recursive = texts.some((text) => /^-[a-zA-Z]*[rR][a-zA-Z]*$|^--recursive$/.test(text));
  const root = recursive ? texts.map((text) => rootLikeTarget(text)).find((target) => target !== undefined) : undefined;
  const device = texts.find((text) => text.startsWith('of=') && isBlockDevice(text.slice(3)));
  if (root !== undefined)
    scan.add('critical', `shell: command computed at run time (${quote(head.text)}) is given a recursive flag and ${quote(root)}`);
  else if (device !== undefined)
    scan.add('critical', `shell: command computed at run time (${quote(head.text)}) writes to device ${quote(device.slice(3))}`);
}

/**
 * The argument vector with its glob arguments read as the secret files or system folders they can
 * match (`cat /e?c/sh*ow` is `cat /etc/shadow`), or undefined when no glob reaches one. Globs that
 * end in a bare `*` (`~/.ssh/*`, `/tmp/*`) are left to the rules that judge them as written.
 */
export function resolveGlobArguments(argv: Word[]): Word[] | undefined {
  let resolved: Word[] | undefined;
  for (let index = 1; index < argv.length && index < 64; index++) {
    const word = argv[index];
    const text = word.text;
    if (word.dynamic || text.length > 128 || !/^[/~]/.test(text) || !/[?*[]/.test(text) || /\/\*$/.test(text)) continue;
    let pattern: RegExp;
    try {
      pattern = globRegex(text);
    } catch {
      continue;
    }
    const target = SENSITIVE_GLOB_TARGETS.find((candidate) => pattern.test(candidate));
    if (target === undefined) continue;
    resolved ??= [...argv];
    resolved[index] = { ...word, text: target };
  }
  return resolved;
}
