// While the store has a fault (issue 23), nothing that changes state is attempted: every request
// but GET/HEAD answers 503 with the reason at once (decisions included), and reads keep being served
// from what the store holds. A passing fault (a full disk) adds Retry-After.
import type { App, AppContext } from './context.ts';
import { ApiError } from './errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function refuseWritesOnStorageFault(app: App, ctx: AppContext): void {
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method)) return;
    const fault = ctx.store.storageFault();
    if (!fault) return;
    throw new ApiError(
      'AG_STORAGE_FAULT',
      `the store cannot record anything now: ${fault.detail}; nothing was decided or changed`,
      fault.permanent ? {} : { 'retry-after': '5' },
    );
  });
}
