// One access line per request at `info` (request-log.ts): method, URL, status and time in one line,
// not Fastify's two; nothing per request at `warn`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { startServer } from './support/test-server.ts';

async function logOf(level: string, requests: (server: Awaited<ReturnType<typeof startServer>>) => Promise<void>) {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const server = await startServer({}, { logger: { level, stream } as FastifyServerOptions['logger'] });
  try {
    lines.length = 0; // start-up lines
    await requests(server);
  } finally {
    await server.close();
  }
  return lines;
}

test('at info each request is logged once, after its answer, with its status and time', async () => {
  const lines = await logOf('info', async (server) => {
    assert.equal((await server.call('GET', '/healthz')).status, 200);
    assert.equal((await server.call('GET', '/fabric/agents')).status, 200);
    assert.equal((await server.call('GET', '/fabric/agents', { key: 'fk_wrong' })).status, 401);
    assert.equal((await server.call('GET', '/fabric/no-such-route')).status, 404);
  });
  const requests = lines.filter((line) => line.req || line.res);
  assert.deepEqual(
    requests.map((line) => [line.msg, line.req?.method, line.req?.url, line.res?.statusCode]),
    [
      ['request completed', 'GET', '/healthz', 200],
      ['request completed', 'GET', '/fabric/agents', 200],
      ['request completed', 'GET', '/fabric/agents', 401],
      ['request completed', 'GET', '/fabric/no-such-route', 404],
    ],
  );
  for (const line of requests) {
    assert.equal(typeof line.responseTime, 'number');
    assert.equal(typeof line.reqId, 'string');
    assert.equal(line.req.remoteAddress, '127.0.0.1');
  }
  assert.equal(lines.filter((line) => line.msg === 'incoming request').length, 0);
});

test('at warn no request is logged', async () => {
  const lines = await logOf('warn', async (server) => {
    assert.equal((await server.call('GET', '/healthz')).status, 200);
    assert.equal((await server.call('GET', '/fabric/agents')).status, 200);
  });
  assert.deepEqual(
    lines.filter((line) => line.req || line.res),
    [],
  );
});
