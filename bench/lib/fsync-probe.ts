// What one durable commit costs on this disk right now: single-row transactions in a fresh SQLite
// file in WAL mode with synchronous=FULL (the server's settings). The HTTP figures depend on it.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile } from './measure.ts';

/** p50 and p99 in milliseconds of `count` single-row commits with fsync. */
export function fsyncProbe(count = 100): { p50: number; p99: number } {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-fsync-'));
  const db = new Database(join(dir, 'probe.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const samples: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      insert.run('x'.repeat(1500));
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
