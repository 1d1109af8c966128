// Child processes of the benchmark: free ports, the real server and the ceiling in their own
// processes, waiting for them to answer, their RSS, and stopping them (by their own pid only).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const ROOT = new URL('../../', import.meta.url).pathname;

let bundleBuilt = false;

/**
 * The real server as `npm start` runs it: the bundle of packages/server/build.mjs, plain node, no
 * tsx. Built on the first call in this process (so once per bench run); the path is relative to ROOT.
 */
export function serverBundle(): string {
  if (!bundleBuilt) {
    execFileSync(process.execPath, ['packages/server/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    bundleBuilt = true;
  }
  return 'packages/server/dist/main.mjs';
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  port: number;
  stderr: () => string;
}

/**
 * Starts `node <script>` with extra node flags, preloads and env, and waits for `GET probe`. tsx is
 * loaded only when the script or a preload is TypeScript (a bundle with no .ts preload runs without it).
 */
export async function startNode(
  script: string,
  options: { env: Record<string, string>; nodeFlags?: string[]; imports?: string[]; probe: string },
): Promise<Child> {
  const port = await freePort();
  const imports = options.imports ?? [];
  const tsx = [script, ...imports].some((file) => /\.[cm]?ts$/.test(file)) ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...tsx, ...imports.flatMap((file) => ['--import', file]), script], {
    cwd: ROOT,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  child.stdout!.resume();
  // A loaded shared machine can take over 30 s to start the bundle; BENCH_START_TIMEOUT_MS raises the bound.
  const startTimeoutMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 300_000);
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}: ${errors}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${options.probe}`, {
        method: options.probe.startsWith('/fabric') ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json' },
        body: options.probe.startsWith('/fabric') ? '{}' : undefined,
      });
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer within ${startTimeoutMs / 1000} s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { process: child, port, stderr: () => errors };
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Sends SIGTERM to the child and waits for it to exit. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Runs a script to completion and returns its stdout (throws with its stderr on failure). */
export function runToEnd(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}: ${err.slice(-2000)}`))));
  });
}
