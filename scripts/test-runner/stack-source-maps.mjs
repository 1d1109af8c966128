// Loaded into every test file's process by scripts/run-tests.mjs in place of `--enable-source-maps`:
// stack traces still name the .ts files and lines of the sources (through the test build's linked
// maps), but a map is read only when a stack that passes through its bundle is formatted, instead of
// every map of every loaded module at load time (node's --enable-source-maps reads and indexes them
// all: ~0.4 s of CPU per server test process, ~5%). What a passing test never prints costs nothing.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Only the run's own test build is mapped (third-party files have no maps worth reading). */
const buildDir = process.env.ACTIONGATE_TEST_BUILD_DIR;
/** Each bundle's map once it was needed, or null when it has none. */
const maps = new Map();

function mapOf(file) {
  if (!maps.has(file)) {
    let map = null;
    try {
      const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
      map = { sourceMap: new SourceMap(payload), dir: dirname(file) };
    } catch {
      // no map beside it
    }
    maps.set(file, map);
  }
  return maps.get(file);
}

/** `file:line:column` of a call site in the sources, or null when it is not in the test build. */
function originalPosition(site) {
  const name = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!name || !line || !column) return null;
  const file = name.startsWith('file:') ? fileURLToPath(name) : name;
  if (!file.startsWith(buildDir)) return null;
  const map = mapOf(file);
  const entry = map?.sourceMap.findEntry(line - 1, column - 1);
  if (!entry?.originalSource) return null;
  return {
    from: `${name}:${line}:${column}`,
    to: `${resolve(map.dir, entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
  };
}

function header(error) {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

if (buildDir) {
  Error.prepareStackTrace = (error, sites) =>
    header(error) +
    sites
      .map((site) => {
        const text = String(site);
        let position = null;
        try {
          position = originalPosition(site);
        } catch {
          // a map that cannot be read maps nothing
        }
        return `\n    at ${position ? text.replace(position.from, () => position.to) : text}`;
      })
      .join('');
}
