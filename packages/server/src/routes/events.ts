// The tenant's live events: decisions, approvals and the kill switch, as Server-Sent Events
// (`mode=sse`, resumable with `Last-Event-ID`) or as pages (`mode=polling&after=`).
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { EventBus } from '../events/event-bus.ts';
import { presentEvent } from '../events/present-event.ts';
import { streamEvents } from '../events/sse-stream.ts';
import { errorResponses, EventPage, EventStreamQuery } from '../schemas.ts';

/** Heartbeat of open streams; proxies commonly drop connections silent for 30 to 60 s. */
const HEARTBEAT_MS = 15_000;
/** Each open stream holds a socket and a timer; a tenant gets this many at once. */
const MAX_STREAMS_PER_TENANT = 64;

function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,15}$/.test(value)) {
    throw new ValidationFailed([
      { loc: ['header', 'last-event-id'], msg: `\`${value.slice(0, 40)}\` is not an event id`, type: 'int_parsing' },
    ]);
  }
  return Number(value);
}

export function eventRoutes(app: App, ctx: AppContext, options: { heartbeatMs?: number } = {}): EventBus {
  const bus = new EventBus(ctx.store);
  // Open streams would keep app.close() waiting forever; end them first.
  app.addHook('preClose', async () => bus.close());

  app.get(
    '/fabric/events',
    { schema: { querystring: EventStreamQuery, response: { 200: EventPage, ...errorResponses(429) } }, config: { access: 'approver' } },
    async (request, reply) => {
      const key = keyOf(request);
      const { mode = 'polling', limit = 100 } = request.query;
      const resumeFrom = lastEventIdOf(request.headers['last-event-id']) ?? request.query.after;
      if (mode === 'sse') {
        if (bus.countFor(key.tenantId) >= MAX_STREAMS_PER_TENANT) {
          throw new ApiError(
            'AG_THROTTLED',
            `this tenant already has ${MAX_STREAMS_PER_TENANT} open event streams; close one or use mode=polling`,
            {
              'retry-after': '5',
            },
          );
        }
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
    },
  );
  return bus;
}
