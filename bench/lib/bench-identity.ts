// An SQLite store with its first admin key and one active `agent` identity (`bench-agent`, allowed
// `/tools/`, an hour to live), for the benches that mint and check agent tokens in process.
import { hashSecret } from '../../packages/server/src/ids.ts';
import { bootstrap, type SqliteStore } from '../../packages/server/src/index.ts';

export async function withBenchIdentity(store: SqliteStore) {
  const admin = await bootstrap(store, 'fk_bench_admin', Date.now());
  const key = (await store.findKeyByHash(hashSecret(admin!.apiKey)))!;
  const now = Date.now();
  await store.identities.createIdentity({
    id: 'idn_bench',
    tenantId: key.tenantId,
    kind: 'agent',
    displayName: 'bench',
    agentId: 'bench-agent',
    organization: null,
    capabilities: ['/tools/'],
    authorityScope: null,
    metadata: null,
    parentId: null,
    publicKey: 'x'.repeat(43),
    previousPublicKey: null,
    previousKeyValidUntil: null,
    keyVersion: 1,
    revokedAt: null,
    revokedReason: null,
    createdAt: now,
    expiresAt: now + 3600_000,
    rotatedAt: null,
    verifiedAt: null,
  });
  return { key, now };
}
