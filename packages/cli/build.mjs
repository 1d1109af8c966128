// Bundles the CLI (src/main.ts with the engine, the client and the MCP gateway it imports) into
// dist/main.mjs, which bin/actiongate.js runs while it is newer than every source it was built from.
// A command then starts without compiling TypeScript (about 5x less CPU per invocation); what only
// some commands use (the engine, the MCP gateway, `admin`'s store) is in chunks loaded by those commands alone.
// A bundle already newer than its sources and this build's scripts is left as it is (`--force` rebuilds):
// the install's postinstall builds it, and scripts/run-tests.mjs runs this again before every run.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '../server/bundle.mjs';
import { bundleIsFresh } from './bundle-freshness.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const buildScripts = [fileURLToPath(import.meta.url), join(root, 'bundle-freshness.mjs'), join(root, '../server/bundle.mjs')];
if (process.argv.includes('--force') || !bundleIsFresh(buildScripts)) {
  await bundle(join(root, 'src/main.ts'), join(root, 'dist/main.mjs'), { splitting: true });
}
