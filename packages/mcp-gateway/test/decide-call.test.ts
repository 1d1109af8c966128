// Fail closed: every way of not getting a proper decision means the call does not run. The client
// is the SDK's, talking to a stand-in fetch that answers the way a broken service would.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ActionGate } from '@actiongate/sdk';
import { classify, decideCall } from '../src/decide-call.ts';
import { strictDecisionFetch } from '../src/strict-decision-fetch.ts';

const decision = (over: Record<string, unknown> = {}) => ({
  decision_id: 'fd_1',
  verdict: 'ALLOWED',
  blocked: false,
  enforcing: true,
  mode: 'enforce',
  path: '/tools/mcp/fs/read_file',
  agent_id: 'a',
  detail: 'allowed',
  risk: 'low',
  approval_id: null,
  created_at: new Date().toISOString(),
  stages: [],
  ...over,
});

function gateAnswering(answer: (signal: AbortSignal | undefined) => Promise<Response>, timeoutMs = 1000): ActionGate {
  const fake: typeof fetch = async (_input, init) => answer(init?.signal ?? undefined);
  return new ActionGate({ baseUrl: 'http://127.0.0.1:9', apiKey: 'agt_x', timeoutMs, retries: 1, fetch: strictDecisionFetch(fake) });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const CASES = [
  { note: 'a 200 ALLOWED runs', respond: () => json(200, decision()), kind: 'allow' },
  { note: 'ALLOWED_DEGRADED runs', respond: () => json(200, decision({ verdict: 'ALLOWED_DEGRADED' })), kind: 'allow' },
  { note: 'ALLOWED with blocked true does not run', respond: () => json(200, decision({ blocked: true })), kind: 'blocked' },
  { note: 'an unknown verdict is unavailable', respond: () => json(200, decision({ verdict: 'MAYBE' })), kind: 'unavailable' },
  { note: 'a lower-case allowed is unknown', respond: () => json(200, decision({ verdict: 'allowed' })), kind: 'unavailable' },
  { note: 'no verdict is unavailable', respond: () => json(200, { ok: true }), kind: 'unavailable' },
  { note: 'a 201 with an ALLOWED body is unavailable', respond: () => json(201, decision()), kind: 'unavailable' },
  { note: 'a 204 is unavailable', respond: () => new Response(null, { status: 204 }), kind: 'unavailable' },
  { note: 'a 401 is unavailable', respond: () => json(401, { detail: 'missing X-API-Key header' }), kind: 'unavailable' },
  { note: 'a 500 is unavailable', respond: () => json(500, { detail: 'boom' }), kind: 'unavailable' },
  { note: 'a 200 that is not JSON is unavailable', respond: () => new Response('ALLOWED', { status: 200 }), kind: 'unavailable' },
  {
    note: 'a held decision with an approval id is held',
    respond: () => json(200, decision({ verdict: 'REQUIRE_APPROVAL', blocked: true, approval_id: 'apr_1' })),
    kind: 'held',
  },
  {
    note: 'a held decision without an approval id is blocked',
    respond: () => json(200, decision({ verdict: 'REQUIRE_APPROVAL', blocked: true })),
    kind: 'blocked',
  },
] as const;

for (const c of CASES) {
  test(`decideCall: ${c.note}`, async () => {
    const outcome = await decideCall(
      gateAnswering(async () => c.respond()),
      '/tools/mcp/fs/read_file',
      { path: '/x' },
    );
    assert.equal(outcome.kind, c.kind);
  });
}

test('decideCall: a service that never answers is unavailable after the deadline', async () => {
  const hang = (signal: AbortSignal | undefined) =>
    new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
  // AbortSignal.timeout does not hold the event loop open; a real socket would.
  const keepAlive = setInterval(() => undefined, 1000);
  const started = Date.now();
  const outcome = await decideCall(gateAnswering(hang, 300), '/tools/mcp/fs/read_file', {}).finally(() => clearInterval(keepAlive));
  assert.equal(outcome.kind, 'unavailable');
  assert.ok(Date.now() - started < 10_000, 'the timeout fires instead of waiting forever');
  assert.match((outcome as { reason: string }).reason, /no answer within 300 ms/);
});

test('classify never lets a malformed answer through', () => {
  assert.equal(classify(null as never).kind, 'unavailable');
  assert.equal(classify({ verdict: 'ALLOWED', blocked: 'false' } as never).kind, 'unavailable');
});
