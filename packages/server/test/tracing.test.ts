// Tracing: a W3C `traceparent` header becomes the decision's trace_id, and with
// OTEL_EXPORTER_OTLP_ENDPOINT set the request, decide, sign and commit spans reach an OTLP/HTTP
// receiver this test runs on 127.0.0.1, as children of the caller's span.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from './support/test-server.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_SPAN}-01`;

test('a traceparent header becomes the trace_id of the decision; a trace_id in the body wins', async () => {
  const server = await startServer();
  try {
    const agent = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'traced' } })).body.agent_key;
    // The decision's answer is the spec's short record; the stored record carries trace_id.
    const decide = async (body: object, headers: Record<string, string>) => {
      const made = await server.call('POST', '/fabric/decisions', { key: agent, body, headers });
      assert.equal(made.status, 200);
      return server.call('GET', `/fabric/decisions/${made.body.decision_id}`);
    };
    const fromHeader = await decide({ path: '/tools/read_file' }, { traceparent: TRACEPARENT });
    assert.equal(fromHeader.status, 200);
    assert.equal(fromHeader.body.trace_id, TRACE_ID);
    const trace = await server.call('GET', `/fabric/traces/${TRACE_ID}`);
    assert.equal(trace.status, 200);
    assert.equal(trace.body.items.filter((item: any) => item.type === 'decision').length, 1);

    const fromBody = await decide({ path: '/tools/read_file', trace_id: 'run-42' }, { traceparent: TRACEPARENT });
    assert.equal(fromBody.body.trace_id, 'run-42');
    const malformed = await decide({ path: '/tools/read_file' }, { traceparent: '00-not-a-trace-01' });
    assert.equal(malformed.status, 200);
    assert.equal(malformed.body.trace_id ?? null, null, 'an invalid traceparent is ignored');
  } finally {
    await server.close();
  }
});

test('with OTEL_EXPORTER_OTLP_ENDPOINT the request, decide, sign and commit spans are exported over OTLP/HTTP', async () => {
  const received: any[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url, type: request.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString()) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  try {
    const server = await startServer({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    const agent = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'traced' } })).body.agent_key;
    const made = await server.call('POST', '/fabric/decisions', {
      key: agent,
      body: { path: '/tools/send_email', payload: { to: 'a@example.com' } },
      headers: { traceparent: TRACEPARENT },
    });
    assert.equal(made.status, 200);
    // Closing the server flushes the batch of spans to the receiver.
    await server.close();

    assert.ok(received.length > 0, 'the receiver got an export');
    for (const post of received) {
      assert.equal(post.path, '/v1/traces');
      assert.match(post.type, /^application\/json/);
    }
    const spans = received.flatMap((post) =>
      post.body.resourceSpans.flatMap((resource: any) => {
        const service = resource.resource.attributes.find((a: any) => a.key === 'service.name')?.value.stringValue;
        return resource.scopeSpans.flatMap((scope: any) => scope.spans.map((span: any) => ({ ...span, service })));
      }),
    );
    const ours = spans.filter((span) => span.traceId === TRACE_ID);
    const byName = (name: string) => {
      const found = ours.filter((span) => span.name === name);
      assert.equal(found.length, 1, `one ${name} span in the caller's trace (got ${ours.map((s) => s.name).join(', ')})`);
      return found[0];
    };
    const request = byName('request');
    assert.equal(request.parentSpanId, PARENT_SPAN, "the request span is a child of the caller's span");
    assert.equal(request.service, 'actiongate');
    for (const name of ['decide', 'sign', 'commit']) {
      assert.equal(byName(name).parentSpanId, request.spanId, `${name} is a child of the request span`);
    }
    const verdict = byName('decide').attributes.find((a: any) => a.key === 'actiongate.verdict')?.value.stringValue;
    assert.equal(verdict, made.body.verdict);
    const status = request.attributes.find((a: any) => a.key === 'http.response.status_code')?.value.intValue;
    assert.equal(Number(status), 200);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
