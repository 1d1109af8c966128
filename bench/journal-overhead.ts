// Cost of the tamper-evident journal on the decision path: the same in-process decisions through the
// real DecisionService and SqliteStore (WAL, synchronous=FULL, group commit), with the journal on and
// off, in alternating rounds of the same run so both see the same machine state.
// With `--http` the decisions go through the Fastify app (app.inject: routing, auth, validation,
// serialisation) instead of straight to the DecisionService. By default the 20 agents are new, so
// every call is held and also creates an approval (two entries per decision, the journal's worst
// case); with `--trusted` they have a long clean record, so calls are allowed (one entry each).
//   node --import tsx bench/journal-overhead.ts [decisions-per-round=2000] [rounds=3] [in-flight=50] [--http] [--trusted]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../packages/server/src/app.ts';
import { configFromEnv } from '../packages/server/src/config.ts';
import { DecisionService } from '../packages/server/src/decision-service.ts';
import { hashSecret } from '../packages/server/src/ids.ts';
import { SigningKeyRing } from '../packages/server/src/signing-keys.ts';
import { SqliteStore } from '../packages/server/src/store/sqlite/sqlite-store.ts';
import { bootstrap } from '../packages/server/src/tenants.ts';

const args = process.argv.slice(2);
const viaHttp = args.includes('--http');
const trusted = args.includes('--trusted');
const [perRound = 2000, rounds = 3, inFlight = 50] = args.filter((arg) => !arg.startsWith('--')).map(Number);
const ADMIN = 'fk_bench_journal_overhead';

async function round(journal: boolean, tag: string): Promise<{ perSecond: number; cpuMs: number; entries: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-journal-bench-'));
  const store = new SqliteStore({ dataDir: dir, journal });
  try {
    await bootstrap(store, ADMIN, Date.now());
    const key = (await store.findKeyByHash(hashSecret(ADMIN)))!;
    if (trusted) {
      await store.seedTrustRecord('tn_default', { keyId: key.id }, { approved: 1000, blocked: 0 }, Date.now());
      for (let a = 0; a < 20; a++)
        await store.seedTrustRecord('tn_default', { agentId: `agent-${a}` }, { approved: 1000, blocked: 0 }, Date.now());
    }
    const keyRing = SigningKeyRing.ephemeral();
    const service = new DecisionService(store, keyRing);
    const { app } = buildApp({ config: configFromEnv({ PORT: '0' }), store, keyRing, logger: false });
    await app.ready();
    const viaApp = async (body: object) => {
      const res = await app.inject({ method: 'POST', url: '/fabric/decisions', headers: { 'x-api-key': ADMIN }, payload: body });
      if (res.statusCode !== 200) throw new Error(`decision answered ${res.statusCode}: ${res.body}`);
    };
    const request = (i: number) => ({
      path: i % 2 ? '/tools/search' : '/tools/send_email',
      agent_id: `agent-${i % 20}`,
      payload: { q: `${tag} ${i}`, to: `user${i}@example.com`, body: 'x'.repeat(200) },
    });
    let next = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < perRound) {
          if (viaHttp) await viaApp(request(next++));
          else await service.decide(key, request(next++));
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return {
      perSecond: perRound / seconds,
      cpuMs: (cpu.user + cpu.system) / 1000 / perRound,
      entries: await store.journal.size('tn_default'),
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Record<'on' | 'off', number[]> = { on: [], off: [] };
const cpuMs: Record<'on' | 'off', number[]> = { on: [], off: [] };
let entries = 0;
for (let r = 0; r < rounds; r++) {
  for (const mode of r % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
    const result = await round(mode === 'on', `${mode}${r}`);
    results[mode].push(result.perSecond);
    cpuMs[mode].push(result.cpuMs);
    if (mode === 'on') entries = result.entries;
    console.log(
      `round ${r + 1} journal ${mode.padEnd(3)} ${result.perSecond.toFixed(0)} decisions/s, ${result.cpuMs.toFixed(3)} ms CPU each`,
    );
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const on = median(results.on);
const off = median(results.off);
console.log(
  `\n${viaHttp ? 'through the app (inject)' : 'through the DecisionService'}, ${trusted ? 'trusted' : 'new'} agents: ${perRound} decisions per round, ${inFlight} in flight, ${rounds} rounds; median: journal off ${off.toFixed(0)}/s, ` +
    `journal on ${on.toFixed(0)}/s (${(((off - on) / off) * 100).toFixed(1)}% slower; ${entries} entries per ${perRound} decisions)\n` +
    `CPU per decision (median): off ${median(cpuMs.off).toFixed(3)} ms, on ${median(cpuMs.on).toFixed(3)} ms`,
);
