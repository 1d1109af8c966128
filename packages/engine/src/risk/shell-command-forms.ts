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
];
const MAX_ALIAS_DEPTH = 4;

function globRegex(glob: string): RegExp {
  let source = '';
  for (const char of glob) {
    if (char === '?') source += '.';
    else if (char === '*') source += '.*';
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
