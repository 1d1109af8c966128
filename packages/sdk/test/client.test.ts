// Every SDK method against the real server, and every answer's fields against the SDK's types.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';
import { ActionGate, ApiRequestError, mayRun, type Agent, type AgentKey, type ApiKey, type Approval } from '../src/index.ts';
import type {
  CreatedAgentKey,
  CreatedApiKey,
  Decision,
  DecisionRecord,
  DecisionSignature,
  PublicKey,
  Settings,
  Tool,
  ToolRule,
} from '../src/types.ts';

type MissingKeys<T, K extends readonly PropertyKey[]> = Exclude<keyof T, K[number]>;
/** The field names of T, listed in full: tsc fails when the list misses one of T's keys. */
function fieldsOf<T>() {
  return <const K extends readonly (keyof T)[]>(...keys: MissingKeys<T, K> extends never ? K : [{ missing: MissingKeys<T, K> }]) =>
    keys as readonly string[];
}

/** Fields of a type that the server may leave out. */
const OPTIONAL = new Set(['not_before', 'not_after', 'status', 'halt_quorum']);

/**
 * Every field the SDK's type declares is in the answer. Fields the server sends and the type does
 * not know are reported as a diagnostic (clients ignore them), not a failure.
 */
function assertFields(answer: unknown, fields: readonly string[], type: string): void {
  assert.ok(answer && typeof answer === 'object', `${type}: not an object`);
  const present = Object.keys(answer);
  const missing = fields.filter((field) => !present.includes(field) && !OPTIONAL.has(field));
  assert.deepEqual(missing, [], `${type}: packages/sdk/src/types.ts declares fields the server does not send`);
  const unknown = present.filter((field) => !fields.includes(field));
  if (unknown.length) diagnostics.add(`${type}: the server sends fields the SDK type does not declare: ${unknown.join(', ')}`);
}
const diagnostics = new Set<string>();

const F = {
  decision: fieldsOf<Decision>()(
    'decision_id',
    'verdict',
    'blocked',
    'enforcing',
    'mode',
    'path',
    'agent_id',
    'detail',
    'risk',
    'approval_id',
    'created_at',
    'stages',
  ),
  record: fieldsOf<DecisionRecord>()(
    'decision_id',
    'verdict',
    'blocked',
    'enforcing',
    'mode',
    'path',
    'agent_id',
    'detail',
    'risk',
    'approval_id',
    'created_at',
    'stages',
    'payload',
    'key_id',
    'outcome',
    'trace_id',
  ),
  signature: fieldsOf<DecisionSignature>()('decision_id', 'algorithm', 'key_id', 'signed_payload', 'signature', 'version', 'covers'),
  publicKey: fieldsOf<PublicKey>()('kty', 'crv', 'x', 'kid', 'alg', 'use', 'created_at', 'not_before', 'not_after', 'status'),
  approval: fieldsOf<Approval>()(
    'approval_id',
    'status',
    'agent_id',
    'path',
    'payload',
    'payload_hash',
    'risk',
    'reasons',
    'detail',
    'decision_id',
    'requested_by_key_id',
    'created_at',
    'expires_at',
    'decided_at',
    'decided_by_key_id',
    'note',
    'consumed_at',
    'consumed_by_decision_id',
  ),
  rule: fieldsOf<ToolRule>()(
    'id',
    'version',
    'name',
    'effect',
    'match_path',
    'match_args',
    'agent_ids',
    'risk_at_least',
    'min_distinct_approvers',
    'description',
    'enabled',
    'created_at',
    'updated_at',
  ),
  createdAgentKey: fieldsOf<CreatedAgentKey>()('agent_key_id', 'agent_key', 'agent_id', 'name', 'budget_usd', 'created_at'),
  agentKey: fieldsOf<AgentKey>()('agent_key_id', 'agent_id', 'name', 'budget_usd', 'created_at', 'revoked_at', 'state', 'counters'),
  apiKey: fieldsOf<ApiKey>()('id', 'name', 'role', 'created_at', 'revoked_at'),
  createdApiKey: fieldsOf<CreatedApiKey>()('id', 'name', 'role', 'created_at', 'revoked_at', 'api_key'),
  agent: fieldsOf<Agent>()(
    'agent_id',
    'state',
    'agent_state',
    'key_state',
    'override',
    'override_reason',
    'counters',
    'thresholds',
    'agent_keys',
    'created_at',
    'last_seen_at',
  ),
  tool: fieldsOf<Tool>()('tool_name', 'risk_level', 'description', 'created_at'),
  settings: fieldsOf<Settings>()(
    'mode',
    'enforce_stages',
    'approval_ttl_seconds',
    'critical_transfer_amount',
    'fail_mode',
    'thresholds',
    'halt_quorum',
    'count_rule_denials',
  ),
};

