// Builds the client to plain JavaScript with type declarations (dist/), so it installs and imports
// on plain Node with no TypeScript loader. Sources import `./x.ts`; tsc rewrites them to `./x.js`.
// Written beside and renamed into place, so a test importing the package never sees half a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Whether dist/ was built from the current sources: one .js per source, each written after every source
 * and the build's settings changed. Then this build (run by scripts/run-tests.mjs before every run, and
 * by `npm pack`'s prepack in the package test) leaves dist/ as it is: rewriting it would make it newer
 * than the CLI's bundle, and every later `actiongate` command would fall back to its TypeScript sources.
 */
function isFresh() {
  const dist = join(root, 'dist');
  if (!existsSync(dist)) return false;
  const sources = readdirSync(join(root, 'src')).filter((name) => name.endsWith('.ts'));
  const built = readdirSync(dist).filter((name) => name.endsWith('.js'));
  if (sources.length !== built.length || sources.some((name) => !built.includes(name.replace(/\.ts$/, '.js')))) return false;
  const inputs = [...sources.map((name) => join(root, 'src', name)), join(root, 'tsconfig.build.json'), fileURLToPath(import.meta.url)];
  const newestInput = Math.max(...inputs.map((file) => statSync(file).mtimeMs));
  return built.every((name) => statSync(join(dist, name)).mtimeMs >= newestInput);
}
if (!process.argv.includes('--force') && isFresh()) process.exit(0);
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // A production install (`npm ci --omit=dev`) has no TypeScript, and the server does not need the
  // client: say so and leave, rather than fail the install.
  console.warn('@actiongate/sdk: typescript is not installed (production install?); dist/ not built');
  process.exit(0);
}
const staging = mkdtempSync(join(root, '.dist-'));
const built = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', staging], { stdio: 'inherit' });
if (built.status !== 0) {
  rmSync(staging, { recursive: true, force: true });
  process.exit(built.status ?? 1);
}
// Declarations keep the sources' `./x.ts` specifiers; a consumer's TypeScript wants `./x.js`.
for (const name of readdirSync(staging).filter((file) => file.endsWith('.d.ts'))) {
  const file = join(staging, name);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1.js$2'));
}
const old = join(root, `.dist-old-${process.pid}`);
try {
  renameSync(join(root, 'dist'), old);
} catch {
  // no previous build
}
renameSync(staging, join(root, 'dist'));
rmSync(old, { recursive: true, force: true });
