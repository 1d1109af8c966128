// The server as it was at an earlier commit, bundled like `npm start` bundles it, so "before" and
// "after" run side by side in one benchmark run (the machine is shared: runs minutes apart do not
// compare). The commit's packages are extracted with `git archive`; its @actiongate/* imports resolve
// to the extracted packages, third-party imports stay external and load from this tree's
// node_modules (the bundle is written beside the real one, in packages/server/dist/).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { ROOT } from './processes.ts';

/** Path (relative to ROOT) of a bundle of the server at `commit`. */
export async function baselineBundle(commit: string): Promise<string> {
  const sha = execFileSync('git', ['rev-parse', '--short', commit], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), `actiongate-baseline-${sha}-`));
  try {
    const archive = execFileSync('git', ['archive', sha, 'packages'], { cwd: ROOT, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    const toRoot = (path: string) => (path.startsWith(dir) ? join(ROOT, path.slice(dir.length)) : path);
    const plugin: Plugin = {
      name: 'baseline',
      setup(builder) {
        // Our own packages from the commit, everything else external (as build.mjs does).
        builder.onResolve({ filter: /^[^./]/ }, (args) => {
          const own = /^@actiongate\/([^/]+)(\/.*)?$/.exec(args.path);
          if (!own) return { path: args.path, external: true };
          const pkg = join(dir, 'packages', own[1]);
          const exports = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).exports as Record<string, string> | string;
          const entry = typeof exports === 'string' ? exports : exports[own[2] ? `.${own[2]}` : '.'];
          return { path: join(pkg, entry) };
        });
        // Files the server reads beside itself (console, signup page) resolve in this tree.
        builder.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
          const at = toRoot(args.path);
          const contents = readFileSync(args.path, 'utf8')
            .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(at).href))
            .replaceAll('import.meta.dirname', JSON.stringify(dirname(at)))
            .replaceAll('import.meta.filename', JSON.stringify(at));
          return { contents, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
        });
      },
    };
    const out = `packages/server/dist/baseline-${sha}.mjs`;
    await build({
      entryPoints: [join(dir, 'packages/server/src/main.ts')],
      outfile: join(ROOT, out),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      legalComments: 'none',
      logLevel: 'warning',
      plugins: [plugin],
    });
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
