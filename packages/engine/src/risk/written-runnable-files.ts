// Files whose content something else runs later without asking: a CI workflow or pipeline (the next
// push runs it, on a self-hosted runner with the deploy credentials), a Jenkinsfile, a Makefile
// target, the scripts of a package.json (`preinstall` runs at every install), a git hook, a
// Dockerfile's RUN lines. Writing one is running its commands one step removed, so the commands
// are taken out of the file's own syntax and judged by the shell rules. Which file it is comes from
// its path (`.github/workflows/x.yml`, `Makefile`, `.git/hooks/pre-commit`) or from the key that
// holds it (`dockerfile`). Only lines that run are taken: a workflow's `name:` or a Makefile's
// variables are not. Terraform files too: a `local-exec` or `remote-exec` provisioner runs its
// `command` or `inline` lines at the next apply.

import { payloadObjects } from './payload-objects.ts';

type Kind = 'ci' | 'jenkins' | 'make' | 'npm' | 'hook' | 'docker' | 'terraform';

const PATH_KEYS = ['path', 'file_path', 'filepath', 'filename', 'file', 'name', 'target', 'dest', 'destination'];
const PATH_KEY_SET = new Set(PATH_KEYS);
const CONTENT_KEYS = ['content', 'contents', 'body', 'text', 'data', 'file_text', 'source', 'new_content', 'yaml', 'value'];

/** The kind of runnable file a path names, or undefined. */
export function runnableKind(path: string): Kind | undefined {
  const p = path.trim().replace(/\\/g, '/');
  if (p.length > 512) return undefined;
  if (
    /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)\.circleci\/config\.ya?ml$|(?:^|\/)(?:azure-pipelines|bitbucket-pipelines|\.travis|\.drone|cloudbuild|buildspec|\.buildkite\/pipeline)\.ya?ml$|(?:^|\/)\.gitlab\/ci\/[^/]+\.ya?ml$/i.test(
      p,
    )
  )
    return 'ci';
  if (/(?:^|\/)Jenkinsfile(?:\.\w+)?$/.test(p)) return 'jenkins';
  if (/(?:^|\/)(?:GNUmakefile|[Mm]akefile|[\w.-]+\.mk)$/.test(p)) return 'make';
  if (/(?:^|\/)package\.json$/.test(p)) return 'npm';
  if (/(?:^|\/)(?:\.git\/hooks|\.husky)\/[\w-]+$/.test(p) && !p.endsWith('.sample')) return 'hook';
  if (/(?:^|\/)(?:[\w.-]+\.)?Dockerfile(?:\.[\w-]+)?$|(?:^|\/)Containerfile$/i.test(p)) return 'docker';
  if (/\.tf$/.test(p)) return 'terraform';
  return undefined;
}

/** The command lines of a CI definition: `run:`, `script:`, `command:` values, their `|` blocks and list items. */
function ciLines(text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && out.length < 64; i++) {
    const match =
      /^(\s*)(?:-\s+)?(?:run|script|scripts|command|commands|sh|bash|pwsh|powershell|cmd|before_script|after_script|install|build|test|deploy)\s*:\s*(.*)$/.exec(
        lines[i],
      );
    if (match === null) continue;
    const indent = match[1].length;
    const value = match[2].trim();
    if (value !== '' && !/^[|>][+-]?$/.test(value)) {
      // `- script: az group delete …` or `run: npm test`; an inline list `[a, b]` is split.
      const inline = /^\[(.*)\]$/.exec(value);
      for (const item of inline === null ? [value] : inline[1].split(',')) out.push(unquote(item.trim()));
      continue;
    }
    // A block (`run: |`), skipped over once read, or a list (`script:` then `- …`), whose items are read
    // where they stand too (a job named `build:` holds `- run: …` steps). At most 200 lines ahead.
    const block = /^[|>]/.test(value);
    const taken: string[] = [];
    let end = i;
    for (let j = i + 1; j < lines.length && j <= i + 200; j++) {
      const line = lines[j];
      if (line.trim() === '') continue;
      if (line.length - line.trimStart().length <= indent) break;
      taken.push(line.trim());
      end = j;
    }
    if (block) {
      out.push(taken.join('\n'));
      i = end;
    } else for (const item of taken) if (/^- (?![\w.-]+:(?:\s|$))/.test(item)) out.push(unquote(item.slice(2).trim()));
  }
  return out;
}

