// Issue 20, in process: agent-token verification per second (the JWT alone through jose, and the
// whole check a Bearer request pays: signature, claims, token row, identity and minting key in the
// SQLite store), and the SDK's fast-path checks (a local `allows`, and verifying a snapshot).
// Run: node --import tsx bench/identity-bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { jwtVerify } from 'jose';
import { canonicalJson, signText } from '@actiongate/engine';
import { FastPathGrant, verifyFastPathSnapshot } from '../packages/sdk/src/index.ts';
import { AgentTokenService } from '../packages/server/src/identity/agent-token-service.ts';
import { SigningKeyRing, SqliteStore } from '../packages/server/src/index.ts';
import { withBenchIdentity } from './lib/bench-identity.ts';
import { fmt, timeIt } from './lib/measure.ts';

async function perSecond(fn: () => Promise<unknown>, budgetMs = 2_000): Promise<{ perSecond: number; meanUs: number; n: number }> {
  for (let i = 0; i < 500; i++) await fn();
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < budgetMs) {
    await fn();
    n++;
  }
  const elapsed = performance.now() - start;
  return { perSecond: (n / elapsed) * 1000, meanUs: (elapsed / n) * 1000, n };
}

const dir = mkdtempSync(join(tmpdir(), 'actiongate-identity-bench-'));
const store = new SqliteStore({ dataDir: dir });
const ring = SigningKeyRing.ephemeral();
try {
  const { key, now } = await withBenchIdentity(store);
  const tokens = new AgentTokenService(store, ring, Date.now);
  const minted = await tokens.mint(key, { agent_id: 'bench-agent', scopes: ['/tools/search', '/tools/docs/'], ttl_seconds: 3600 });
  const publicKey = ring.current.publicKey;

  const jwtOnly = await perSecond(() =>
    jwtVerify(minted.token, publicKey, { algorithms: ['EdDSA'], issuer: 'actiongate', audience: 'actiongate' }),
  );
  const full = await perSecond(() => tokens.verify(minted.token));

  const snapshot = {
    v: 1 as const,
    grant_id: 'fpg_bench',
    tenant_id: key.tenantId,
    agent_id: 'bench-agent',
    tools: Array.from({ length: 64 }, (_, i) => (i % 2 ? `/tools/t${i}` : `/tools/tree${i}/`)),
    service: null,
    issued_at: now,
    refresh_at: now + 450_000,
    expires_at: now + 900_000,
    kid: ring.current.kid,
  };
  const text = canonicalJson(snapshot);
  const signature = signText(text, ring.current.privateKey);
  const keys = ring.publicKeys();
  const grant = new FastPathGrant('bench-agent', keys);
  grant.accept({ grant_id: 'fpg_bench', status: 'active', agent_id: 'bench-agent', detail: '', snapshot, snapshot_text: text, signature });
  const paths = ['/tools/t63', '/tools/tree62/read', '/tools/missing', '/tools/tree0/a/b'];
  let i = 0;
  const local = timeIt(() => grant.allows(paths[i++ & 3], now));
  const verifySnapshot = timeIt(() => verifyFastPathSnapshot(text, signature, keys), { warmup: 200, iterations: 5_000 });

  const rows = [
    ['agent token: JWT signature + claims (jose, EdDSA)', `${fmt(jwtOnly.perSecond)}/s`, `${jwtOnly.meanUs.toFixed(1)} µs mean`],
    ['agent token: full Bearer check (JWT + token, identity, key rows)', `${fmt(full.perSecond)}/s`, `${full.meanUs.toFixed(1)} µs mean`],
    [
      'fast path: local allows() over 64 tools',
      `${fmt(1e6 / local.mean)}/s`,
      `p50 ${local.p50.toFixed(2)} µs, p99 ${local.p99.toFixed(2)} µs`,
    ],
    [
      'fast path: verify a snapshot (Ed25519, 64 tools)',
      `${fmt(1e6 / verifySnapshot.mean)}/s`,
      `p50 ${verifySnapshot.p50.toFixed(1)} µs, p99 ${verifySnapshot.p99.toFixed(1)} µs`,
    ],
  ];
  console.log('| case | rate (one thread) | time |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
