// The tenant's live events: decisions, approvals and the kill switch, as Server-Sent Events
// (`mode=sse`, resumable with `Last-Event-ID`) or as pages (`mode=polling&after=`).
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ValidationFailed } from '../errors.ts';
import { EventBus } from '../events/event-bus.ts';
import { presentEvent } from '../events/present-event.ts';
import { streamEvents } from '../events/sse-stream.ts';
import { EventStreamQuery } from '../schemas.ts';

/** Heartbeat of open streams; proxies commonly drop connections silent for 30 to 60 s. */
const HEARTBEAT_MS = 15_000;

function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,15}$/.test(value)) {
    throw new ValidationFailed([{ loc: ['header', 'last-event-id'], msg: `\`${value.slice(0, 40)}\` is not an event id`, type: 'int_parsing' }]);
  }
  return Number(value);
}

export function eventRoutes(app: App, ctx: AppContext, options: { heartbeatMs?: number } = {}): EventBus {
  const bus = new EventBus(ctx.store);
  // Open streams would keep app.close() waiting forever; end them first.
  app.addHook('preClose', async () => bus.close());

  app.get('/fabric/events', { schema: { querystring: EventStreamQuery }, config: { access: 'approver' } }, async (request, reply) => {
    const key = keyOf(request);
    const { mode = 'polling', limit = 100 } = request.query;
    const resumeFrom = lastEventIdOf(request.headers['last-event-id']) ?? request.query.after;
    if (mode === 'sse') {
      const after = resumeFrom ?? (await ctx.store.lastEventSeq(key.tenantId));
      streamEvents(request, reply, { store: ctx.store, bus, key, after, heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS });
      return reply;
    }
    const after = resumeFrom ?? 0;
    const [events, latest] = await Promise.all([ctx.store.listEvents(key.tenantId, after, limit), ctx.store.lastEventSeq(key.tenantId)]);
    const last = events[events.length - 1];
    return {
      events: events.map(presentEvent),
      last_event_id: String(last ? last.seq : after),
      latest_event_id: String(latest),
    };
  });
  return bus;
}