function unquote(text: string): string {
  return /^(['"])([\s\S]*)\1$/.exec(text)?.[2] ?? text;
}

/** `sh 'kubectl delete …'`, `sh """…"""`, `bat '…'`, `powershell '…'` steps of a Jenkinsfile. */
function jenkinsLines(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/\b(?:sh|bat|powershell|pwsh)\s*\(?\s*(?:script\s*:\s*)?('''|"""|'|")([\s\S]{1,4000}?)\1/g))
    out.push(match[2]);
  return out;
}

/** A Makefile's recipe lines (after a tab), with make's `$(VAR)` read as the shell's `$VAR`. */
function makeLines(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/^\t[@+-]*(.+)$/gm)) out.push(match[1].replace(/\$\((\w+)\)/g, '$$$1').replace(/\$\$/g, '$'));
  return out;
}

/** The scripts of a package.json. */
function npmLines(text: string): string[] {
  try {
    const scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
    if (scripts === null || typeof scripts !== 'object') return [];
    return Object.values(scripts as Record<string, unknown>).filter((value): value is string => typeof value === 'string');
  } catch {
    return [];
  }
}

/** A Dockerfile's RUN lines (continuations joined; the exec form `RUN ["sh", "-c", "…"]` read as its words). */
function dockerLines(text: string): string[] {
  const out: string[] = [];
  const joined = text.replace(/\\\r?\n/g, ' ');
  for (const match of joined.matchAll(/^\s*RUN\s+(?:--[\w-]+=\S+\s+)*(.+)$/gim)) {
    const body = match[1].trim();
    if (body.startsWith('[')) {
      try {
        const words = JSON.parse(body) as unknown;
        if (Array.isArray(words)) {
          out.push(words.map(String).join(' '));
          const dash = words.indexOf('-c');
          if (dash >= 0 && typeof words[dash + 1] === 'string') out.push(words[dash + 1] as string);
          continue;
        }
      } catch {
        // Not JSON: read as written.
      }
    }
    out.push(body);
  }
  return out;
}

/** The command lines of Terraform provisioners: `command = "…"` and the strings of `inline = [...]`, only in a file that has a `-exec` provisioner. */
function terraformLines(text: string): string[] {
  if (!/provisioner\s+"(?:local|remote)-exec"/.test(text)) return [];
  const out: string[] = [];
  for (const match of text.matchAll(/^\s*command\s*=\s*"((?:[^"\\\n]|\\.){1,4000})"/gm)) out.push(match[1].replace(/\\(["\\])/g, '$1'));
  for (const match of text.matchAll(/^\s*inline\s*=\s*\[([^\]]{1,8000})\]/gm))
    for (const item of match[1].matchAll(/"((?:[^"\\\n]|\\.){1,4000})"/g)) out.push(item[1].replace(/\\(["\\])/g, '$1'));
  return out.slice(0, 32);
}

/** The command lines a runnable file of this kind will run. */
export function runnableLines(kind: Kind, text: string): string[] {
  if (text.length > 65536) return [];
  switch (kind) {
    case 'ci':
      return ciLines(text);
    case 'jenkins':
      return jenkinsLines(text);
    case 'make':
      return makeLines(text);
    case 'npm':
      return npmLines(text);
    case 'hook':
      return [text];
    case 'docker':
      return dockerLines(text);
    case 'terraform':
      return terraformLines(text);
  }
}

/** Cheap gate: the call names a runnable file or hands a Dockerfile (normalised keys, short path-shaped strings). */
export function writesRunnableFile(fields: { keys: ReadonlySet<string>; strings: ReadonlyArray<{ key: string; text: string }> }): boolean {
  if (fields.keys.has('dockerfile') || fields.keys.has('containerfile')) return true;
  return fields.strings.some((field) => field.text.length <= 512 && PATH_KEY_SET.has(field.key) && runnableKind(field.text) !== undefined);
}

/** What the runnable files a call writes will run: `{kind, path, lines}` for each, at most 8 files. */
export function writtenRunnables(payload: unknown): Array<{ what: string; lines: string[] }> {
  const out: Array<{ what: string; lines: string[] }> = [];
  for (const object of payloadObjects(payload)) {
    if (out.length >= 8) break;
    // `{dockerfile: "FROM …\nRUN …"}` (a build tool given the file itself).
    for (const key of ['dockerfile', 'Dockerfile', 'containerfile']) {
      const text = object[key];
      if (typeof text === 'string' && /^\s*RUN\s/im.test(text)) out.push({ what: 'a Dockerfile', lines: dockerLines(text) });
    }
    const pathKey = PATH_KEYS.find((key) => typeof object[key] === 'string' && runnableKind(object[key] as string) !== undefined);
    if (pathKey === undefined) continue;
    const contentKey = CONTENT_KEYS.find((key) => typeof object[key] === 'string');
    if (contentKey === undefined) continue;
    const path = object[pathKey] as string;
    const kind = runnableKind(path) as Kind;
    const lines = runnableLines(kind, object[contentKey] as string);
    if (lines.length > 0) out.push({ what: `\`${path.slice(0, 80)}\``, lines: lines.slice(0, 32) });
  }
  return out;
}
