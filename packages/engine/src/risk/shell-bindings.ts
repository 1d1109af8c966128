// Values a script gives a name only for a while: a `for` loop's variable, one item at a time
// (`for d in /etc /usr; do rm -rf "$d"; done`), and a function's positional parameters, one call
// at a time (`zap() { rm -rf "$1"; }; zap /`). The walker reads the loop's body or the function's
// body again under those values, so the rules see `rm -rf /etc` and `rm -rf /` as they would written out.

/** Items of one loop read at most (a loop over many words is read with its first ones). */
export const MAX_LOOP_ITEMS = 8;
/** How deep calls of the script's own functions are followed (a function calling another). */
export const MAX_CALL_DEPTH = 2;

/** Runs `run` with the names bound to the values, then restores what they were. */
export function withBindings<T>(vars: Map<string, string>, bindings: ReadonlyArray<readonly [string, string]>, run: () => T): T {
  const saved = bindings.map(([name]) => [name, vars.get(name)] as const);
  for (const [name, value] of bindings) vars.set(name, value);
  try {
    return run();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) vars.delete(name);
      else vars.set(name, value);
    }
  }
}

/** A call's arguments as the positional parameters `$1`…`$9`, `$@`, `$*` and `$#`. */
export function positionalBindings(args: readonly string[]): Array<readonly [string, string]> {
  const bindings: Array<readonly [string, string]> = args.slice(0, 9).map((arg, index) => [String(index + 1), arg] as const);
  bindings.push(['@', args.join(' ')], ['*', args.join(' ')], ['#', String(args.length)]);
  return bindings;
}
