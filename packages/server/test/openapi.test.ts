// The OpenAPI 3.1 description: a valid document (checked by a real validator), every documented
// route exists, every /fabric route documents its answers and security, the spec's names are used,
// the examples validate, and real answers (success and errors) match their documented schemas.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { validate, compileErrors } from '@readme/openapi-parser';
import { startServer, type TestServer } from './support/test-server.ts';
import { Contract } from './support/contract.ts';

/**
 * Routes other work added without a documented answer yet. The test fails for any route missing
 * from this list that has no response schema, and for a listed route that has one now (then
 * remove it here). Hidden HTML routes (signup page, console) do not count.
 */
const PENDING_RESPONSE_SCHEMAS = new Set<string>([]);

let server: TestServer;
let full: any;
let customer: any;
before(async () => {
  server = await startServer({ ACTIONGATE_SIGNUP: 'open', ACTIONGATE_TRY_PER_MINUTE: '100' });
  full = (await server.call('GET', '/openapi.json')).body;
  customer = (await server.call('GET', '/fabric/openapi.json', { key: null })).body;
});
after(() => server.close());

const operations = (document: any) =>
  Object.entries<any>(document.paths).flatMap(([path, item]) =>
    Object.entries<any>(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

test('both documents are valid OpenAPI 3.1.0 (@readme/openapi-parser), version 1.0.0', async () => {
  for (const [name, document] of [
    ['full', full],
    ['customer', customer],
  ]) {
    assert.equal(document.openapi, '3.1.0', name);
    assert.equal(document.info.version, '1.0.0', name);
    const result = await validate(structuredClone(document));
    assert.ok(result.valid, `${name}: ${compileErrors(result)}`);
  }
});

test('/fabric/openapi.json describes the customer API only; /openapi.json everything', () => {
  const customerPaths = Object.keys(customer.paths);
  assert.ok(customerPaths.length > 20);
  for (const path of customerPaths) assert.ok(path.startsWith('/fabric/') || path === '/signup', path);
  for (const path of ['/healthz', '/readyz', '/openapi.json']) {
    assert.ok(full.paths[path], `full document has ${path}`);
    assert.equal(customer.paths[path], undefined, `customer document has no ${path}`);
  }
  for (const path of customerPaths) assert.deepEqual(customer.paths[path], full.paths[path]);
  // Only the components the customer paths reach, and all of those.
  const refs = JSON.stringify(customer).match(/#\/components\/schemas\/[A-Za-z0-9]+/g) ?? [];
  for (const ref of new Set(refs)) assert.ok(customer.components.schemas[ref.split('/').pop()!], ref);
});

test('the X-API-Key security scheme, required on every /fabric route except the public ones', () => {
  assert.deepEqual(full.components.securitySchemes.ApiKeyAuth, {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'customer key (`fk_…`) or agent key (`agt_…`)',
  });
  const publicRoutes = new Set(['GET /fabric/try', 'POST /fabric/try', 'POST /fabric/try/authorize', 'GET /fabric/openapi.json']);
  for (const { path, method, operation } of operations(full)) {
    if (!path.startsWith('/fabric')) continue;
    const id = `${method} ${path}`;
    if (publicRoutes.has(id)) {
      assert.deepEqual(operation.security, [], `${id} needs no key`);
    } else {
      assert.deepEqual(operation.security, [{ ApiKeyAuth: [] }], `${id} needs a key`);
      assert.ok(operation.responses['401'], `${id} documents 401`);
    }
  }
});

test('every route documents a success answer with a schema (a route without one fails here)', () => {
  const missing: string[] = [];
  for (const { path, method, operation } of operations(full)) {
    const success = Object.entries<any>(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
    // A binary answer (a zip, a PDF) is documented by its media type's schema.
    const documented = success.some(
      ([status, response]) => status === '204' || Object.values<any>(response.content ?? {}).some((media) => media.schema),
    );
    if (!documented) missing.push(`${method} ${path}`);
  }
  const unexpected = missing.filter((id) => !PENDING_RESPONSE_SCHEMAS.has(id));
  assert.deepEqual(unexpected, [], 'routes without a response schema: add `response` to their schema');
  const done = [...PENDING_RESPONSE_SCHEMAS].filter((id) => !missing.includes(id));
  assert.deepEqual(done, [], 'documented now (or gone): remove from PENDING_RESPONSE_SCHEMAS');
});

test('error answers are documented: 401/403 by access, 404 for ids, 409, 413/415/422 for bodies, 429 for the demo', () => {
  const responses = (method: string, path: string) => Object.keys(full.paths[path][method].responses);
  const expectIn = (method: string, path: string, statuses: string[]) => {
    const documented = responses(method, path);
    for (const status of statuses) assert.ok(documented.includes(status), `${method.toUpperCase()} ${path} documents ${status}`);
  };
  expectIn('post', '/fabric/decisions', ['200', '401', '413', '415', '422', '500']);
  expectIn('post', '/fabric/approvals/{id}/approve', ['200', '401', '403', '404', '409', '422']);
  expectIn('post', '/fabric/tool-rules', ['201', '401', '403', '422']);
  expectIn('delete', '/fabric/tool-rules/{id}', ['204', '401', '403', '404']);
  expectIn('post', '/fabric/agent-keys', ['201', '401', '403', '413', '422']);
  expectIn('post', '/fabric/try', ['200', '404', '422', '429']);
  expectIn('get', '/openapi.json', ['200', '401', '403']);
  assert.ok(!responses('get', '/fabric/decisions').includes('403'), 'any key may list decisions: no 403');
  const error = full.paths['/fabric/decisions'].post.responses['422'].content['application/json'].schema;
  assert.deepEqual(error, { $ref: '#/components/schemas/HTTPValidationError' });
});

test("request and response shapes carry the spec's names", () => {
  const schemaOf = (method: string, path: string, status?: string) => {
    const operation = full.paths[path][method];
    const content = status ? operation.responses[status].content : operation.requestBody.content;
    return content['application/json'].schema.$ref;
  };
  assert.equal(schemaOf('post', '/fabric/agent-keys'), '#/components/schemas/AgentKeyRequest');
  assert.equal(schemaOf('post', '/fabric/approvals/{id}/approve'), '#/components/schemas/ApprovalDecisionRequest');
  assert.equal(schemaOf('post', '/fabric/decisions'), '#/components/schemas/DecisionRequest');
  assert.equal(schemaOf('post', '/fabric/decisions', '200'), '#/components/schemas/DecisionRecord');
  assert.equal(schemaOf('post', '/fabric/tool-rules'), '#/components/schemas/ToolRuleRequest');
  assert.equal(schemaOf('post', '/fabric/tools'), '#/components/schemas/AddToolRequest');
  assert.equal(schemaOf('post', '/fabric/try', '200'), '#/components/schemas/TryResult');
  const validationError = full.components.schemas.HTTPValidationError;
  assert.deepEqual(validationError.properties.detail.items, { $ref: '#/components/schemas/ValidationError' });
  assert.deepEqual(Object.keys(full.components.schemas.ValidationError.properties), ['loc', 'msg', 'type']);
  const agentKey = full.components.schemas.AgentKeyRequest;
  assert.equal(agentKey.properties.name.maxLength, 120);
  assert.deepEqual(agentKey.properties.budget_usd.type, ['number', 'null']);
  assert.equal(full.components.schemas.ApprovalDecisionRequest.properties.note.maxLength, 1000);
});

test('the examples in the document validate against their schemas', () => {
  const contract = new Contract(full);
  let checked = 0;
  for (const [name, schema] of Object.entries<any>(full.components.schemas)) {
    for (const example of schema.examples ?? []) {
      const problem = contract.validateComponent(name, example);
      assert.equal(problem, null, `example of ${name}: ${problem}`);
      checked++;
    }
  }
  assert.ok(checked >= 8, `${checked} examples checked`);
});

test('every documented route exists (no documented path answers "no route")', async () => {
  for (const { path, method } of operations(full)) {
    const url = path.replace(/\{[^}]+\}/g, 'does-not-exist');
    // No key: protected routes stop at 401 before doing anything; public ones answer 4xx for the missing input.
    const response = await fetch(server.url + url, {
      method,
      headers: method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' },
      body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      signal: AbortSignal.timeout(5000),
    });
    const text = await response.text();
    assert.doesNotMatch(text, /no route for/, `${method} ${path}`);
  }
});

test('real answers validate against their documented schemas: decision, approval, rule, agent key, errors', async () => {
  const contract = new Contract(full);
  const seen: string[] = [];
  // Checks against the document directly, whatever the test client's own check does.
  const call = async (method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) => {
    const response = await server.call(method, path, options);
    const problem = contract.check(method, path, response.status, response.headers.get('content-type'), response.body);
    assert.equal(problem, null, problem ?? '');
    seen.push(`${method} ${path.split('?')[0]} ${response.status}`);
    return response;
  };
  const approver = (await call('POST', '/fabric/api-keys', { body: { name: 'reviewer', role: 'approver' } })).body.api_key;
  const agentKey = await call('POST', '/fabric/agent-keys', { body: { name: 'mailer', budget_usd: 12.5 } });
  assert.equal(agentKey.status, 201);
  const held = await call('POST', '/fabric/decisions', {
    key: agentKey.body.agent_key,
    body: { path: '/tools/send_email', payload: { to: 'cfo@example.com' } },
  });
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  await call('GET', `/fabric/decisions/${held.body.decision_id}`);
  await call('GET', '/fabric/decisions?limit=5');
  await call('GET', `/fabric/decisions/${held.body.decision_id}/signature`);
  const approvalId = held.body.approval_id;
  await call('GET', '/fabric/approvals?status=pending');
  const approved = await call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: { note: 'ok' } });
  assert.equal(approved.body.status, 'approved');
  assert.equal((await call('POST', `/fabric/approvals/${approvalId}/deny`, { key: approver, body: {} })).status, 409);
  const rule = await call('POST', '/fabric/tool-rules', { body: { name: 'no-deploys', effect: 'deny', match_path: '/tools/deploy' } });
  assert.equal(rule.status, 201);
  await call('PATCH', `/fabric/tool-rules/${rule.body.id}`, { body: { enabled: false } });
  await call('GET', '/fabric/tool-rules');
  assert.equal((await call('DELETE', `/fabric/tool-rules/${rule.body.id}`)).status, 204);
  await call('GET', '/fabric/agents');
  await call('GET', '/fabric/agent-keys');
  await call('GET', '/fabric/settings');
  await call('POST', '/fabric/tools', { body: { tool_name: 'deploy', risk_level: 'high' } });
  await call('GET', '/fabric/keys/public');
  await call('POST', '/signup', { key: null, body: { name: 'other co' } });
  await call('GET', '/fabric/try', { key: null });
  await call('POST', '/fabric/try?scenario=large-transfer', { key: null });
  // Errors: 401 without a key, 403 for a key that may not, 404, 409, 422 in each place.
  assert.equal((await call('GET', '/fabric/decisions', { key: null })).status, 401);
  assert.equal((await call('GET', '/fabric/decisions', { key: 'fk_not_a_key' })).status, 401);
  assert.equal(
    (await call('POST', '/fabric/tool-rules', { key: approver, body: { name: 'x', effect: 'deny', match_path: '/x' } })).status,
    403,
  );
  assert.equal((await call('GET', '/fabric/approvals/apr_missing')).status, 404);
  assert.equal((await call('POST', '/fabric/try?scenario=nope', { key: null })).status, 404);
  assert.equal((await call('POST', '/fabric/agent-keys', { body: { name: '' } })).status, 422);
  assert.equal((await call('POST', '/fabric/decisions', { raw: '{"path": ' })).status, 422);
  assert.equal((await call('GET', '/fabric/decisions?limit=0')).status, 422);
  const statuses = new Set(seen.map((entry) => entry.split(' ').pop()));
  assert.deepEqual([...statuses].sort(), ['200', '201', '204', '401', '403', '404', '409', '422'], 'every kind of answer was checked');
});

test('GET /openapi.json is for the operator key only: 401 without a key, 403 with another', async () => {
  assert.equal((await server.call('GET', '/openapi.json', { key: null })).status, 401);
  assert.equal((await server.call('GET', '/openapi.json', { key: 'fk_made_up' })).status, 401);
  const approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'second admin', role: 'admin' } })).body.api_key;
  const other = await server.call('GET', '/openapi.json', { key: approver });
  assert.equal(other.status, 403);
  assert.match(other.body.detail, /operator key only/);
  const otherTenant = (await server.call('POST', '/signup', { key: null, body: { name: 'elsewhere' } })).body.api_key;
  assert.equal((await server.call('GET', '/openapi.json', { key: otherTenant })).status, 403);
  // The default tenant's first admin key is the operator key when ACTIONGATE_OPERATOR_KEY is unset.
  assert.equal((await server.call('GET', '/openapi.json')).status, 200);

  const withOperator = await startServer({ ACTIONGATE_OPERATOR_KEY: 'op_secret_for_tests' });
  try {
    assert.equal((await withOperator.call('GET', '/openapi.json', { key: 'op_secret_for_tests' })).status, 200);
    assert.equal((await withOperator.call('GET', '/openapi.json')).status, 403, 'the first admin key is not the operator when one is set');
  } finally {
    await withOperator.close();
  }
});

