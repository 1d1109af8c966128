// One `request` span per HTTP request, child of the caller's `traceparent`; routes hand its
// context to the work they start (the decision's decide, sign and commit spans). Only while
// tracing is on (an OTLP endpoint is set).
import { SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { App } from '../context.ts';
import type { Tracing } from './tracing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request span's context: the parent of the spans a route starts. */
    traceContext: Context | null;
  }
}

const spans = new WeakMap<object, Span>();

export function requestSpans(app: App, tracing: Tracing): void {
  app.decorateRequest('traceContext', null);
  app.addHook('onClose', async () => tracing.shutdown());
  // Issue 15: with tracing off the span would be a no-op, but its three hooks ran on every request
  // (their promises, the context objects); `traceContext` stays null and the route's spans are no-ops too.
  if (!tracing.enabled) return;
  app.addHook('onRequest', async (request) => {
    const parent = tracing.extract(request.headers);
    const span = tracing.tracer.startSpan(
      'request',
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': request.routeOptions.url ?? request.url.split('?')[0] },
      },
      parent,
    );
    spans.set(request, span);
    request.traceContext = trace.setSpan(parent, span);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook('onRequestAbort', async (request) => {
    const span = spans.get(request);
    span?.setStatus({ code: SpanStatusCode.ERROR, message: 'client went away' });
    span?.end();
  });
}
