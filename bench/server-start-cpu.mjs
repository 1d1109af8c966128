// CPU of a server start: from spawning the bundle (packages/server/dist/*.mjs, built by build.mjs) to its first
// 200 on /healthz, read from /proc (utime+stime), for each bundle given, alternating, each with a fresh data dir.
// Usage: node bench/server-start-cpu.mjs RUNS BUNDLE_A [BUNDLE_B]  (a copy of a bundle must stay in packages/server/dist:
// it loads its packages from node_modules beside it).
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const [runs, ...bundles] = process.argv.slice(2);
const tick = 100; // CLK_TCK
const cpu = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / tick;
};
const results = Object.fromEntries(bundles.map((b) => [b, []]));
let port = 18700;
for (let i = 0; i < Number(runs); i++)
  for (const b of bundles) {
    const dir = mkdtempSync(join(tmpdir(), 'sw-'));
    const p = port++;
    const child = spawn(process.execPath, [b], {
      env: { ...process.env, PORT: String(p), ACTIONGATE_DATA_DIR: dir, ACTIONGATE_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const t0 = Date.now();
    for (;;) {
      try {
        const r = await fetch(`http://127.0.0.1:${p}/healthz`);
        if (r.status === 200) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 20));
      if (Date.now() - t0 > 60000) throw new Error('timeout');
    }
    const ms = cpu(child.pid);
    results[b].push(ms);
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};
for (const b of bundles) console.log(b, 'runs', results[b].join(' '), 'median', med(results[b]));
if (bundles.length === 2) console.log('ratio B/A', (med(results[bundles[1]]) / med(results[bundles[0]])).toFixed(2));
