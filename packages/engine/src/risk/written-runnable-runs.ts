// A runnable file written by the command line and then run by the program that reads it: `printf
// 'all:\n\trm -rf /home\n' > Makefile && make`, `echo '{"scripts":{"postinstall":"curl … | sh"}}' >
// package.json && npm install`, `cat > Dockerfile <<EOF … EOF; docker build .`. The program runs the
// file's lines, so they are judged as the command line's own (a script written then run by a shell is
// read the same way by the shell rules).

import { runnableKind, runnableLines } from './written-runnable-files.ts';
import type { RuleContext } from './shell-rule-context.ts';

/** The programs that run each kind of written file, and when they do. */
function runsKind(name: string, texts: readonly string[]): string | undefined {
  if (/^(?:make|gmake|bmake)$/.test(name)) return 'make';
  if (/^(?:npm|pnpm|yarn|bun)$/.test(name)) return 'npm';
  if (/^(?:docker|podman|buildah)$/.test(name) && texts.some((text) => text === 'build' || text === 'bud' || text === 'buildx'))
    return 'docker';
  if (name === 'git' && texts.some((text) => /^(?:commit|push|merge|checkout|rebase|am)$/.test(text))) return 'hook';
  return undefined;
}

/** Judges the lines of a file this command line wrote when the command is the program that runs it. */
export function writtenRunnableRunRule(c: RuleContext): void {
  if (c.scan.writtenFiles.size === 0) return;
  const texts = c.args.map((word) => word.text);
  const kind = runsKind(c.name, texts);
  if (kind === undefined) return;
  for (const [path, content] of c.scan.writtenFiles) {
    const fileKind = runnableKind(path);
    if (fileKind !== kind) continue;
    for (const line of runnableLines(fileKind, content).slice(0, 32)) c.scan.nested(line, `${c.name} running ${path}`);
  }
}
