// The test build: every test file of a run bundled into plain JavaScript once per run by
// scripts/run-tests.mjs, which then runs each file's bundle with plain node. Through tsx, each test
// process compiled and loaded the server's ~600 TypeScript modules one by one, with tsx's hooks on every
// import and require (~6 s of CPU per process before the first test; bundled, ~2.5 s), and the engine's
// (bench/README.md, "Sixteenth session").
//
// One esbuild build with code splitting, one entry point per test file: the modules that several test
// files share land in shared chunks, and each module exists once in a process (its classes and its
// module-level state are the same whichever path a test and its support files import it by). As in the
// server's bundle (packages/server/bundle.mjs), each module keeps its own import.meta.url (files read
// relative to a source or a test resolve as from source) and third-party packages stay external; here
// they are named by the file node would load for them from the importing source (each package's own
// node_modules first: the CLI's `yaml` is not the root's), since the bundle lives elsewhere.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUIRE, bundledPackage, ownImportMeta } from '../../packages/server/bundle.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** One directory per run (named by the runner's pid), so two runs in one tree never share files. */
const BUILDS = join(ROOT, 'packages', 'server', 'dist', 'test-build');

/**
 * Third-party imports stay external, named by the file esbuild resolves them to from the importer's
 * directory with node's rules (conditions `node` and `import` or `require`, package.json `main`); a
 * package it cannot find (an optional dependency) stays a bare import and fails at run time as from source.
 */
const resolvedExternal = {
  name: 'resolved-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.resolving || bundledPackage(args.path)) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const found = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { resolving: true } });
      return { path: found.errors.length || !found.path ? args.path : found.path, external: true };
    });
  },
};

/** Removes the builds of runs that are gone (a killed runner leaves its directory behind). */
function removeStaleBuilds() {
  if (!existsSync(BUILDS)) return;
  for (const name of readdirSync(BUILDS)) {
    try {
      process.kill(Number(name), 0);
    } catch (error) {
      // EPERM: that process exists (another user's), so its build may be in use.
      if (error.code !== 'EPERM') rmSync(join(BUILDS, name), { recursive: true, force: true });
    }
  }
}

/**
 * CPU milliseconds of this process's esbuild service (Linux, else 0): it is not waited for, so the
 * runner's own CPU figure (its children's) would leave the build out.
 */
function esbuildCpuMs() {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
      const after = fields[1].split(' ');
      if (Number(after[1]) === process.pid && fields[0].endsWith('(esbuild')) ms += (Number(after[11]) + Number(after[12])) * 10;
    } catch {
      // gone, or no /proc
    }
  }
  return ms;
}

/**
 * Bundles `testFiles` (paths relative to the repository); returns the build's directory, a function from
 * a test file to its bundle's path (packages/server/test/x.test.ts -> <dir>/packages/server/test/x.test.mjs),
 * and the build's wall and CPU milliseconds (cpuMs: this process's and esbuild's service's; serviceCpuMs:
 * the service's alone).
 */
export async function buildTests(testFiles) {
  const begin = Date.now();
  const cpuBefore = process.cpuUsage();
  removeStaleBuilds();
  const outdir = join(BUILDS, String(process.pid));
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const built = build({
    entryPoints: testFiles.map((file) => join(ROOT, file)),
    outdir,
    outbase: ROOT,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // As node resolves: no `module` condition or field (esbuild's defaults), which would pick other files.
    conditions: [],
    mainFields: ['main'],
    // Linked maps: stacks name .ts lines (the runner maps them when a stack is formatted: stack-source-maps.mjs).
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [resolvedExternal, ownImportMeta],
    banner: { js: REQUIRE },
  });
  await built.catch((error) => {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  });
  const bundleOf = (file) => join(outdir, relative(ROOT, join(ROOT, file)).replace(/\.[cm]?[jt]s$/, '.mjs'));
  const own = process.cpuUsage(cpuBefore);
  const serviceCpuMs = esbuildCpuMs();
  return { outdir, bundleOf, ms: Date.now() - begin, cpuMs: Math.round((own.user + own.system) / 1000) + serviceCpuMs, serviceCpuMs };
}
