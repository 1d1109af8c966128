// Probes for orchestrators (issue 23). `/healthz`: the process lives and its event loop answers
// (liveness: restart me if this fails). `/readyz`: this node can decide now: the store answers and
// can write, its last group commit was durable, and it is not shedding load (readiness: send me
// traffic only while this is 200). Both need no key, are never throttled, and answer while shedding.
import type { App, AppContext } from '../context.ts';
import { isShedding } from '../load-shedding.ts';
import { Health } from '../schemas.ts';

export function healthRoutes(app: App, ctx: AppContext): void {
  const probe = { public: true, probe: true };
  app.get('/healthz', { schema: { response: { 200: Health } }, config: probe }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { response: { 200: Health, 503: Health } }, config: probe }, async (_request, reply) => {
    const reasons: string[] = [];
    if (!ctx.cluster.running) reasons.push(`node \`${ctx.cluster.nodeId}\` is out of service (a \`crash\` fault)`);
    const fault = ctx.store.storageFault();
    if (fault) reasons.push(`the store cannot write: ${fault.detail}`);
    else if (!(await ctx.store.ping())) reasons.push('the store is unreachable');
    if (isShedding(app)) reasons.push('shedding load (event loop or memory past its threshold)');
    if (reasons.length === 0) return { status: 'ok' };
    reply.code(503);
    return { status: 'unavailable', detail: reasons.join('; ') };
  });
}
