// Issue 15: the in-process app (in-process-app.ts) deciding the ~300 B low-risk calls of
// latency-bench.ts for its seeded `normal` agents in turn, through `DecisionService.decide()`.
// `root`: the checkout whose server code runs (default this one).
import { hashSecret } from '../../packages/server/src/ids.ts';
import { LOW_RISK_PATH } from '../http/workload.ts';
import { serverModule, startInProcessApp } from './in-process-app.ts';
import { payloadOfSize } from './payloads.ts';

export async function startInProcessDecisions(tag: string, root: string | undefined) {
  const { walSyncObservers } = await serverModule(root, 'store/sqlite/wal-sync.ts');
  const { ctx, store, agents, dataDir, close } = await startInProcessApp(tag, 20, root);
  const keys = await Promise.all(agents.map(async ({ key, agentId }) => ({ row: (await store.findKeyByHash(hashSecret(key)))!, agentId })));
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
    /** The WAL sync observers of that checkout's store (wal-sync.ts). */
    walSyncObservers: walSyncObservers as Set<(seconds: number, failed: boolean) => void>,
  };
}
