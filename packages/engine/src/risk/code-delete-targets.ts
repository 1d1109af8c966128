// Recursive deletes in code whose target is computed, not written: every entry of the root or of
// the home folder (`for d in os.listdir('/'): shutil.rmtree(os.path.join('/', d))`,
// `for (const d of fs.readdirSync('/')) fs.rmSync('/' + d, {recursive: true})`, a loop over
// `['/etc', '/usr', …]`), the home folder as the language names it (`Path.home()`,
// `os.homedir()`, Go's `os.UserHomeDir()`, `System.getProperty("user.home")`), and a root wrapped
// in a path object (`FileUtils.deleteDirectory(new File("/"))`) or given to a deleter script-code.ts
// does not list (`remove_dir_all("/")`, `rimraf.sync('/*')`). It follows loop variables and names bound to the home folder one step.
// Loops over a project's folders, and the home folder's sub-folders (`~/.cache/pip`), match nothing.

import { protectedDeleteTarget, rootLikeTarget } from './paths.ts';

/** Recursive delete calls; the `rm` family only with a recursive option in its arguments. */
const DELETE_CALL =
  /\b(?:shutil\.rmtree|rmtree|rmSync|rm|rmdirSync|rmdir|RemoveAll|remove_dir_all|rm_rf|rm_r|remove_entry_secure|deleteDirectory|forceDelete|deleteRecursively|rimraf(?:['"`]\s*\))?(?:\.sync)?|rimrafSync|Directory\.Delete)\s*\(/g;
const NEEDS_RECURSIVE = /^(?:rm|rmSync|rmdir|rmdirSync)$/;
/** The home folder, as code names it. */
const HOME =
  /os\.path\.expanduser\(\s*['"]~\/?['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|\bos\.homedir\(\)|\bos\.UserHomeDir\(\)|os\.(?:getenv|environ\.get)\(\s*['"](?:HOME|USERPROFILE)['"]\s*\)|os\.environ\[\s*['"](?:HOME|USERPROFILE)['"]\s*\]|process\.env\.(?:HOME|USERPROFILE)\b|process\.env\[\s*['"](?:HOME|USERPROFILE)['"]\s*\]|ENV\[\s*['"]HOME['"]\s*\]|\bDir\.home\b|dirs::home_dir\(\)|System\.getProperty\(\s*"user\.home"\s*\)|Environment\.SpecialFolder\.UserProfile|\$env:USERPROFILE|\bHOME_DIR\b/;
/** Calls that list a folder (the root or home when their argument is). */
const LISTING =
  /\b(?:listdir|scandir|iterdir|glob|iglob|readdirSync|readdir|ReadDir|read_dir|children|entries|each_child|listFiles|walk|Get-ChildItem)\b/;
const QUOTED = /['"`]([^'"`\n]{1,200})['"`]/g;

/** The first argument of a call whose `(` ends at `open` (balanced parentheses, one statement at most). */
function firstArgument(text: string, open: number): { first: string; all: string } {
  let depth = 0;
  let first: string | undefined;
  for (let i = open; i < Math.min(text.length, open + 600); i++) {
    const char = text[i];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) return { first: (first ?? text.slice(open, i)).trim(), all: text.slice(open, i) };
      depth--;
    } else if (char === ',' && depth === 0 && first === undefined) first = text.slice(open, i);
    else if (char === '\n' && depth === 0) break;
  }
  const all = text.slice(open, Math.min(text.length, open + 600)).split('\n')[0];
  return { first: (first ?? all).trim(), all };
}

/** Whether an expression names the root, the home folder or system folders (`'/'`, `Path('/')`, `['/etc', '/usr']`, `Path.home()`). */
function namesTopFolder(expression: string): string | undefined {
  if (HOME.test(expression)) return 'the home folder';
  for (const match of expression.matchAll(QUOTED)) {
    const literal = match[1].trim();
    if (!literal.startsWith('/') && !literal.startsWith('~') && !/^[A-Za-z]:[\\/]?\*?$/.test(literal)) continue;
    const root = rootLikeTarget(literal);
    if (root !== undefined) return `folder ${root}`;
    if (/^[A-Za-z]:[\\/]?\*?$/.test(literal)) return `drive ${literal}`;
    if (protectedDeleteTarget(literal) !== undefined && literal.split('/').length <= 3) return `system folder ${literal}`;
  }
  return undefined;
}

function mentions(text: string, name: string): boolean {
  return new RegExp(`(?:^|[^\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text);
}

/** Recursive deletes of computed top-level targets in code: what is deleted and why. */
export function computedDeleteTargets(code: string): { path: string; why: string }[] {
  if (code.length > 65536) return [];
  DELETE_CALL.lastIndex = 0;
  if (!DELETE_CALL.test(code)) return [];
  // Names bound to the home folder or to a listing of a top folder (`home, _ := os.UserHomeDir()`, `entries = os.listdir('/')`).
  const bound = new Map<string, string>();
  for (const match of code.matchAll(
    /^[ \t]*(?:(?:const|let|var|my|final|String|File|Path)\s+)?([\w$]+)(?:\s*,\s*[\w$]+)?\s*(?::=|=(?!=))\s*([^\n;]{1,300})/gm,
  )) {
    const top = namesTopFolder(match[2]);
    if (
      top !== undefined &&
      (HOME.test(match[2])
        ? !/['"`][^'"`]*\w[^'"`]*['"`]/.test(match[2].replace(HOME, ''))
        : LISTING.test(match[2]) || /^\s*[[(]/.test(match[2]))
    )
      bound.set(match[1], top);
  }
  // Loop variables over a top folder's entries or a list of top folders.
  const loops: Array<[string, string]> = [];
  const headers = [
    /\bfor\s+([\w$]+)\s+in\s+([^\n:]{1,300}):/g,
    /\bfor\s*\(\s*(?:const|let|var|final\s+\w+|\w+)?\s*([\w$]+)\s+(?:of|in|:)\s+([^\n]{1,300})/g,
    /\bfor\s+[\w$]+\s*,\s*([\w$]+)\s*:=\s*range\s+([^\n{]{1,300})/g,
    /([^\n]{1,300})\.(?:forEach|each|each_child|map)\s*\(?\s*(?:do\s*)?\|?\(?\s*(?:async\s*)?\(?\s*([\w$]+)/g,
  ];
  for (const [index, header] of headers.entries()) {
    for (const match of code.matchAll(header)) {
      const [name, iterable] = index === 3 ? [match[2], match[1]] : [match[1], match[2]];
      const direct = LISTING.test(iterable) || /^\s*[[(]/.test(iterable) ? namesTopFolder(iterable) : undefined;
      const via = [...bound].find(([bname]) => mentions(iterable, bname))?.[1];
      const top = direct ?? via;
      if (top !== undefined) loops.push([name, `every entry of ${top}`]);
    }
  }
  const out: { path: string; why: string }[] = [];
  DELETE_CALL.lastIndex = 0;
  for (const match of code.matchAll(DELETE_CALL)) {
    if (out.length >= 4) break;
    const callee = match[0].replace(/\s*\($/, '');
    const { first, all } = firstArgument(code, (match.index ?? 0) + match[0].length);
    if (NEEDS_RECURSIVE.test(callee) && !/recursive|\btrue\b/i.test(all)) continue;
    const loop = loops.find(([name]) => mentions(first, name));
    if (loop !== undefined) {
      out.push({ path: first.slice(0, 80), why: loop[1] });
      continue;
    }
    // The argument is the home folder, a name bound to it, or a root in a path object.
    const unwrapped = first
      .replace(/^(?:new\s+File|File|(?:pathlib\.)?Path|Paths\.get|str|String|filepath\.Clean)\s*\(\s*([\s\S]*)\)$/, '$1')
      .trim();
    const boundHome = bound.get(unwrapped);
    if (HOME.test(unwrapped) && unwrapped.replace(HOME, '').trim() === '') out.push({ path: unwrapped, why: 'the home folder' });
    else if (boundHome === 'the home folder') out.push({ path: unwrapped, why: boundHome });
    else if (/^['"`][^'"`]*['"`]$/.test(unwrapped)) {
      const root = rootLikeTarget(unwrapped.slice(1, -1));
      if (root !== undefined) out.push({ path: unwrapped, why: `folder ${root}` });
    }
  }
  return out;
}
