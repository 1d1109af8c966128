// Runs every *.test.ts under packages/ and examples/, each file in its own node process (with node's
// test runner), several at a time, the slowest first.
//
//   node scripts/run-tests.mjs              every file; then the server's HTTP suite again on PostgreSQL
//   node scripts/run-tests.mjs FILE|DIR...  those files only, on SQLite
//   node scripts/run-tests.mjs --postgres FILE...   those files on PostgreSQL only
//
// Each file runs as plain JavaScript: the runner first bundles the run's test files, with the sources
// they import, once (scripts/test-runner/test-build.mjs; a few seconds), and each process runs its file's
// bundle, its stacks mapped to .ts lines through linked source maps. Through tsx, every process compiled the
// sources it imports again: ~6 s of CPU for the server's, half of a server test's CPU (bench/README.md,
// "Sixteenth session"). ACTIONGATE_TEST_FROM_SOURCE=1 runs each file from its sources through tsx, as
// before (a test that behaves differently bundled is a bug of the build: run it both ways).
//
// ACTIONGATE_TEST_POSTGRES=off skips the PostgreSQL pass (and says so loudly);
// ACTIONGATE_TEST_CONCURRENCY sets how many files run at once (default 3: most test time is spent
// waiting for servers, disks and child processes, not computing).
//
// Why not one `node --test` over all files: the runner starts files in the order given and reports
// nothing per file, so one slow file started last set the wall time, and the PostgreSQL pass could only
// start after the last SQLite file. Here both passes share one pool, ordered by the durations recorded
// in scripts/test-durations.json (unknown files count as slow; a whole run that passes rewrites it when
// ACTIONGATE_TEST_RECORD_DURATIONS=1).
import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { freemem, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTests } from './test-runner/test-build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATIONS = join(ROOT, 'scripts', 'test-durations.json');
/** A file still running after this long is killed and fails (a hung server must not hang CI). */
const FILE_TIMEOUT_MS = 15 * 60_000;

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const args = process.argv.slice(2);
const postgresOnly = args[0] === '--postgres';
const roots = postgresOnly ? args.slice(1) : args;
const whole = roots.length === 0;
const files = (whole ? ['packages', 'examples'] : roots)
  .flatMap((root) => (statSync(root).isDirectory() ? collect(root, []) : [root]))
  .map((file) => relative(ROOT, join(process.cwd(), file)))
  .sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

