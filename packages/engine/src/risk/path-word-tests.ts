// Tests of a tool path's words against a vocabulary, answered once per distinct path: the same few
// tool paths come back on every decision, and splitting a path into words costs more than a lookup.

import { splitWords } from './tool-name.ts';

const MAX_PATHS = 1024;

/** A function telling whether a tool path holds one of `words`, cached per path. */
export function pathWordTest(words: ReadonlySet<string>): (toolPath: string) => boolean {
  const known = new Map<string, boolean>();
  return (toolPath: string): boolean => {
    let answer = known.get(toolPath);
    if (answer === undefined) {
      answer = splitWords(toolPath).some((word) => words.has(word));
      if (known.size >= MAX_PATHS) known.clear();
      known.set(toolPath, answer);
    }
    return answer;
  };
}
