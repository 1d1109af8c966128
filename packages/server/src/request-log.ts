// One access line per request. Fastify's own request logging writes two lines at `info` (`incoming
// request`, then `request completed`), each a synchronous write to stdout: issue 15 measured ~25 µs
// per request for the pair, the default level being `info`. One line after the answer carries what
// both said: method, URL, client address, status and time. Errors keep their own lines (handleError
// logs every 5xx); at `warn` and above no hook is added at all.
import type { App } from './context.ts';

export function logRequests(app: App): void {
  // `logger: false` gives Fastify's no-op logger, which cannot say its level.
  if (typeof app.log.isLevelEnabled !== 'function' || !app.log.isLevelEnabled('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
