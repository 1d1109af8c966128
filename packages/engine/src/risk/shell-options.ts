// Command-line options as a command reads them: combined short flags (`-rf` is `-r -f`), long
// flags with or without `=value`, options that take a value (`-u root`, `-uroot`), and `--`.
// Flag order never matters to the rules, so `-fr`, `-r -f` and `--force --recursive` read alike.

import type { Word } from './shell-words.ts';

/** The options and operands of one command line. */
export interface ParsedOptions {
  /** Short flags, without the dash (`r`, `f`). */
  short: Set<string>;
  /** Long flags, with their dashes and without a value (`--recursive`). */
  long: Set<string>;
  /** Values of options, keyed by `-x` or `--name`. */
  values: Map<string, Word[]>;
  /** Arguments that are not options, in order. */
  operands: Word[];
}

const NONE: ReadonlySet<string> = new Set();

function withText(word: Word, text: string): Word {
  return { ...word, text };
}

/**
 * Parses `args` (the arguments after the command name). `valueOptions` lists the options that
 * take a value, as `-u` or `--user`. With `stopAtOperand`, everything from the first operand on is
 * an operand (the rule of wrappers such as `sudo` and `env`, whose operand starts a command).
 */
export function parseOptions(args: Word[], valueOptions: ReadonlySet<string> = NONE, stopAtOperand = false): ParsedOptions {
  const parsed: ParsedOptions = { short: new Set(), long: new Set(), values: new Map(), operands: [] };
  const addValue = (key: string, value: Word): void => {
    const list = parsed.values.get(key);
    if (list) list.push(value);
    else parsed.values.set(key, [value]);
  };
  let onlyOperands = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const text = arg.text;
    if (onlyOperands || text.length < 2 || text[0] !== '-') {
      parsed.operands.push(arg);
      if (stopAtOperand) onlyOperands = true;
      continue;
    }
    if (text === '--') {
      onlyOperands = true;
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const key = eq < 0 ? text : text.slice(0, eq);
      parsed.long.add(key);
      if (eq >= 0) addValue(key, withText(arg, text.slice(eq + 1)));
      else if (valueOptions.has(key) && i + 1 < args.length) addValue(key, args[++i]);
      continue;
    }
    for (let j = 1; j < text.length; j++) {
      const flag = text[j];
      parsed.short.add(flag);
      if (valueOptions.has(`-${flag}`)) {
        if (j + 1 < text.length) addValue(`-${flag}`, withText(arg, text.slice(j + 1)));
        else if (i + 1 < args.length) addValue(`-${flag}`, args[++i]);
        break;
      }
    }
  }
  return parsed;
}

/** Whether any of the flags is set (`r` for `-r`, `--recursive` for the long form). */
export function hasFlag(parsed: ParsedOptions, ...flags: string[]): boolean {
  return flags.some((flag) => (flag.startsWith('--') ? parsed.long.has(flag) : parsed.short.has(flag)));
}

/** All values given to any of the options. */
export function optionValues(parsed: ParsedOptions, ...keys: string[]): Word[] {
  const out: Word[] = [];
  for (const key of keys) {
    const list = parsed.values.get(key);
    if (list) out.push(...list);
  }
  return out;
}
