// Preload (`node --import tsx --import ./bench/lib/sql-timing.ts …`) that times every better-sqlite3
// statement call (run/get/all/iterate, BEGIN/COMMIT included) by its SQL text, and writes the totals
// as JSON to $SQL_TIMING_OUT when the process exits. It patches the statement prototype only, so the
// server's code is measured unchanged.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const require = createRequire(new URL('../../packages/server/package.json', import.meta.url));
const Database = require('better-sqlite3');
const probe = new Database(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('SELECT 1'));
probe.close();

const totals = new Map<string, { calls: number; ms: number }>();
for (const method of ['run', 'get', 'all', 'iterate'] as const) {
  const original = proto[method];
  proto[method] = function timed(this: { source: string }, ...args: unknown[]) {
    const t0 = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      const ms = performance.now() - t0;
      const key = `${method} ${this.source.replace(/\s+/g, ' ').trim().slice(0, 160)}`;
      const entry = totals.get(key);
      if (entry) {
        entry.calls++;
        entry.ms += ms;
      } else totals.set(key, { calls: 1, ms });
    }
  };
}

process.on('exit', () => {
  const out = process.env.SQL_TIMING_OUT;
  if (!out) return;
  const rows = [...totals].map(([sql, t]) => ({ sql, ...t })).sort((a, b) => b.ms - a.ms);
  writeFileSync(out, JSON.stringify(rows, null, 1));
});
