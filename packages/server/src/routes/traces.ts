// Traces: callers record events in a trace; decisions join one by their `trace_id`. A trace reads
// back as one timeline of both, in time order.
import { randomBytes, randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { iso, presentDecision } from '../present.ts';
import { EventRequest, Trace, TraceEvent, TraceList, TraceParams } from '../schemas.ts';
import type { TraceEventRow } from '../store/trace-store.ts';

const TIMELINE_LIMIT = 1000;

function presentTraceEvent(event: TraceEventRow) {
  return {
    event_id: event.id,
    trace_id: event.traceId,
    span_id: event.spanId,
    parent_span_id: event.parentSpanId,
    name: event.name,
    kind: event.kind,
    status: event.status,
    attributes: event.attributes,
    payload: event.payload ?? null,
    key_id: event.keyId,
    agent_id: event.agentId,
    created_at: iso(event.createdAt),
  };
}

export function traceRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/traces/:trace_id/events',
    { schema: { params: TraceParams, body: EventRequest, response: { 201: TraceEvent } }, config: { access: 'agent' } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const event: TraceEventRow = {
        id: `ev_${randomUUID().replaceAll('-', '')}`,
        tenantId: key.tenantId,
        traceId: request.params.trace_id,
        spanId: randomBytes(8).toString('hex'),
        parentSpanId: body.parent_span_id ?? null,
        name: body.name,
        kind: body.kind ?? 'INTERNAL',
        status: body.status ?? 'OK',
        attributes: (body.attributes ?? {}) as Record<string, unknown>,
        payload: body.payload ?? null,
        keyId: key.id,
        agentId: key.agentId,
        createdAt: ctx.clock(),
      };
      await ctx.store.addTraceEvent(event);
      reply.code(201);
      return presentTraceEvent(event);
    },
  );

  app.get(
    '/fabric/traces',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })) }),
        response: { 200: TraceList },
      },
      config: { access: 'approver' },
    },
    async (request) => {
      const traces = await ctx.store.listTraces(keyOf(request).tenantId, request.query.limit ?? 50);
      return {
        traces: traces.map((t) => ({
          trace_id: t.traceId,
          decisions: t.decisions,
          events: t.events,
          first_at: iso(t.firstAt),
          last_at: iso(t.lastAt),
        })),
      };
    },
  );

  app.get(
    '/fabric/traces/:trace_id',
    { schema: { params: TraceParams, response: { 200: Trace } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      const traceId = request.params.trace_id;
      const { decisions, events } = await ctx.store.getTrace(key.tenantId, traceId, TIMELINE_LIMIT);
      if (decisions.length === 0 && events.length === 0) throw new ApiError('AG_NOT_FOUND', `trace \`${traceId}\` not found`);
      const items = [
        ...decisions.map((row) => ({ at: row.createdAt, type: 'decision' as const, decision: presentDecision(row, false) })),
        ...events.map((event) => ({ at: event.createdAt, type: 'event' as const, event: presentTraceEvent(event) })),
      ];
      // Stable sort: within one millisecond, decisions come before events (each kind in its recorded order).
      items.sort((a, b) => a.at - b.at);
      return { trace_id: traceId, items: items.map((item) => ({ ...item, at: iso(item.at) })) };
    },
  );
}
