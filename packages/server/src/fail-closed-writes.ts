// While the store has a fault (issue 23), nothing that changes state is attempted: every request
// but GET/HEAD answers 503 with the reason at once (decisions included), and reads keep being served
// from what the store holds. A passing fault (a full disk) adds Retry-After.
import type { App, AppContext } from './context.ts';
import { ApiError } from './errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function refuseWritesOnStorageFault(app: App, ctx: AppContext): void {
  // Callback style, not async: the check is synchronous, and runs on every request (issue 15).
  app.addHook('onRequest', (request, _reply, done) => {
    const fault = READS.has(request.method) ? null : ctx.store.storageFault();
    if (!fault) return done();
    throw new ApiError(
      'AG_STORAGE_FAULT',
      `the store cannot record anything now: ${fault.detail}; nothing was decided or changed`,
      fault.permanent ? {} : { 'retry-after': '5' },
    );
  });
}
