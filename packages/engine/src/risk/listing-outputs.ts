// What a listing prints, for the command it is piped into: `find /home -mindepth 1 -maxdepth 1 |
// xargs rm -rf`, `ls -d /etc/* | xargs rm -rf`, `cd / && ls | xargs rm -rf`. An unfiltered listing of a
// folder prints every entry of it, so `xargs` hands the next command the folder's whole content; it
// is read as the glob `folder/*` (which the delete rules read as the folder). A filtered listing
// (`-name '*.log'`, `-mtime +30`, `ls *.tmp`) names only some entries and prints nothing known.

import { normalizePath } from './paths.ts';

/** find predicates that narrow what is listed. */
const FILTERS =
  /^-(?:i?name|i?path|i?regex|wholename|iwholename|mtime|mmin|atime|amin|ctime|cmin|newer\w*|size|user|group|uid|gid|empty|perm|links|inum|samefile|lname|ilname|not|prune)$|^!$/;

/** The entries a listing prints, as globs of their folders (one a line), or undefined when it is filtered or unknown. */
export function listingOutput(name: string, texts: readonly string[], cwd: string | undefined): string | undefined {
  if (name === 'find') {
    const first = texts.findIndex((text) => text.startsWith('-') || text === '(' || text === '!');
    const roots = first < 0 ? texts : texts.slice(0, first);
    if (
      roots.length === 0 ||
      texts.some((text) => FILTERS.test(text)) ||
      texts.some((text) => /^-(?:exec|execdir|ok|okdir|delete|fprint\w*)$/.test(text))
    )
      return undefined;
    return globsOf(roots, cwd);
  }
  if (name === 'ls') {
    const options = texts.filter((text) => text.startsWith('-'));
    const operands = texts.filter((text) => !text.startsWith('-'));
    // Without -d, `ls dir` prints bare names relative to dir: known only for the working folder itself.
    if (operands.length === 0) return cwd === undefined ? undefined : globsOf([cwd], cwd);
    if (!options.some((option) => /^-[a-zA-Z]*d/.test(option) || option === '--directory')) return undefined;
    // `ls -d /etc/*` prints the glob's matches; `ls -d *.tmp` only some.
    if (!operands.every((text) => /(?:^|\/)\*$/.test(text))) return undefined;
    return globsOf(
      operands.map((text) => text.replace(/\/?\*$/, '') || '/'),
      cwd,
    );
  }
  return undefined;
}

function globsOf(folders: readonly string[], cwd: string | undefined): string | undefined {
  const out: string[] = [];
  for (const folder of folders) {
    if (folder.includes('$') || folder.includes('`')) return undefined;
    const absolute = folder.startsWith('/') || folder.startsWith('~') ? folder : cwd === undefined ? undefined : `${cwd}/${folder}`;
    if (absolute === undefined) return undefined;
    const path = normalizePath(absolute);
    out.push(path === '/' ? '/*' : `${path}/*`);
  }
  return out.join('\n');
}
