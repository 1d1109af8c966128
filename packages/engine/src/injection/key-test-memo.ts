// A test of an expression on object keys, remembered per key. A payload's keys are few and the same
// from call to call ("query", "filters", "request_id"), while the screen tests some of them against
// long expressions for every string under them (issue 15: control-block-settings.ts's authority
// expression, four runs per ~300 B decision payload). The expression must have no state (neither
// `g` nor `y`), so its answer is a function of the key alone; the memory is bounded, and forgotten
// whole when full.

const MAX_KEYS = 4096;

/** `expression.test`, answered from memory for a key seen before. */
export function memoisedKeyTest(expression: RegExp): (key: string) => boolean {
  if (expression.global || expression.sticky) throw new TypeError('memoisedKeyTest needs an expression without state');
  const known = new Map<string, boolean>();
  return (key) => {
    let answer = known.get(key);
    if (answer === undefined) {
      answer = expression.test(key);
      if (known.size >= MAX_KEYS) known.clear();
      known.set(key, answer);
    }
    return answer;
  };
}
