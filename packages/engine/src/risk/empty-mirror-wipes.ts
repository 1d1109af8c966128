// Mirroring an empty folder onto another deletes everything in the other: `mkdir C:\empty &&
// robocopy C:\empty C:\Data /MIR` (or `/PURGE`), `mkdir /tmp/e && rsync -a --delete /tmp/e/ /srv/`.
// The source is known to be empty when the same command line has just made it; a target that is
// itself a scratch folder (temp, cache, build output) is an ordinary clean-up.

import { type Findings, quote } from './findings.ts';

/** Folders whose contents are disposable. */
const SCRATCH = /(?:^|[\\/])(?:te?mp|cache|\.cache|build|dist|out|obj|bin|node_modules|artifacts|scratch)(?:[\\/]|$)|%TEMP%|\$env:TEMP/i;
const MAKERS = new Set(['mkdir', 'md', 'new-item']);
const unquote = (word: string): string => word.replace(/^["']|["']$/g, '');

const bare = (path: string): string => path.replace(/[\\/]+$/, '').toLowerCase();

/** Adds a critical finding when a command line mirrors an empty folder it made over a folder that is not scratch. */
export function assessEmptyMirror(text: string, findings: Findings): void {
  const target = emptyMirrorWipe(text);
  if (target !== undefined) findings.add('critical', `shell: mirrors an empty folder over ${quote(target)} (deletes everything in it)`);
}

/** The target an empty folder made in the same line is mirrored onto, or undefined (statements read word by word). */
export function emptyMirrorWipe(text: string): string | undefined {
  if (text.length > 65536 || !/robocopy|rsync/i.test(text) || !/\b(?:mkdir|md|New-Item)\b/i.test(text)) return undefined;
  const made = new Set<string>();
  for (const statement of text.split(/[\n&;|]+/)) {
    const words = statement.trim().split(/\s+/).map(unquote);
    const program = (words[0] ?? '').toLowerCase().replace(/\.exe$/, '');
    if (MAKERS.has(program)) {
      for (const word of words.slice(1)) if (!word.startsWith('-') && !/^(?:Directory|File)$/i.test(word)) made.add(bare(word));
      continue;
    }
    if (program === 'robocopy' && words.some((word) => /^\/(?:MIR|PURGE)$/i.test(word))) {
      const [source, target] = words.slice(1).filter((word) => !/^\/[A-Za-z]+(?::\S*)?$/.test(word));
      if (source !== undefined && target !== undefined && made.has(bare(source)) && !SCRATCH.test(target)) return target;
    }
    if (program === 'rsync' && words.some((word) => /^--delete(?:-\w+)?$/.test(word))) {
      const paths = words.slice(1).filter((word) => !word.startsWith('-'));
      const [source, target] = paths.slice(-2);
      if (paths.length >= 2 && made.has(bare(source)) && !SCRATCH.test(target)) return target;
    }
  }
  return undefined;
}
