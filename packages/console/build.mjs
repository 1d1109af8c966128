// Builds the console into dist/: one bundled script, one stylesheet, one HTML page. Runs at
// install time (root `postinstall`), so the server can serve it without a build step of its own.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'assets'), { recursive: true });

await build({
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(dist, 'assets/app.js'),
  bundle: true,
  format: 'esm',
  target: ['chrome120', 'firefox120', 'safari17'],
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});
await build({
  entryPoints: [join(root, 'src/styles.css')],
  outfile: join(dist, 'assets/app.css'),
  bundle: true,
  minify: true,
  logLevel: 'warning',
});
copyFileSync(join(root, 'src/index.html'), join(dist, 'index.html'));
copyFileSync(join(root, 'src/favicon.svg'), join(dist, 'assets/favicon.svg'));
