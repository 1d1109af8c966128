// The approval lookup every decision makes twice (an approved, then a pending approval of exactly
// this call), timed with the server's own prepared statement as the number of pending approvals
// in the tenant grows, beside the same SQL pinned to the index made for it. Held calls of new
// agents leave pending approvals behind (up to their TTL), so this number grows with traffic.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteStore } from '../packages/server/src/store/sqlite/sqlite-store.ts';
import { fmt, timeIt, type Timing } from './lib/measure.ts';

export interface ApprovalLookupRow {
  pending: number;
  plan: string;
  store: Timing;
  unpinned: Timing;
}

export async function runApprovalLookupBench(log: (line: string) => void = console.log): Promise<ApprovalLookupRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-approvals-'));
  const store = new SqliteStore({ dataDir: dir });
  try {
    const db: Database.Database = store.db;
    // The store keeps its prepared statements private; the benchmark reads the one it really runs.
    const statement = (store as unknown as { statements?: Record<string, Database.Statement> }).statements?.approvalsForCall;
    if (!statement) {
      log('  approval lookup: the store has no `approvalsForCall` statement any more; skipped');
      return [];
    }
    // The same query left to the planner, for comparison: it may pick approvals_by_expiry and scan.
    const unpinned = db.prepare(statement.source.replace(/ INDEXED BY approvals_by_call/, ''));
    const now = Date.now();
    const insert = db.prepare(
      `INSERT INTO approvals (id, tenant_id, agent_id, path, payload, payload_hash, requested_by_key_id, decision_id, status, risk, reasons, detail, created_at, expires_at)
       VALUES (?, 'tn_bench', ?, '/tools/search_documents', '{}', ?, 'key_bench', ?, 'pending', 'low', '[]', 'held', ?, ?)`,
    );
    const rows: ApprovalLookupRow[] = [];
    let filled = 0;
    for (const pending of [1_000, 10_000, 100_000]) {
      db.transaction(() => {
        for (; filled < pending; filled++)
          insert.run(`apr_b${filled}`, `new-${filled}`, `h${filled}`, `fd_b${filled}`, now - filled, now + 3_600_000);
      })();
      const args = ['tn_bench', 'worker-1', '/tools/search_documents', 'absent-hash', now];
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${statement.source}`).all(...args) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join('; ');
      const few = { iterations: 2_000, warmup: 50, budgetMs: 1_500 };
      const row = { pending, plan, store: timeIt(() => statement.all(...args), few), unpinned: timeIt(() => unpinned.all(...args), few) };
      rows.push(row);
      log(
        `  approval lookup, ${pending.toLocaleString('en-US')} pending: store's statement p50 ${fmt(row.store.p50)} µs (${plan}); left to the planner p50 ${fmt(row.unpinned.p50)} µs`,
      );
    }
    return rows;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runApprovalLookupBench();