// Packages import the client as built JavaScript (packages/sdk/dist), and the `actiongate` command runs
// its bundle while it is fresh: build both from the current sources. The client's build runs tsc (some
// seconds, alone before any test starts) only when dist/ is not fresh (packages/sdk/build.mjs checks);
// the CLI's likewise (packages/cli/bundle-freshness.mjs: the install's postinstall built it).
// The server's bundle (what `npm start` runs) is built here once for the files that start it as a
// process (test/support/server-bundle.ts), instead of once in each of them (~3 s of CPU per build).
// The CLI's and the server's builds run side by side with the test build below (each esbuild: the cores
// would otherwise idle while one of them waits for its service).
const serverBundleUsers = files.filter((file) => readFileSync(join(ROOT, file), 'utf8').includes('support/server-bundle.ts'));
function runBuild(script) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
const sdkBuilt = spawnSync(process.execPath, ['packages/sdk/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (sdkBuilt.status !== 0) process.exit(sdkBuilt.status ?? 1);
const bundlesBuilt = Promise.all(
  ['packages/cli/build.mjs', ...(serverBundleUsers.length ? ['packages/server/build.mjs'] : [])].map(runBuild),
);

/** The server's HTTP suite: files that start a test server and do not bring their own PostgreSQL. */
function inHttpSuite(file) {
  if (!file.startsWith(join('packages', 'server', 'test'))) return false;
  const text = readFileSync(join(ROOT, file), 'utf8');
  return text.includes('startServer(') && !text.includes('support/postgres-server.ts');
}

const postgresOff = process.env.ACTIONGATE_TEST_POSTGRES === 'off';
const jobs = [];
if (!postgresOnly) for (const file of files) jobs.push({ file, store: 'sqlite' });
if (postgresOnly || (whole && !postgresOff)) {
  for (const file of files) if (postgresOnly || inHttpSuite(file)) jobs.push({ file, store: 'postgres' });
}

// The test PostgreSQL clusters (the run's shared one, and those some files start themselves) in memory
// where the machine has a roomy tmpfs (postgres-server.ts reads ACTIONGATE_TEST_PG_PARENT): nothing of a
// test cluster needs to outlive the run, and a whole run wrote ~3 GB of database copies to the shared
// disk, then removed them at the end (minutes on a loaded machine). Finished files' databases are dropped.
// The tmpfs is memory: it must have room for the run's ~3 GB and so must the machine (statfs reports the
// tmpfs's limit, not the memory a container may use), and it must be writable. The run's clusters go in one
// directory of its own, removed when the runner exits, so a killed file's cluster does not stay in memory.
const NEEDED_BYTES = 4 * 2 ** 30;
function roomyTmpfs(dir) {
  try {
    const { bavail, bsize } = statfsSync(dir);
    accessSync(dir, constants.W_OK);
    return statSync(dir).isDirectory() && bavail * bsize > NEEDED_BYTES && freemem() > 2 * NEEDED_BYTES;
  } catch {
    return false;
  }
}
if (!process.env.ACTIONGATE_TEST_PG_PARENT && roomyTmpfs('/dev/shm')) {
  const runDir = mkdtempSync('/dev/shm/actiongate-run-');
  // Searchable by the postgres user the clusters run as when the runner is root (postgres-server.ts).
  chmodSync(runDir, 0o711);
  process.env.ACTIONGATE_TEST_PG_PARENT = runDir;
  process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
}

/**
 * The test PostgreSQL, started while the first SQLite files already run (its initdb, start and template
 * take seconds in which the cores would otherwise idle); resolves to null when it cannot start.
 */
async function startTestPostgres() {
  // The test PostgreSQL is TypeScript: load tsx's loader in this process to import it.
  const { register } = await import('tsx/esm/api');
  register();
  const { startPostgres, createMigratedTemplate, dropDatabasesOf } = await import('../packages/server/test/support/postgres-server.ts');
  let server = null;
  try {
    server = await startPostgres();
    // One migrated database that every test server's database is copied from (test-server.ts).
    server.template = await createMigratedTemplate(server.adminUrl);
    server.dropDatabasesOf = (pid) => dropDatabasesOf(server.adminUrl, pid);
    return server;
  } catch (error) {
    console.error(`\n*** The PostgreSQL test pass cannot start: ${error.message}\n`);
    await server?.stop();
    return null;
  }
}
const postgresReady = jobs.some((job) => job.store === 'postgres') ? startTestPostgres() : Promise.resolve(null);
// The test build (see the top), while PostgreSQL starts.
const fromSource = process.env.ACTIONGATE_TEST_FROM_SOURCE === '1';
let testBuild = null;
if (!fromSource) {
  try {
    testBuild = await buildTests(files);
  } catch (error) {
    // A test file that does not compile (esbuild has printed where); the PostgreSQL started is stopped.
    console.error(`\n*** The test build failed: ${error.message}`);
    await (await postgresReady)?.stop();
    process.exit(1);
  }
}
const failedBuild = (await bundlesBuilt).find((code) => code !== 0);
if (failedBuild !== undefined) {
  console.error("\n*** The CLI's or the server's bundle did not build (above)");
  await (await postgresReady)?.stop();
  if (testBuild) rmSync(testBuild.outdir, { recursive: true, force: true });
  process.exit(failedBuild);
}
if (testBuild)
  console.log(`test build: ${files.length} files in ${(testBuild.ms / 1000).toFixed(1)} s, ${(testBuild.cpuMs / 1000).toFixed(1)} s CPU`);
let postgres = null;
let postgresSettled = false;
postgresReady.then((server) => {
  postgres = server;
  postgresSettled = true;
});

const recorded = existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, 'utf8')) : {};
const keyOf = (job) => `${job.store}:${job.file}`;
// Slowest first, so the long files overlap everything else instead of running alone at the end.
jobs.sort((a, b) => (recorded[keyOf(b)] ?? 600_000) - (recorded[keyOf(a)] ?? 600_000));

