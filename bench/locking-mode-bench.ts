// SQLite locking mode (issue 23): `locking_mode=EXCLUSIVE` keeps the WAL index in heap memory (no
// `-shm` mapping that can SIGBUS the process on a disk fault). What does it cost or save? The group
// commit pattern of the store, in isolation: per batch, 3 point reads per decision (key, agent,
// approvals), one transaction of 100 inserts of ~1 KB with synchronous=NORMAL, then an fdatasync of
// the WAL; modes alternate over rounds so a busy machine weighs on both alike.
// Run: node --import tsx bench/locking-mode-bench.ts
import Database from 'better-sqlite3';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fmt, percentile } from './lib/measure.ts';

const BATCHES = Number(process.env.BATCHES ?? 200);
const PER_BATCH = 100;
const ROUNDS = Number(process.env.ROUNDS ?? 3);

function once(exclusive: boolean): number {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-locking-'));
  const db = new Database(join(dir, 'bench.db'));
  if (exclusive) db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE decisions (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, agent_id TEXT NOT NULL, body BLOB NOT NULL);
    CREATE INDEX decisions_by_agent ON decisions (tenant_id, agent_id);
    CREATE TABLE agents (tenant_id TEXT, agent_id TEXT, n INTEGER, PRIMARY KEY (tenant_id, agent_id));`);
  const insert = db.prepare('INSERT INTO decisions (id, tenant_id, agent_id, body) VALUES (?, ?, ?, ?)');
  const agent = db.prepare('SELECT * FROM agents WHERE tenant_id = ? AND agent_id = ?');
  const save = db.prepare(
    'INSERT INTO agents (tenant_id, agent_id, n) VALUES (?, ?, 1) ON CONFLICT (tenant_id, agent_id) DO UPDATE SET n = n + 1',
  );
  const recent = db.prepare('SELECT id FROM decisions WHERE tenant_id = ? AND agent_id = ? LIMIT 1');
  const body = Buffer.alloc(1000, 7);
  const wal = () => openSync(join(dir, 'bench.db-wal'), 'r+');
  let fd: number | null = null;
  const started = performance.now();
  for (let b = 0; b < BATCHES; b++) {
    db.transaction(() => {
      for (let i = 0; i < PER_BATCH; i++) {
        const agentId = `agent-${i % 20}`;
        agent.get('tn_1', agentId);
        recent.get('tn_1', agentId);
        agent.get('tn_1', 'other');
        save.run('tn_1', agentId);
        insert.run(`fd_${b}_${i}`, 'tn_1', agentId, body);
      }
    })();
    fd ??= wal();
    fdatasyncSync(fd);
  }
  const usPerDecision = ((performance.now() - started) * 1000) / (BATCHES * PER_BATCH);
  if (fd !== null) closeSync(fd);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return usPerDecision;
}

const results: Record<'normal' | 'exclusive', number[]> = { normal: [], exclusive: [] };
for (let round = 0; round < ROUNDS; round++) {
  results.normal.push(once(false));
  results.exclusive.push(once(true));
}
console.log(`Locking mode, ${BATCHES} group commits of ${PER_BATCH} decisions, ${ROUNDS} rounds (µs per decision, median of rounds)`);
for (const [mode, values] of Object.entries(results)) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(`  ${mode.padEnd(10)} ${fmt(percentile(sorted, 50))} µs/decision (rounds: ${values.map((v) => fmt(v)).join(', ')})`);
}
