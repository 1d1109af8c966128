// Issue 15: the store's checkpoints under N lone decisions, in process: per checkpoint the WAL pages
// copied, the copy's time on the event loop and the database file's sync on the pool (wal-checkpoint.ts).
//   node --import tsx bench/lone-marks/checkpoint-times.ts [--count 1200]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, SigningKeyRing, SqliteStore } from '../../packages/server/src/index.ts';
import { DecisionService } from '../../packages/server/src/decision-service.ts';
import { hashSecret } from '../../packages/server/src/ids.ts';
import { checkpointObservers, type CheckpointReport } from '../../packages/server/src/store/sqlite/wal-checkpoint.ts';
import { percentile } from '../lib/measure.ts';

const i = process.argv.indexOf('--count');
const count = i > 0 ? Number(process.argv[i + 1]) : 1200;
const dir = mkdtempSync(join(tmpdir(), 'actiongate-checkpoint-times-'));
const store = new SqliteStore({ dataDir: dir });
const reports: CheckpointReport[] = [];
checkpointObservers.add((report) => void reports.push(report));
try {
  await bootstrap(store, 'fk_checkpoint_times_key', Date.now());
  const key = (await store.findKeyByHash(hashSecret('fk_checkpoint_times_key')))!;
  const service = new DecisionService(store, SigningKeyRing.ephemeral());
  for (let n = 0; n < count; n++) await service.decide(key, { path: '/tools/search_documents', agent_id: `a${n % 5}`, payload: { n } });
  const ms = (values: number[]) => values.map((v) => v * 1000).sort((a, b) => a - b);
  const copy = ms(reports.map((r) => r.copySeconds));
  const sync = ms(reports.map((r) => r.syncSeconds));
  const at = (v: number[]) => `${percentile(v, 50).toFixed(2)} / ${v[v.length - 1].toFixed(2)}`;
  console.log(`${count} lone decisions: ${reports.length} checkpoints, ${reports.filter((r) => r.failed).length} failed`);
  console.log(`pages per checkpoint: ${reports.map((r) => r.pages).join(', ')}`);
  console.log(`copy on the event loop, p50 / max ms: ${at(copy)}; database file sync on the pool, p50 / max ms: ${at(sync)}`);
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