const concurrency = Math.max(1, Number(process.env.ACTIONGATE_TEST_CONCURRENCY ?? 3));
const results = [];
const started = Date.now();
// Each file's process appends its CPU time here at exit (scripts/test-runner/cpu-at-exit.mjs).
const cpuDir = mkdtempSync(join(tmpdir(), 'actiongate-test-cpu-'));
const cpuPreload = join(ROOT, 'scripts', 'test-runner', 'cpu-at-exit.mjs');
const stackSourceMaps = join(ROOT, 'scripts', 'test-runner', 'stack-source-maps.mjs');
/**
 * Young-generation room for the test processes and every node process they start (servers, CLIs,
 * npm): the default 16 MB semi-space made a server test process collect ~38 times while loading;
 * with 64 MB ~20 times, a quarter less time in garbage collection. V8 grows it only as used.
 */
const NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');
/** CPU milliseconds of this process and every descendant it has waited for (Linux), else null. */
function cpuOfRunner() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
  } catch {
    return null;
  }
}

function runJob(job) {
  if (job.store === 'postgres' && !postgres) {
    const result = { ...job, ms: 0, cpuMs: null, ok: false, tests: 0, failed: 0, skipped: 0, output: 'the test PostgreSQL did not start' };
    results.push(result);
    console.log(`FAILED ${job.file} [postgres]  the test PostgreSQL did not start`);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const env = { ...process.env, NODE_OPTIONS };
    if (serverBundleUsers.length) env.ACTIONGATE_TEST_SERVER_BUNDLE = join(ROOT, 'packages', 'server', 'dist', 'main.mjs');
    if (job.store === 'postgres') {
      env.ACTIONGATE_TEST_STORE = 'postgres';
      env.ACTIONGATE_TEST_DATABASE_URL = postgres.adminUrl;
      env.ACTIONGATE_TEST_DATABASE_TEMPLATE = postgres.template;
    }
    const cpuFile = join(cpuDir, `${results.length}-${Math.random().toString(36).slice(2)}`);
    env.ACTIONGATE_TEST_CPU_FILE = cpuFile;
    const begin = Date.now();
    // Bundled: stacks are mapped to the sources lazily (stack-source-maps.mjs), not with
    // --enable-source-maps, which reads every loaded bundle's map at load time.
    const loader = testBuild ? ['--import', stackSourceMaps] : ['--import', 'tsx'];
    if (testBuild) env.ACTIONGATE_TEST_BUILD_DIR = testBuild.outdir;
    const entry = testBuild ? testBuild.bundleOf(job.file) : job.file;
    const child = spawn(process.execPath, [...loader, '--import', cpuPreload, '--test-reporter=spec', entry], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n*** killed after ${FILE_TIMEOUT_MS / 60_000} minutes ***\n`;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, FILE_TIMEOUT_MS);
    child.on('close', async (code, signal) => {
      clearTimeout(timer);
      // The databases of a finished PostgreSQL file are dropped now, not all at the end.
      if (job.store === 'postgres') await postgres.dropDatabasesOf(child.pid);
      const count = (label) => Number(output.match(new RegExp(`^ℹ ${label} (\\d+)$`, 'm'))?.[1] ?? 0);
      const cpuLine = existsSync(cpuFile)
        ? readFileSync(cpuFile, 'utf8')
            .split('\n')
            .find((line) => line.startsWith(`${child.pid} `))
        : undefined;
      const result = {
        ...job,
        ms: Date.now() - begin,
        cpuMs: cpuLine ? Number(cpuLine.split(' ')[1]) : null,
        ok: code === 0 && !signal,
        tests: count('tests'),
        failed: count('fail'),
        skipped: count('skipped') + count('todo'),
        output,
      };
      results.push(result);
      const where = job.store === 'postgres' ? ' [postgres]' : '';
      const cpu = result.cpuMs === null ? '' : `, ${(result.cpuMs / 1000).toFixed(1)} s CPU`;
      const line = `${result.ok ? 'ok    ' : 'FAILED'} ${job.file}${where}  ${result.tests} tests, ${(result.ms / 1000).toFixed(1)} s${cpu}`;
      if (result.ok) console.log(line);
      else console.log(`\n${line}\n${output}\n`);
      resolve();
    });
  });
}

const queue = [...jobs];
/** The next job, slowest first; PostgreSQL's wait (without idling this lane) until it has started. */
async function nextJob() {
  const index = postgresSettled ? 0 : queue.findIndex((job) => job.store !== 'postgres');
  if (index >= 0) return queue.splice(index, 1)[0];
  await postgresReady;
  return queue.shift();
}
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    while (queue.length) {
      const job = await nextJob();
      if (job) await runJob(job);
    }
  }),
);
await (await postgresReady)?.stop();
rmSync(cpuDir, { recursive: true, force: true });
if (testBuild) rmSync(testBuild.outdir, { recursive: true, force: true });
// The test build's esbuild service is not a child the runner waits for: its CPU is added here.
const ownCpu = cpuOfRunner();
const runnerCpu = ownCpu === null ? null : ownCpu + (testBuild?.serviceCpuMs ?? 0);

const failedFiles = results.filter((result) => !result.ok);
const sum = (key) => results.reduce((total, result) => total + result[key], 0);
console.log(
  `\n${results.length} test files (${results.filter((r) => r.store === 'postgres').length} on PostgreSQL), ` +
    `${sum('tests')} tests, ${sum('failed')} failed, ${sum('skipped')} skipped or todo; ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s wall, ${concurrency} at a time` +
    (runnerCpu === null ? '' : `; ${(runnerCpu / 1000).toFixed(0)} s CPU in all (PostgreSQL included)`),
);
// ACTIONGATE_TEST_REPORT=FILE: every file's wall and CPU milliseconds, to compare two runs file by file.
if (process.env.ACTIONGATE_TEST_REPORT) {
  const report = results.map(({ file, store, ms, cpuMs, tests, ok }) => ({ file, store, ms, cpuMs, tests, ok }));
  writeFileSync(process.env.ACTIONGATE_TEST_REPORT, `${JSON.stringify(report, null, 1)}\n`);
}
console.log(
  'slowest:',
  [...results]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8)
    .map((r) => `${keyOf(r)} ${(r.ms / 1000).toFixed(0)} s`)
    .join('; '),
);
if (failedFiles.length) console.log(`FAILED files:\n${failedFiles.map((r) => `  ${keyOf(r)}`).join('\n')}`);
if (whole && !failedFiles.length && process.env.ACTIONGATE_TEST_RECORD_DURATIONS === '1') {
  const durations = Object.fromEntries(results.map((r) => [keyOf(r), r.ms]).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS, `${JSON.stringify(durations, null, 2)}\n`);
}
if (whole && postgresOff) console.error('\n*** ACTIONGATE_TEST_POSTGRES=off: the HTTP suite did NOT run against PostgreSQL ***\n');
// The plain closing line CI reads ("N passed, N failed"); a file that failed without a failing test
// (a crash, a timeout) counts as one failure.
const failedTests = results.reduce((total, r) => total + (r.ok ? r.failed : Math.max(r.failed, 1)), 0);
const passedTests = results.reduce((total, r) => total + Math.max(0, r.tests - r.failed - r.skipped), 0);
console.log(`tests: ${passedTests} passed, ${failedTests} failed, ${sum('skipped')} skipped`);
process.exit(failedFiles.length ? 1 : 0);
