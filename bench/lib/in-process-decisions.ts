// Issue 15: the real app built in this process (temp data dir, default SQLite store, durable group
// commit), seeded through its HTTP API, and one call that has `DecisionService.decide()` decide the
// ~300 B low-risk calls of latency-bench.ts for the seeded `normal` agents in turn. Shared by the
// in-process benches; `root` is the checkout whose server code runs (another worktree for a baseline).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seed } from '../http/seed.ts';
import { LOW_RISK_PATH } from '../http/workload.ts';
import { payloadOfSize } from './payloads.ts';

export async function startInProcessDecisions(tag: string, root: string | undefined) {
  const checkout = resolve(root ?? join(import.meta.dirname, '../..'));
  const load = async (path: string) => import(pathToFileURL(join(checkout, 'packages/server/src', path)).href);
  const { buildApp } = await load('app.ts');
  const { configFromEnv } = await load('config.ts');
  const { SigningKeyRing } = await load('signing-keys.ts');
  const { openStore } = await load('store/open-store.ts');
  const { bootstrap } = await load('tenants.ts');
  const { hashSecret } = await load('ids.ts');
  const { walSyncObservers } = await load('store/sqlite/wal-sync.ts');
  const dataDir = mkdtempSync(join(tmpdir(), `actiongate-${tag}-`));
  const adminKey = `fk_${tag}_bench_${process.pid}_admin`;
  const config = configFromEnv({
    ...process.env,
    ACTIONGATE_DATA_DIR: dataDir,
    ACTIONGATE_ADMIN_KEY: adminKey,
    ACTIONGATE_LOG_LEVEL: 'warn',
  });
  const store = await openStore(config);
  const { app, ctx } = buildApp({ config, store, keyRing: SigningKeyRing.loadOrCreate(dataDir) });
  const close = async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await bootstrap(store, adminKey, Date.now());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const agents = (await seed(`http://127.0.0.1:${port}`, adminKey, 20)).normal;
    const keys = await Promise.all(
      agents.map(async ({ key, agentId }) => ({ row: (await store.findKeyByHash(hashSecret(key)))!, agentId })),
    );
    const template = payloadOfSize(230);
    let n = 0;
    /** Decides the next call; returns its verdict. */
    const decideOne = async (): Promise<string> => {
      const { row, agentId } = keys[n % keys.length];
      const payload = { ...template, request_id: `${tag}-${n++}` };
      return (await ctx.decisions.decide(row, { path: LOW_RISK_PATH, agent_id: agentId, payload } as never)).verdict;
    };
    /** Decides `count` calls with `inflight` in flight at a time. */
    const round = async (count: number, inflight: number) => {
      let left = count;
      await Promise.all(
        Array.from({ length: inflight }, async () => {
          while (left-- > 0) await decideOne();
        }),
      );
    };
    return {
      store,
      dataDir,
      decideOne,
      round,
      close,
      walSyncObservers: walSyncObservers as Set<(seconds: number, failed: boolean) => void>,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
