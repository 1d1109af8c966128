// Runs every *.test.ts under packages/ and examples/ with node's test runner (through tsx).
// Node 20's runner does not expand globs itself, so the files are listed here.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['packages', 'examples'];
const files = roots.flatMap((root) => (statSync(root).isDirectory() ? collect(root, []) : [root])).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
// Packages import the client as built JavaScript (packages/sdk/dist): build it from the current sources.
const sdk = spawnSync(process.execPath, ['packages/sdk/build.mjs'], { stdio: 'inherit' });
if (sdk.status !== 0) process.exit(sdk.status ?? 1);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
if (result.status !== 0 || process.argv.slice(2).length) process.exit(result.status ?? 1);

// The whole run (no arguments): the HTTP suite of the server once more, every test server on
// PostgreSQL (a real PostgreSQL 15 the runner starts; see packages/server/test/support/run-on-postgres.ts).
// Skipped only when ACTIONGATE_TEST_POSTGRES=off, and then said loudly.
if (process.env.ACTIONGATE_TEST_POSTGRES === 'off') {
  console.error('\n*** ACTIONGATE_TEST_POSTGRES=off: the HTTP suite did NOT run against PostgreSQL ***\n');
  process.exit(0);
}
// Files that start their own PostgreSQL (two nodes, outages, the store conformance suite) ran on it in
// the first pass already.
const httpSuite = files.filter((file) => {
  if (!file.startsWith(join('packages', 'server', 'test'))) return false;
  const text = readFileSync(file, 'utf8');
  return text.includes('startServer(') && !text.includes('support/postgres-server.ts');
});
console.log(`\nThe server's HTTP suite again on PostgreSQL: ${httpSuite.length} files`);
const onPostgres = spawnSync(
  process.execPath,
  ['--import', 'tsx', join('packages', 'server', 'test', 'support', 'run-on-postgres.ts'), ...httpSuite],
  { stdio: 'inherit' },
);
process.exit(onPostgres.status ?? 1);
