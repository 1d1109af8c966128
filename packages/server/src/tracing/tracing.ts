// Tracing through OpenTelemetry. A W3C `traceparent` header makes the caller's trace the parent
// of ours (and its trace id the decision's `trace_id` when the body names none). With
// OTEL_EXPORTER_OTLP_ENDPOINT set, spans (request, decide, sign, commit) are exported over
// OTLP/HTTP in batches; without it the tracer is OpenTelemetry's no-op and costs nothing.
import { createRequire } from 'node:module';
import { ROOT_CONTEXT, trace, type Context, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { TracerProvider } from '@opentelemetry/sdk-trace';

/**
 * The exporter, the SDK's provider and its resources, loaded only by a server that exports spans: at
 * every start they cost ~0.2 s of CPU (the exporter's transformer and what it loads), and most servers
 * (every test server) export nothing. Required, as the CommonJS packages they are, since the
 * constructor below is synchronous.
 */
function exportingSdk() {
  const require = createRequire(import.meta.url);
  return {
    ...(require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http')),
    ...(require('@opentelemetry/resources') as typeof import('@opentelemetry/resources')),
    ...(require('@opentelemetry/sdk-trace') as typeof import('@opentelemetry/sdk-trace')),
  };
}

const propagator = new W3CTraceContextPropagator();
const headerGetter = {
  keys: (carrier: Record<string, unknown>) => Object.keys(carrier),
  get: (carrier: Record<string, unknown>, key: string) => carrier[key] as string | string[] | undefined,
};

export interface TracingOptions {
  /** OTLP/HTTP base address (`OTEL_EXPORTER_OTLP_ENDPOINT`); spans go to `<endpoint>/v1/traces`. */
  endpoint: string | null;
  serviceName?: string;
}

export class Tracing {
  readonly tracer: Tracer;
  /** Whether spans go anywhere: without an endpoint every span is a no-op, and the request span is not made at all. */
  readonly enabled: boolean;
  private readonly provider: TracerProvider | null;

  constructor(options: TracingOptions) {
    this.enabled = Boolean(options.endpoint);
    if (options.endpoint) {
      const url = `${options.endpoint.replace(/\/+$/, '')}/v1/traces`;
      const { OTLPTraceExporter, resourceFromAttributes, BatchSpanProcessor, TracerProvider } = exportingSdk();
      // The provider is this app's own, not registered globally: two servers in one process
      // (the tests) never share spans.
      this.provider = new TracerProvider({
        resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'actiongate' }),
        spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
      });
      this.tracer = this.provider.getTracer('actiongate');
    } else {
      this.provider = null;
      this.tracer = trace.getTracer('actiongate');
    }
  }

  /** The caller's trace from a valid `traceparent` header, or the root context. */
  extract(headers: Record<string, unknown>): Context {
    return propagator.extract(ROOT_CONTEXT, headers, headerGetter);
  }

  /** The 32-hex trace id a valid `traceparent` header carries. */
  traceIdOf(headers: Record<string, unknown>): string | undefined {
    return trace.getSpanContext(this.extract(headers))?.traceId;
  }

  /** Sends what is buffered and stops (server shutdown). */
  async shutdown(): Promise<void> {
    await this.provider?.shutdown();
  }
}
