// Tests that run the server as a process of its own (restarts, SIGKILL, the data directory's modes)
// start the bundle that `npm start` runs, not the sources under tsx: that is what users run, and it
// starts in a fraction of the time (tsx compiles the whole server in every new process).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const SERVER = resolve(import.meta.dirname, '../..');
let built: string | null = null;

/**
 * Builds packages/server/dist/main.mjs from the current sources (once per test process) and returns its
 * path; under scripts/run-tests.mjs, which built it from the current sources before any file started
 * and names it in ACTIONGATE_TEST_SERVER_BUNDLE, only returns that path.
 */
export function serverBundle(): string {
  if (built) return built;
  const prebuilt = process.env.ACTIONGATE_TEST_SERVER_BUNDLE;
  if (prebuilt) return (built = prebuilt);
  const result = spawnSync(process.execPath, [resolve(SERVER, 'build.mjs')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the server bundle failed:\n${result.stderr}`);
  built = resolve(SERVER, 'dist/main.mjs');
  return built;
}
