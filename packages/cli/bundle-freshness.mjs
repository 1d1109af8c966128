// Whether the CLI's bundle (dist/main.mjs) was built from the current sources: newer than every file
// below the directories it is built from. bin/actiongate.js runs the bundle only then (else the sources
// through tsx), and build.mjs skips a build that would change nothing (the install's postinstall built
// it, and scripts/run-tests.mjs runs build.mjs again before every run).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packages = fileURLToPath(new URL('../', import.meta.url));
export const BUNDLE = join(packages, 'cli/dist/main.mjs');
/** What the bundle is built from (the server's sources: `admin create-key` bundles its module). */
const SOURCES = ['cli/src', 'engine/src', 'mcp-gateway/src', 'sdk/dist', 'server/src'].map((dir) => join(packages, dir));

function newestBelow(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestBelow(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// The bundle also holds its dependencies (node-sql-parser, mvdan-sh): a change of them changes the lock
// file, which then makes the bundle stale too (`npm ci` leaves the lock file as checked out).
const INSTALLED = [join(packages, '../package-lock.json')];

/** `alsoNewerThan`: further files the bundle must be newer than (the build's own scripts). */
export function bundleIsFresh(alsoNewerThan = []) {
  if (!existsSync(BUNDLE)) return false;
  const built = statSync(BUNDLE).mtimeMs;
  const files = [...INSTALLED.filter((file) => existsSync(file)), ...alsoNewerThan];
  return SOURCES.every((dir) => !existsSync(dir) || newestBelow(dir) <= built) && files.every((file) => statSync(file).mtimeMs <= built);
}
