// A git tool asked to push (`/tools/git/push {remote, refspec}`, `/tools/vcs {action: "push"}`)
// does what `git push` does, so its fields are read as that command line and judged by the shell
// rules: a push to a remote written as a URL (not one the repository was set up with) sends the
// code there, `--mirror` and `--force` rewrite the remote.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { pathWordTest } from './path-word-tests.ts';
import { splitWords } from './tool-name.ts';

/** Whether a tool path names git (cached per path). */
const namesGit = pathWordTest(new Set(['git', 'vcs']));

const REMOTE_KEYS = ['remote', 'remote_url', 'remote_name', 'repository', 'repo_url', 'url', 'to', 'destination'];
const REF_KEYS = ['refspec', 'refspecs', 'branch', 'ref', 'refs', 'branches'];
/** Boolean fields that are push flags. */
const FLAG_KEYS: Record<string, string> = { force: '--force', mirror: '--mirror', all: '--all', tags: '--tags', delete: '--delete' };
const ACTION_KEYS = new Set(['action', 'command', 'subcommand', 'op', 'operation']);

/** The `git push …` line a git tool's call stands for (its path's words given), or undefined when it does not push. */
export function gitPushLine(pathWords: readonly string[], payload: unknown, fields: PayloadFields): string | undefined {
  const pushes =
    pathWords.includes('push') ||
    fields.strings.some((field) => !field.inArray && ACTION_KEYS.has(field.key) && field.text.trim().toLowerCase() === 'push');
  if (!pushes) return undefined;
  const value = (keys: readonly string[]): string[] =>
    keys.flatMap((key) => fields.strings.filter((field) => field.key === key && field.text.length < 512).map((field) => field.text.trim()));
  const words = ['git', 'push'];
  const top = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  for (const [key, flag] of Object.entries(FLAG_KEYS)) if (top[key] === true) words.push(flag);
  const refs = value(REF_KEYS);
  // Flags given as a refspec (`refspec: "--mirror"`) are flags.
  words.push(...refs.filter((ref) => ref.startsWith('--')));
  const remote = value(REMOTE_KEYS)[0];
  words.push(remote === undefined || remote === '' ? 'origin' : remote);
  words.push(...refs.filter((ref) => !ref.startsWith('--')));
  return words.map((word) => (/^[\w./:=,@%+~^-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** Judges a git tool's push by the shell rules for the same command line. */
export function assessGitPushTool(
  toolPath: string,
  payload: unknown,
  fields: PayloadFields,
  judge: (line: string) => { class: string; reasons: string[] },
  findings: Findings,
): void {
  if (!namesGit(toolPath)) return;
  const line = gitPushLine(splitWords(toolPath), payload, fields);
  if (line === undefined) return;
  const judged = judge(line);
  const why = judged.reasons.filter((reason) => reason.startsWith('shell: git push')).map((reason) => reason.slice(7));
  findings.add(
    judged.class === 'critical' ? 'critical' : 'high',
    `git tool: ${why.join('; ') || 'git push publishes commits'} (\`${line.slice(0, 120)}\`)`,
  );
}
