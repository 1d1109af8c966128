// Issue 15: the WAL sync pipeline alone, on this disk, before and after in one run. Each "commit"
// appends 4 KB to a file (a lone decision writes ~12 WAL pages; `PAGES=` sets it) and waits for
// `WalSync.durable()`; commits leave evenly spaced (open loop) at each rate. The two WalSync
// versions (this checkout's and ACTIONGATE_BASELINE's, another checkout) take turns of 250 ms on
// their own files, so the disk's ups and downs fall on both alike.
//   ACTIONGATE_BASELINE=/work/main node --import tsx bench/wal-sync-pipeline-bench.ts [rates=100,200,500] [seconds per rate=8]
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { fmt, percentile } from './lib/measure.ts';

const rates = (process.argv[2] ?? '100,200,500').split(',').map(Number);
const seconds = Number(process.argv[3] ?? 8);
const pages = Number(process.env.PAGES ?? 12);
const baseline = process.env.ACTIONGATE_BASELINE;
if (!baseline) throw new Error('set ACTIONGATE_BASELINE to the checkout to compare with');
const walSyncOf = async (root: string) =>
  (await import(pathToFileURL(join(root, 'packages/server/src/store/sqlite/wal-sync.ts')).href)).WalSync;
const dir = mkdtempSync(join(tmpdir(), 'actiongate-walpipe-'));
const variants = await Promise.all(
  [
    ['before', baseline],
    ['after', join(import.meta.dirname, '..')],
  ].map(async ([name, root], i) => {
    const file = join(dir, `wal-${i}`);
    const fd = openSync(file, 'w');
    writeSync(fd, Buffer.alloc(4096));
    const WalSync = await walSyncOf(root);
    return { name, root, fd, walSync: new WalSync(file), latencies: [] as number[] };
  }),
);
const page = Buffer.alloc(4096 * pages, 7);
try {
  for (const rate of rates) {
    for (const variant of variants) variant.latencies = [];
    const gapNs = 1e9 / rate;
    const began = process.hrtime.bigint();
    const calls: Promise<void>[] = [];
    for (let i = 0; i < rate * seconds; i++) {
      const due = began + BigInt(Math.round(i * gapNs));
      const wait = Number(due - process.hrtime.bigint()) / 1e6;
      if (wait > 1) await sleep(Math.floor(wait));
      while (process.hrtime.bigint() < due) await new Promise((resolve) => setImmediate(resolve));
      const variant = variants[Math.floor(Number(due - began) / 250e6) % 2];
      const sent = process.hrtime.bigint();
      writeSync(variant.fd, page);
      calls.push(variant.walSync.durable().then(() => void variant.latencies.push(Number(process.hrtime.bigint() - sent) / 1e6)));
    }
    await Promise.all(calls);
    const line = variants.map((variant) => {
      const sorted = variant.latencies.sort((a, b) => a - b);
      return `${variant.name} p50 ${fmt(percentile(sorted, 50))} / p90 ${fmt(percentile(sorted, 90))} / p99 ${fmt(percentile(sorted, 99))} ms`;
    });
    console.log(`${rate} commits/s of ${pages} pages: ${line.join('; ')}`);
  }
} finally {
  for (const variant of variants) {
    variant.walSync.close();
    closeSync(variant.fd);
  }
  rmSync(dir, { recursive: true, force: true });
}
