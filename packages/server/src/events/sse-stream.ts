// One Server-Sent Events stream: the backlog after the client's position (`Last-Event-ID` or
// `after=`), then live events as they commit, with heartbeats. A stream ends when the client goes,
// when the server closes, when its key is revoked, or when the client stops reading (it resumes).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventRow } from '../store/event-store.ts';
import type { KeyRow, Store } from '../store/store.ts';
import type { EventBus } from './event-bus.ts';
import { sseMessage } from './present-event.ts';

export interface SseOptions {
  store: Store;
  bus: EventBus;
  key: KeyRow;
  /** Events after this id are sent; the backlog is read from the store. */
  after: number;
  heartbeatMs: number;
  /** A client this far behind (bytes not yet taken) is dropped; it reconnects with `Last-Event-ID`. */
  maxBufferedBytes?: number;
}

const PAGE = 500;

export function streamEvents(request: FastifyRequest, reply: FastifyReply, options: SseOptions): void {
  const { store, bus, key } = options;
  const maxBuffered = options.maxBufferedBytes ?? 1 << 20;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  res.write('retry: 2000\n\n');

  let lastSent = options.after;
  let live = false;
  let ended = false;
  const waiting: EventRow[] = [];

  const send = (event: EventRow) => {
    if (ended || event.seq <= lastSent) return;
    lastSent = event.seq;
    res.write(sseMessage(event));
    if (res.writableLength > maxBuffered) end();
  };
  const unsubscribe = bus.subscribe(key.tenantId, {
    deliver: (event) => (live ? send(event) : waiting.push(event)),
    close: () => end(),
  });
  const heartbeat = setInterval(() => {
    void (async () => {
      // A key revoked while its stream is open loses the stream at the next heartbeat.
      const current = await store.findKeyByHash(key.keyHash).catch(() => null);
      if (!current || current.revokedAt !== null) return end();
      if (!ended) res.write(': heartbeat\n\n');
    })();
  }, options.heartbeatMs);
  heartbeat.unref();

  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  }
  // The response closes when the client goes away (or the stream ends): stop delivering to it.
  res.on('close', end);
  res.on('error', end);

  // Subscribed first, then the backlog: an event committed in between is in one or the other, and
  // `send` skips what was already sent.
  void (async () => {
    try {
      for (;;) {
        const page = await store.listEvents(key.tenantId, lastSent, PAGE);
        for (const event of page) send(event);
        if (page.length < PAGE || ended) break;
      }
      live = true;
      for (const event of waiting.splice(0)) send(event);
    } catch (error) {
      request.log.error({ err: error }, 'event stream backlog failed');
      end();
    }
  })();
}