let server: TestServer;
let admin: ActionGate;
let approver: ActionGate;
before(async () => {
  server = await startServer();
  admin = new ActionGate({ baseUrl: server.url, apiKey: server.adminKey, agentId: 'sdk-agent' });
  const created = await admin.apiKeys.create({ name: 'alice', role: 'approver' });
  assertFields(created, F.createdApiKey, 'CreatedApiKey');
  approver = new ActionGate({ baseUrl: server.url, apiKey: created.api_key });
});
after(async () => {
  for (const line of diagnostics) console.log(`# ${line}`);
  await server.close();
});

test('decide: a held call, approved, resent: allowed once; records, signature and outcome', async () => {
  const call = { path: '/tools/send_email', payload: { to: 'cfo@example.com', subject: 'Q3' } };
  const held = await admin.decide(call);
  assertFields(held, F.decision, 'Decision');
  assert.equal(held.verdict, 'REQUIRE_APPROVAL');
  assert.equal(held.agent_id, 'sdk-agent', 'the client agentId is used when the call names none');
  assert.equal(mayRun(held), false);
  assert.ok(held.approval_id?.startsWith('apr_'));

  const pending = await approver.approvals.list({ status: 'pending' });
  assert.ok(pending.some((a) => a.approval_id === held.approval_id));
  const shown = await approver.approvals.get(held.approval_id!);
  assertFields(shown, F.approval, 'Approval');
  assert.deepEqual(shown.payload, call.payload);
  const approved = await approver.approvals.approve(held.approval_id!, { note: 'ok' });
  assert.equal(approved.status, 'approved');
  assert.equal(approved.note, 'ok');

  const run = await admin.decide(call);
  assert.equal(run.verdict, 'ALLOWED');
  assert.equal(mayRun(run), true);
  const again = await admin.decide(call);
  assert.equal(again.verdict, 'REQUIRE_APPROVAL', 'the approval ran once');

  const record = await admin.decisions.get(run.decision_id);
  assertFields(record, F.record, 'DecisionRecord');
  assert.deepEqual(record.payload, call.payload);
  const listed = await admin.decisions.list({ agent_id: 'sdk-agent', limit: 2 });
  assert.equal(listed.decisions.length, 2);
  assert.equal(listed.decisions[0].decision_id, again.decision_id);
  assert.ok(listed.next_cursor);
  const older = await admin.decisions.list({ agent_id: 'sdk-agent', limit: 2, cursor: listed.next_cursor! });
  assert.equal(older.decisions[0].decision_id, held.decision_id);

  const signature = await admin.decisions.signature(run.decision_id);
  assertFields(signature, F.signature, 'DecisionSignature');
  const keys = await admin.publicKeys();
  assertFields(keys[0], F.publicKey, 'PublicKey');
  const check = await admin.decisions.verify(run.decision_id);
  assert.deepEqual(check.problems, []);
  assert.equal(check.valid, true);

  const withOutcome = await admin.decisions.outcome(run.decision_id, { status: 'completed', detail: 'sent' });
  assert.equal(withOutcome.outcome?.status, 'completed');
  await assert.rejects(admin.decisions.outcome(run.decision_id, { status: 'failed' }), (e: unknown) => {
    return e instanceof ApiRequestError && e.status === 409;
  });
});

