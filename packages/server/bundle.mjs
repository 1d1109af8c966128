// Bundles one entry point and the workspace packages it imports (@actiongate/*) into one ES module,
// so a command runs plain JavaScript: no TypeScript loader at run time (tsx compiles every module in
// every new process and its loader thread and caches cost ~90 MB of RSS). Third-party packages stay
// external and load from node_modules as usual (better-sqlite3 is native; swagger-ui reads its files
// beside itself), but for the few plain-JavaScript parsers in INLINED. Used by the server's build.mjs and the CLI's.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Large CommonJS files of plain JavaScript, bundled in rather than imported: node reads an imported
 * CommonJS file twice more before running it (once to tell its module format, once to find its named
 * exports), which for these ~2 MB cost half of every CLI command's CPU (0.90 -> 0.43 s for `--help`).
 */
const INLINED = ['mvdan-sh', 'node-sql-parser'];
/** What the inlined CommonJS require (node-sql-parser: `big-integer`, `util`), resolved from the bundle as before. */
export const REQUIRE =
  "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);";

/** Whether a bare import is bundled in: our own workspace packages and INLINED. */
export const bundledPackage = (path) =>
  path.startsWith('@actiongate/') || INLINED.some((name) => path === name || path.startsWith(`${name}/`));

/** Every other bare import outside our own workspace packages is left to node's resolution at run time. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (bundledPackage(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Each bundled module keeps its own `import.meta.url` (and dirname/filename): files it reads
 * relative to itself (the console's dist/, the signup page) resolve as from source, and an
 * "am I the main module" check (the engine's journal CLI) stays false instead of matching the
 * bundle and running the CLI inside the server.
 */
export const ownImportMeta = {
  name: 'own-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      const url = pathToFileURL(args.path).href;
      const contents = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/**
 * Bundles `entry` into `outfile` (written beside and renamed into place). With `splitting`, every module
 * reached only through a dynamic `import()` goes into a chunk beside `outfile` (`chunk-*.mjs`), with the
 * third-party packages it imports: a process loads and compiles it only when it runs that import. The
 * CLI uses it: each command would otherwise compile the whole engine and load the MCP SDK (ajv, zod)
 * at start, which most commands never use.
 */
export async function bundle(entry, outfile, { splitting = false } = {}) {
  const result = await build({
    entryPoints: [entry],
    ...(splitting
      ? {
          outdir: dirname(outfile),
          entryNames: basename(outfile).replace(/\.mjs$/, ''),
          chunkNames: 'chunk-[hash]',
          outExtension: { '.js': '.mjs' },
          splitting: true,
        }
      : { outfile }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A linked map: stack traces name .ts lines when node runs with --enable-source-maps.
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [thirdPartyExternal, ownImportMeta],
    banner: { js: REQUIRE },
    write: false,
  });

  // Written beside and renamed into place, so a server starting at the same moment never loads half a
  // file; the entry last, so it never names a chunk not yet written.
  mkdirSync(dirname(outfile), { recursive: true });
  const entryLast = [...result.outputFiles].sort((a, b) => Number(a.path.startsWith(outfile)) - Number(b.path.startsWith(outfile)));
  for (const file of entryLast) {
    const temp = join(dirname(file.path), `.${basename(file.path)}.${process.pid}.tmp`);
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  // Chunks of earlier builds (their names are hashes of their contents) would only pile up.
  if (splitting) {
    const written = new Set(result.outputFiles.map((file) => basename(file.path)));
    for (const name of readdirSync(dirname(outfile)))
      if (/^chunk-.*\.mjs(\.map)?$/.test(name) && !written.has(name)) rmSync(join(dirname(outfile), name), { force: true });
  }
}
