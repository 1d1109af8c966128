// Issue 15: what a Bearer request's token check costs the server, in process (one thread, temp
// SQLite store): a token met for the first time (jose's EdDSA signature and claims, then the token,
// identity and minting key rows) against one met again (verified-tokens.ts: the rows only). Rounds
// alternate the two; CPU time per check from process.cpuUsage.
//   node --import tsx bench/http-bearer-verify.ts [tokens per round=1000] [rounds=6]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentTokenService } from '../packages/server/src/identity/agent-token-service.ts';
import { SigningKeyRing, SqliteStore } from '../packages/server/src/index.ts';
import { withBenchIdentity } from './lib/bench-identity.ts';
import { fmt } from './lib/measure.ts';

const [perRound, rounds] = [1000, 6].map((fallback, i) => Number(process.argv[2 + i] ?? fallback));
const dir = mkdtempSync(join(tmpdir(), 'actiongate-bearer-verify-'));
const store = new SqliteStore({ dataDir: dir });
try {
  const { key } = await withBenchIdentity(store);
  const tokens = new AgentTokenService(store, SigningKeyRing.ephemeral(), Date.now);
  const mint = async () => (await tokens.mint(key, { agent_id: 'bench-agent', scopes: ['/tools/search'], ttl_seconds: 3600 })).token;
  const again = await mint();
  const cpuPerCheck = async (list: () => Promise<string[]>) => {
    const batch = await list();
    const before = process.cpuUsage();
    for (const token of batch) await tokens.verify(token);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / batch.length;
  };
  const fresh: number[] = [];
  const kept: number[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    // The first round warms both paths up and is not counted.
    const first = await cpuPerCheck(async () => Promise.all(Array.from({ length: perRound }, mint)));
    const second = await cpuPerCheck(async () => Array.from({ length: perRound }, () => again));
    if (r > 0) (fresh.push(first), kept.push(second));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`token met for the first time: ${fresh.map(fmt).join(' / ')} µs CPU per check (median ${fmt(median(fresh))})`);
  console.log(`token met again:              ${kept.map(fmt).join(' / ')} µs CPU per check (median ${fmt(median(kept))})`);
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
