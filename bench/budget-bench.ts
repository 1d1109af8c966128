// Decision cost with 1, 100 and 10,000 budgets in the tenant (issue 19). Each decision reads the
// budgets covering its call (tenant, agent, key, tool and their parents) through an index, checks
// them and reserves its amount in its own transaction, so the cost should follow the budgets that
// cover the call, not how many the tenant has. The tenant's budgets are spread as a platform team
// would set them: one tenant-wide budget, then one per agent (with the calling agent's nested in a
// team budget) and one per tool; each decision is covered by 4 of them. Decisions run one at a time
// through the real DecisionService and SqliteStore, in memory (no fsync, so the ratio shows the
// budget work rather than the disk) and on disk (durable, as served).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SigningKeyRing } from '../packages/server/src/signing-keys.ts';
import { SqliteStore } from '../packages/server/src/store/sqlite/sqlite-store.ts';
import { DecisionService } from '../packages/server/src/decision-service.ts';
import { newKeyRow } from '../packages/server/src/key-rows.ts';
import type { BudgetRow } from '../packages/server/src/store/budget-store.ts';
import { fmt, percentile } from './lib/measure.ts';

const TENANT = 'tn_bench';

function budgetRow(i: number, fields: Partial<BudgetRow>, now: number): BudgetRow {
  return {
    id: `bgt_bench_${i}`,
    tenantId: TENANT,
    name: `budget ${i}`,
    description: '',
    scope: 'agent',
    scopeId: `other-agent-${i}`,
    parentId: null,
    period: 'monthly',
    limitCents: 1_000_000_000,
    hardLimit: true,
    onExceed: 'hold',
    softLimitPct: 80,
    alertThresholdPct: 50,
    currency: 'USD',
    metadata: null,
    spentCents: 0,
    periodStart: 0,
    alertLevel: 0,
    alertPeriodStart: 0,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

export interface BudgetBenchRow {
  budgets: number;
  disk: boolean;
  p50: number;
  p99: number;
  mean: number;
}

async function measure(budgets: number, disk: boolean, decisions: number): Promise<BudgetBenchRow> {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-budgets-'));
  const store = new SqliteStore({ dataDir: disk ? dir : ':memory:' });
  try {
    const now = Date.now();
    await store.createTenant({ id: TENANT, name: 'bench', email: null, createdAt: now, settings: null, halted: null });
    const { row: key } = newKeyRow({ tenantId: TENANT, kind: 'agent', role: 'agent', name: 'buyer', agentId: 'buyer' }, now);
    await store.createKey(key);
    // The agent runs its tool without a human (an allow rule lifts the new agent's short-record hold).
    await store.createToolRule({
      id: 'tr_bench',
      tenantId: TENANT,
      name: 'allow buying',
      effect: 'allow',
      match_path: '/tools/buy_supplies',
      match_args: null,
      agent_ids: null,
      risk_at_least: null,
      description: '',
      enabled: true,
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
    if (budgets >= 1) await store.budgets.createBudget(budgetRow(0, { scope: 'tenant', scopeId: null }, now));
    if (budgets >= 100) {
      await store.budgets.createBudget(budgetRow(1, { scope: 'tool', scopeId: 'unused-team' }, now));
      await store.budgets.createBudget(budgetRow(2, { scope: 'agent', scopeId: 'buyer', parentId: 'bgt_bench_1' }, now));
      await store.budgets.createBudget(budgetRow(3, { scope: 'tool', scopeId: 'buy_supplies' }, now));
    }
    // The rest: one per other agent and one per other tool, none covering this call.
    for (let i = budgets >= 100 ? 4 : 1; i < budgets; i++) {
      await store.budgets.createBudget(budgetRow(i, i % 2 ? { scope: 'tool', scopeId: `tool-${i}` } : {}, now));
    }
    const service = new DecisionService(store, SigningKeyRing.loadOrCreate(dir));
    const samples: number[] = [];
    for (let i = 0; i < decisions + 50; i++) {
      const t0 = performance.now();
      const row = await service.decide(key, { path: '/tools/buy_supplies', payload: { item: `paper ${i}`, amount: 0.01 } });
      const t1 = performance.now();
      if (!row.verdict.startsWith('ALLOWED')) throw new Error(`expected ALLOWED, got ${row.verdict}: ${row.detail}`);
      if (i >= 50) samples.push((t1 - t0) * 1000);
    }
    if (budgets >= 1) {
      const reserved = (await store.budgets.getBudget(TENANT, 'bgt_bench_0', Date.now()))!.reservedCents;
      if (reserved !== decisions + 50) throw new Error(`expected ${decisions + 50} cents reserved, found ${reserved}`);
    }
    samples.sort((a, b) => a - b);
    return {
      budgets,
      disk,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runBudgetBench(log: (line: string) => void = console.log): Promise<BudgetBenchRow[]> {
  const rows: BudgetBenchRow[] = [];
  for (const disk of [false, true]) {
    for (const budgets of [0, 1, 100, 10_000]) {
      const row = await measure(budgets, disk, disk ? 300 : 1_000);
      rows.push(row);
      const base = rows.find((r) => r.disk === disk && r.budgets === 0)!;
      log(
        `  decision ${disk ? 'on disk' : 'in memory'}, ${budgets.toLocaleString('en-US')} budgets in the tenant: p50 ${fmt(row.p50)} µs, p99 ${fmt(row.p99)} µs, mean ${fmt(row.mean)} µs (${fmt(row.p50 / base.p50, 2)}× the p50 without budgets)`,
      );
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await runBudgetBench();
