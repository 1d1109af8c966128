// A committed version of packages/engine, extracted with `git archive` into a temporary directory
// that borrows this tree's node_modules, so a bench can import it beside the working tree.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The directory holding `packages/engine` as it was at `commit`; the caller removes it. */
export function extractEngine(repoRoot: string, commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), `screen-${commit}-`));
  const archive = execFileSync('git', ['archive', commit, 'packages/engine'], { cwd: repoRoot, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
