// Load shedding (issue 23) with @fastify/under-pressure: past an event-loop delay or memory
// threshold (config.ts `shedding`), every request but the health probes answers 503 with
// `Retry-After` at once, before its body is read or a key looked up: never a verdict, and cheap
// enough that a saturated node sheds its backlog instead of answering everything seconds late.
// The probes keep answering, `/readyz` saying "shedding" so a load balancer sends traffic elsewhere.
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SheddingConfig } from './config.ts';
import type { App } from './context.ts';
import { ERRORS } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A health probe: answered even while shedding, and never throttled. */
    probe?: boolean;
  }
}

const WHAT: Record<string, string> = {
  eventLoopDelay: 'event-loop delay',
  heapUsedBytes: 'heap in use',
  rssBytes: 'resident memory',
};

/** When shedding may start: the first samples after start measure the start-up itself, not load. */
const armedAt = new WeakMap<object, number>();

export function registerLoadShedding(app: App, config: SheddingConfig): void {
  armedAt.set(app, Infinity);
  app.addHook('onReady', async () => {
    armedAt.set(app, Date.now() + 2 * config.sampleIntervalMs);
  });
  app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    maxRssBytes: config.maxRssBytes,
    sampleInterval: config.sampleIntervalMs,
    retryAfter: config.retryAfterSeconds,
    // Typed as returning void, but under-pressure sends a returned value (index.js `handlePressure`).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      // Go on: probes always answer, and nothing is shed on the start-up's own samples.
      if (request.routeOptions.config?.probe || Date.now() < (armedAt.get(app) ?? Infinity)) return undefined;
      // No sample at all in an interval (the loop never turned) reads as Infinity.
      const delay = Number.isFinite(value) ? `${Math.round(value!)} ms` : `over ${config.sampleIntervalMs} ms`;
      const measured = type === 'eventLoopDelay' ? delay : `${Math.round((value ?? 0) / 1e6)} MB`;
      request.log.warn({ type, value }, 'shedding load');
      reply.code(503).header('retry-after', String(config.retryAfterSeconds));
      // under-pressure sends what the handler returns.
      return {
        detail: `${ERRORS.AG_OVERLOADED.message} (${WHAT[type] ?? type} ${measured} is past the threshold)`,
        code: 'AG_OVERLOADED',
      };
    }) as never,
  });
}

/** Whether the node is shedding now (false before the plugin loaded). */
export function isShedding(app: App): boolean {
  const check = (app as unknown as { isUnderPressure?: () => boolean }).isUnderPressure;
  if (typeof check !== 'function' || Date.now() < (armedAt.get(app) ?? Infinity)) return false;
  return check.call(app);
}
