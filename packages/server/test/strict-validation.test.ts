// Strict, readable validation: an unknown field is a 422 naming it (never silently dropped), a bad
// enum value is one message listing what is allowed, bodies are not type-coerced, and Fastify's
// own errors (empty body, bad JSON, wrong content type) answer with our codes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
});

test('a decision sent with `args` instead of `payload` is a 422 naming `args`, not a decision on {}', async () => {
  const sent = await server.call('POST', '/fabric/decisions', { body: { path: '/tools/send_email', agent_id: 'a', args: { to: 'x' } } });
  assert.equal(sent.status, 422);
  assert.deepEqual(sent.body, {
    detail: [
      {
        loc: ['body', 'args'],
        msg: 'unknown field `args`; allowed: path, agent_id, payload, trace_id',
        type: 'extra_forbidden',
      },
    ],
    code: 'AG_VALIDATION',
  });
  const listed = await server.call('GET', '/fabric/decisions');
  assert.equal(listed.body.decisions.length, 0, 'nothing was decided');
});

test('unknown fields in nested objects are named with their place', async () => {
  const rule = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'r', effect: 'deny', match_path: '/tools/x', match_args: [{ field: 'to', op: 'eq', valu: 1 }] },
  });
  assert.equal(rule.status, 422);
  assert.deepEqual(rule.body.detail, [
    {
      loc: ['body', 'match_args', 0, 'valu'],
      msg: 'unknown field `valu`; allowed: field, op, value, negate',
      type: 'extra_forbidden',
    },
  ]);
  const settings = await server.call('PATCH', '/fabric/settings', { body: { thresholds: { trusted_min: 3 } } });
  assert.equal(settings.status, 422);
  assert.deepEqual(settings.body.detail[0].loc, ['body', 'thresholds', 'trusted_min']);
});

test('a bad enum value is one message listing the allowed values', async () => {
  const rule = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'r', effect: 'maybe', match_path: '/tools/x', match_args: [{ field: 'to', op: 'equals', value: 1 }] },
  });
  assert.equal(rule.status, 422);
  assert.deepEqual(rule.body.detail, [
    { loc: ['body', 'effect'], msg: 'effect must be one of: allow, deny, require_approval', type: 'enum' },
    {
      loc: ['body', 'match_args', 0, 'op'],
      msg: 'match_args.0.op must be one of: eq, ne, in, not_in, gt, gte, lt, lte, contains, prefix, suffix, glob, regex, exists',
      type: 'enum',
    },
  ]);
  const nullable = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'r', effect: 'deny', match_path: '/tools/x', risk_at_least: 'huge' },
  });
  assert.deepEqual(nullable.body.detail, [
    { loc: ['body', 'risk_at_least'], msg: 'risk_at_least must be one of: low, medium, high, critical, null', type: 'enum' },
  ]);
});

test('bodies are not coerced: a string is not an array, "5" is not a number', async () => {
  const rule = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'r', effect: 'deny', match_path: '/tools/x', match_args: 'to' },
  });
  assert.deepEqual(rule.body.detail, [{ loc: ['body', 'match_args'], msg: 'match_args must be array or null', type: 'union_error' }]);
  const settings = await server.call('PATCH', '/fabric/settings', { body: { approval_ttl_seconds: '600' } });
  assert.equal(settings.status, 422);
  assert.deepEqual(settings.body.detail, [
    { loc: ['body', 'approval_ttl_seconds'], msg: 'approval_ttl_seconds must be integer', type: 'integer_type' },
  ]);
  // The query string still converts text to numbers, where everything arrives as text.
  assert.equal((await server.call('GET', '/fabric/decisions?limit=5')).status, 200);
});

test("Fastify's own errors answer with our codes", async () => {
  const empty = await server.call('POST', '/fabric/decisions', { raw: '' });
  assert.equal(empty.status, 422);
  assert.deepEqual(empty.body.detail, [{ loc: ['body'], msg: 'body is empty; send a JSON object', type: 'json_invalid' }]);
  const broken = await server.call('POST', '/fabric/decisions', { raw: '{"path": ' });
  assert.equal(broken.status, 422);
  assert.equal(broken.body.detail[0].type, 'json_invalid');
  const text = await server.call('POST', '/fabric/decisions', { raw: 'path=/tools/x', headers: { 'content-type': 'text/plain' } });
  assert.equal(text.status, 415);
  assert.deepEqual(text.body, { detail: 'unsupported content type, send `application/json`', code: 'AG_UNSUPPORTED_MEDIA' });
  const form = await server.call('POST', '/fabric/decisions', {
    raw: 'path=/tools/x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(form.status, 415);
  assert.equal(form.body.code, 'AG_UNSUPPORTED_MEDIA');
});

test('every request body in the OpenAPI document is closed, or free-form on purpose', async () => {
  const doc = (await server.call('GET', '/openapi.json')).body;
  const schemas = doc.components.schemas as Record<string, any>;
  const open: string[] = [];
  const walk = (node: any, where: string, seen: Set<unknown>): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === 'string') {
      const name = node.$ref.split('/').pop();
      return walk(schemas[name], name, seen);
    }
    if (node.type === 'object' && node.additionalProperties === undefined) open.push(where);
    for (const [key, value] of Object.entries(node)) {
      if (['const', 'default', 'examples', 'enum'].includes(key)) continue;
      walk(value, `${where}.${key}`, seen);
    }
  };
  let bodies = 0;
  for (const [path, operations] of Object.entries(doc.paths as Record<string, any>)) {
    for (const [method, operation] of Object.entries(operations as Record<string, any>)) {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (!body) continue;
      bodies++;
      walk(body, `${method.toUpperCase()} ${path}`, new Set());
    }
  }
  assert.ok(bodies >= 15, `found ${bodies} request bodies`);
  assert.deepEqual(open, [], 'objects that neither refuse nor explicitly allow unknown fields');
});