test('deny an approval', async () => {
  const held = await admin.decide({ path: '/tools/transfer_funds', payload: { amount: 5, to: 'x' } });
  const denied = await approver.approvals.deny(held.approval_id!, { note: 'no' });
  assert.equal(denied.status, 'denied');
});

test('tool rules: create, get, update (version bump), list, delete', async () => {
  const rule = await admin.toolRules.create({ name: 'no drops', effect: 'deny', match_path: '/tools/drop_table' });
  assertFields(rule, F.rule, 'ToolRule');
  assert.equal(rule.version, 1);
  assert.equal((await admin.toolRules.get(rule.id)).name, 'no drops');
  const edited = await admin.toolRules.update(rule.id, { description: 'never' });
  assert.equal(edited.version, 2);
  assert.ok((await admin.toolRules.list()).some((r) => r.id === rule.id));
  const blocked = await admin.decide({ path: '/tools/drop_table', payload: {} });
  assert.equal(blocked.verdict, 'BLOCKED');
  await admin.toolRules.delete(rule.id);
  await assert.rejects(admin.toolRules.get(rule.id), (e: unknown) => e instanceof ApiRequestError && e.status === 404);
});

test('agent keys, api keys, agents, tools, settings', async () => {
  const created = await admin.agentKeys.create({ name: 'reporter', budget_usd: 10 });
  assertFields(created, F.createdAgentKey, 'CreatedAgentKey');
  assert.ok(created.agent_key.startsWith('agt_'));
  const agentGate = new ActionGate({ baseUrl: server.url, apiKey: created.agent_key });
  const own = await agentGate.decide({ path: '/tools/read_file', payload: { file: 'a' } });
  assert.equal(own.agent_id, 'reporter');

  const keys = await admin.agentKeys.list();
  assertFields(keys[0], F.agentKey, 'AgentKey');
  const revoked = await admin.agentKeys.revoke(created.agent_key_id);
  assert.ok(revoked.revoked_at);
  await assert.rejects(agentGate.decide({ path: '/tools/read_file' }), (e: unknown) => e instanceof ApiRequestError && e.status === 401);

  const apiKeys = await admin.apiKeys.list();
  assertFields(apiKeys[0], F.apiKey, 'ApiKey');
  const temp = await admin.apiKeys.create({ name: 'temp', role: 'approver' });
  assert.ok((await admin.apiKeys.revoke(temp.id)).revoked_at);

  const agents = await admin.agents.list();
  assertFields(agents[0], F.agent, 'Agent');
  const suspended = await admin.agents.suspend('reporter', 'looks odd');
  assert.equal(suspended.override, 'suspended');
  assert.equal((await admin.agents.get('reporter')).override_reason, 'looks odd');
  assert.equal((await admin.agents.reinstate('reporter', 'fine')).override, null);
  assert.equal((await admin.agents.revoke('reporter', 'gone')).state, 'revoked');

  const tool = await admin.tools.add({ tool_name: 'wire', risk_level: 'critical' });
  assertFields(tool, F.tool, 'Tool');
  assert.ok((await admin.tools.list()).some((t) => t.tool_name === 'wire'));

  const settings = await admin.settings.get();
  assertFields(settings, F.settings, 'Settings');
  const patched = await admin.settings.update({ approval_ttl_seconds: 600 });
  assert.equal(patched.approval_ttl_seconds, 600);
  assert.equal((await admin.health()).status, 'ok');
});

test('4xx answers are ApiRequestError with the detail; the decision call is not retried on them', async () => {
  let calls = 0;
  const counting = new ActionGate({
    baseUrl: server.url,
    apiKey: server.adminKey,
    fetch: (input, init) => {
      calls++;
      return fetch(input, init);
    },
  });
  await assert.rejects(counting.decide({ path: 'no-slash' }), (e: unknown) => {
    return e instanceof ApiRequestError && e.status === 422 && Array.isArray(e.detail);
  });
  assert.equal(calls, 1);
});