test('GET /docs is a rendered reference served locally, of the customer document', async () => {
  const page = await fetch(`${server.url}/docs/`, { redirect: 'follow' });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /swagger/i);
  assert.doesNotMatch(html, /(src|href)="https?:\/\//, 'no CDN');
  for (const asset of html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)) {
    const url = new URL(asset[1], `${server.url}/docs/`).toString();
    const response = await fetch(url);
    // Read the body: an unread answer keeps its connection busy, and the server's close waits for it.
    await response.arrayBuffer();
    assert.equal(response.status, 200, url);
  }
  const spec = await (await fetch(`${server.url}/docs/json`)).json();
  assert.deepEqual(Object.keys(spec.paths).sort(), Object.keys(customer.paths).sort());
});

test('the contract check itself: flags an undocumented status, an undocumented field and a wrong type', () => {
  const contract = new Contract({
    openapi: '3.1.0',
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string' }, data: { type: 'object', additionalProperties: true } },
        },
      },
    },
    paths: {
      '/fabric/things/{id}': {
        get: {
          responses: {
            200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            404: {
              description: 'no',
              content: { 'application/json': { schema: { type: 'object', properties: { detail: { type: 'string' } } } } },
            },
          },
        },
      },
      '/fabric/things/special': { get: { responses: { 204: { description: 'nothing' } } } },
      '/fabric/untyped': { get: { responses: { 200: { description: 'no schema yet' } } } },
    },
  });
  const json = 'application/json; charset=utf-8';
  assert.equal(contract.check('GET', '/fabric/things/t1', 200, json, { id: 't1', data: { any: 1 } }), null);
  assert.equal(contract.check('GET', '/fabric/things/t1?x=1', 404, json, { detail: 'gone' }), null);
  assert.match(contract.check('GET', '/fabric/things/t1', 409, json, { detail: 'x' })!, /status 409 is not documented/);
  assert.match(
    contract.check('GET', '/fabric/things/t1', 200, json, { id: 't1', secret: 'x' })!,
    /must NOT have additional properties `secret`/,
  );
  assert.match(contract.check('GET', '/fabric/things/t1', 200, json, { id: 5 })!, /\/id must be string/);
  assert.match(contract.check('GET', '/fabric/things/t1', 200, 'text/html', '<p>')!, /not application\/json/);
  assert.equal(contract.check('GET', '/fabric/things/special', 204, null, ''), null, 'a fixed path wins over the template');
  assert.equal(
    contract.check('GET', '/fabric/untyped', 200, json, { whatever: true }),
    null,
    'routes without a success schema are listed by the test above, not checked',
  );
  assert.equal(contract.check('GET', '/not/documented', 200, json, {}), null);
});
