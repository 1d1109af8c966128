// Budgets (issue 19) over HTTP on the real server with a clock the test moves: every field of
// CreateBudgetRequest, nested budgets, period resets in UTC, hard and soft limits, alerts as events
// and webhooks, reservation expiry, 50 parallel reservations and 50 parallel decisions that never
// overspend, and decisions that reserve in their own transaction and settle by their outcome.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
// Sunday 31 January 2030, 22:00 UTC: two hours before a day, a week (Monday) and a month begin.
let now = Date.UTC(2030, 0, 31, 22, 0, 0);

before(async () => {
  server = await startServer({ ACTIONGATE_WEBHOOK_ALLOW_PRIVATE: '1', ACTIONGATE_WEBHOOK_RETRY_BASE_MS: '50' }, { clock: () => now });
});
after(async () => server?.close());

async function budget(body: Record<string, unknown>) {
  const created = await server.call('POST', '/fabric/budgets', { body });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body;
}

const get = async (id: string) => (await server.call('GET', `/fabric/budgets/${id}`)).body;
const reserve = (id: string, body: Record<string, unknown>, key?: string) =>
  server.call('POST', `/fabric/budgets/${id}/reservations`, { body, ...(key ? { key } : {}) });

/** An agent key whose agent runs `paths` (an allow rule lifts the new agent's short-record hold). */
async function agentFor(name: string, paths: string[]) {
  const created = (await server.call('POST', '/fabric/agent-keys', { body: { name } })).body;
  for (const path of paths) {
    const rule = await server.call('POST', '/fabric/tool-rules', {
      body: { name: `allow ${name} ${path}`, effect: 'allow', match_path: path },
    });
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
  }
  return { key: created.agent_key as string, keyId: created.agent_key_id as string, agentId: name };
}

const decide = (key: string, path: string, payload: unknown) => server.call('POST', '/fabric/decisions', { key, body: { path, payload } });

test('CreateBudgetRequest: defaults, every field, and clear 422s for what does not fit', async () => {
  const plain = await budget({ name: 'plain', limit_cents: 10_000 });
  assert.match(plain.id, /^bgt_/);
  assert.deepEqual(
    {
      scope: plain.scope,
      scope_id: plain.scope_id,
      parent_id: plain.parent_id,
      period: plain.period,
      hard_limit: plain.hard_limit,
      soft: plain.soft_limit_pct,
      alert: plain.alert_threshold_pct,
      currency: plain.currency,
      description: plain.description,
      metadata: plain.metadata,
      on_exceed: plain.on_exceed,
      spent: plain.spent_cents,
    },
    {
      scope: 'tenant',
      scope_id: null,
      parent_id: null,
      period: 'monthly',
      hard_limit: true,
      soft: 80,
      alert: 50,
      currency: 'USD',
      description: '',
      metadata: null,
      on_exceed: 'hold',
      spent: 0,
    },
  );
  assert.equal(plain.period_resets_at, '2030-02-01T00:00:00.000Z');
  const full = await budget({
    name: 'full',
    limit_cents: 500,
    description: 'every field',
    scope: 'agent',
    scope_id: 'someone',
    parent_id: plain.id,
    period: 'weekly',
    hard_limit: false,
    soft_limit_pct: 90,
    alert_threshold_pct: 25,
    currency: 'USD',
    metadata: { team: 'ops' },
    on_exceed: 'block',
  });
  assert.equal(full.parent_id, plain.id);
  assert.deepEqual(full.metadata, { team: 'ops' });
  assert.equal(full.period_resets_at, '2030-02-04T00:00:00.000Z', 'weeks start on Monday 00:00 UTC');

  const refused = async (body: Record<string, unknown>, pattern: RegExp) => {
    const answer = await server.call('POST', '/fabric/budgets', { body });
    assert.equal(answer.status, 422, JSON.stringify(answer.body));
    assert.match(JSON.stringify(answer.body.detail), pattern);
  };
  await refused({ name: 'x', limit_cents: 10.5 }, /integer/);
  await refused({ name: 'x', limit_cents: 0 }, /limit_cents/);
  await refused({ name: 'x', limit_cents: 1, scope: 'agent' }, /needs scope_id/);
  await refused({ name: 'x', limit_cents: 1, scope_id: 'a' }, /leave scope_id out/);
  await refused({ name: 'x', limit_cents: 1, parent_id: 'bgt_missing' }, /unknown budget `bgt_missing`/);
  await refused({ name: 'x', limit_cents: 1, parent_id: plain.id, currency: 'EUR' }, /counts USD/);
  await refused({ name: 'x', limit_cents: 1, period: 'hourly' }, /period/);
  await refused({ name: 'x', limit_cents: 1, colour: 'red' }, /colour/);

  // A parent cannot nest in its own child.
  const cycle = await server.call('PATCH', `/fabric/budgets/${plain.id}`, { body: { parent_id: full.id } });
  assert.equal(cycle.status, 422);
  assert.match(JSON.stringify(cycle.body.detail), /cycle/);
  const patched = await server.call('PATCH', `/fabric/budgets/${full.id}`, { body: { limit_cents: 700, name: 'renamed' } });
  assert.equal(patched.body.limit_cents, 700);
  assert.equal(patched.body.name, 'renamed');
  const listed = (await server.call('GET', '/fabric/budgets')).body.budgets.map((b: any) => b.id);
  assert.ok(listed.includes(plain.id) && listed.includes(full.id));

  assert.equal((await server.call('DELETE', `/fabric/budgets/${plain.id}`)).status, 409, 'a parent with nested budgets stays');
  assert.equal((await server.call('DELETE', `/fabric/budgets/${full.id}`)).status, 204);
  assert.equal((await server.call('DELETE', `/fabric/budgets/${plain.id}`)).status, 204);
  assert.equal((await server.call('GET', `/fabric/budgets/${plain.id}`)).status, 404);
});

test('reserve, commit and release in integer cents; a nested budget spends against its parent too', async () => {
  const parent = await budget({ name: 'parent', limit_cents: 1000, scope: 'tool', scope_id: 'unused_parent_tool' });
  const child = await budget({ name: 'child', limit_cents: 800, scope: 'tool', scope_id: 'unused_child_tool', parent_id: parent.id });
  const first = await reserve(child.id, { amount_cents: 500 });
  assert.equal(first.status, 201);
  assert.deepEqual(first.body.budget_ids, [child.id, parent.id]);
  assert.equal((await get(parent.id)).reserved_cents, 500, 'the child’s hold counts against the parent');

  const over = await reserve(child.id, { amount_cents: 400 });
  assert.equal(over.status, 409);
  assert.match(
    over.body.detail,
    new RegExp(
      `budget ${child.id} \\(child, monthly\\) has 0 cents spent and 500 reserved of its hard limit of 800 USD cents; this call asks 400`,
    ),
  );
  assert.equal((await reserve(parent.id, { amount_cents: 500 })).status, 201, 'the parent has 500 left');
  const parentOver = await reserve(child.id, { amount_cents: 1 });
  assert.equal(parentOver.status, 409);
  assert.match(parentOver.body.detail, new RegExp(`budget ${parent.id} \\(parent`), 'the parent’s limit refuses the child’s reservation');

  const committed = await server.call('POST', `/fabric/budgets/${child.id}/reservations/${first.body.reservation_id}/commit`, {
    body: { actual_cost_cents: 300 },
  });
  assert.equal(committed.status, 200);
  assert.equal(committed.body.status, 'committed');
  assert.equal(committed.body.committed_cents, 300);
  assert.deepEqual([(await get(child.id)).spent_cents, (await get(child.id)).reserved_cents], [300, 0]);
  assert.deepEqual([(await get(parent.id)).spent_cents, (await get(parent.id)).reserved_cents], [300, 500]);
  const again = await server.call('POST', `/fabric/budgets/${child.id}/reservations/${first.body.reservation_id}/commit`, { body: {} });
  assert.equal(again.status, 409);
  assert.match(again.body.detail, /already committed/);

  const listed = (await server.call('GET', `/fabric/budgets/${parent.id}/reservations`)).body.reservations;
  const open = listed.find((r: any) => r.status === 'held');
  const released = await server.call('POST', `/fabric/budgets/${parent.id}/reservations/${open.reservation_id}/release`);
  assert.equal(released.body.status, 'released');
  assert.equal((await get(parent.id)).reserved_cents, 0);
  const elsewhere = await server.call('POST', `/fabric/budgets/${child.id}/reservations/${open.reservation_id}/release`);
  assert.equal(elsewhere.status, 404, 'a reservation is found under the budgets it holds against only');
});

test('an expired reservation frees its amount and can no longer be committed', async () => {
  const small = await budget({ name: 'expiring', limit_cents: 100, scope: 'tool', scope_id: 'unused_expiring' });
  const held = await reserve(small.id, { amount_cents: 100, ttl_seconds: 60 });
  assert.equal(held.status, 201);
  assert.equal((await reserve(small.id, { amount_cents: 1 })).status, 409);
  now += 61_000;
  assert.equal((await get(small.id)).reserved_cents, 0);
  assert.equal((await reserve(small.id, { amount_cents: 1 })).status, 201, 'the expired hold no longer counts');
  const listed = (await server.call('GET', `/fabric/budgets/${small.id}/reservations`)).body.reservations;
  assert.equal(listed.find((r: any) => r.reservation_id === held.body.reservation_id).status, 'expired');
  const late = await server.call('POST', `/fabric/budgets/${small.id}/reservations/${held.body.reservation_id}/commit`, { body: {} });
  assert.equal(late.status, 409);
  assert.match(late.body.detail, /expired/);
});

test('periods reset at their UTC boundary: daily at midnight, monthly on the 1st, total never', async () => {
  now = Date.UTC(2030, 2, 31, 23, 30, 0); // Sunday 31 March 2030, 23:30 UTC
  const spend = async (period: string) => {
    const b = await budget({ name: `${period} spend`, limit_cents: 1000, period, scope: 'tool', scope_id: `unused_${period}` });
    const held = await reserve(b.id, { amount_cents: 700 });
    await server.call('POST', `/fabric/budgets/${b.id}/reservations/${held.body.reservation_id}/commit`, { body: {} });
    assert.equal((await get(b.id)).spent_cents, 700);
    return b;
  };
  const daily = await spend('daily');
  const weekly = await spend('weekly');
  const monthly = await spend('monthly');
  const total = await spend('total');
  assert.equal((await reserve(daily.id, { amount_cents: 400 })).status, 409, 'the day is spent');
  now = Date.UTC(2030, 3, 1, 0, 0, 1); // Monday 1 April 2030, 00:00:01 UTC
  assert.equal((await get(daily.id)).spent_cents, 0);
  assert.equal((await get(weekly.id)).spent_cents, 0);
  assert.equal((await get(monthly.id)).spent_cents, 0);
  assert.equal((await get(total.id)).spent_cents, 700, 'a total budget never resets');
  assert.equal((await get(daily.id)).period_start, '2030-04-01T00:00:00.000Z');
  assert.equal((await reserve(daily.id, { amount_cents: 400 })).status, 201, 'a new day, a new budget');
  assert.equal((await reserve(total.id, { amount_cents: 400 })).status, 409);
});

async function startReceiver() {
  const received: any[] = [];
  const receiver: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push(JSON.parse(raw));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  return { received, url, close: () => new Promise<void>((r) => receiver.close(() => r())) };
}

test('the alert threshold, the soft limit and passing a soft limit raise events and webhooks; a soft limit refuses nothing', async () => {
  const receiver = await startReceiver();
  try {
    const hook = await server.call('POST', '/fabric/webhooks', { body: { url: receiver.url, events: ['budget.alert'] } });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const since = Number((await server.call('GET', '/fabric/events?mode=polling&limit=1')).body.latest_event_id);
    const soft = await budget({
      name: 'soft',
      limit_cents: 1000,
      hard_limit: false,
      alert_threshold_pct: 50,
      soft_limit_pct: 80,
      scope: 'tool',
      scope_id: 'unused_soft',
    });
    const levels = async () =>
      (await server.call('GET', `/fabric/events?mode=polling&after=${since}&limit=100`)).body.events
        .filter((e: any) => e.type === 'budget.alert' && e.data.budget_id === soft.id)
        .map((e: any) => `${e.data.level}@${e.data.used_cents}`);
    await reserve(soft.id, { amount_cents: 400 });
    assert.deepEqual(await levels(), []);
    await reserve(soft.id, { amount_cents: 100 });
    assert.deepEqual(await levels(), ['alert@500']);
    await reserve(soft.id, { amount_cents: 300 });
    assert.deepEqual(await levels(), ['alert@500', 'soft_limit@800']);
    const past = await reserve(soft.id, { amount_cents: 300 });
    assert.equal(past.status, 201, 'a soft limit holds nothing back');
    assert.deepEqual(await levels(), ['alert@500', 'soft_limit@800', 'exceeded@1100']);
    await reserve(soft.id, { amount_cents: 1 });
    assert.equal((await levels()).length, 3, 'each level is raised once per period');
    assert.equal((await get(soft.id)).alert_level, 'exceeded');
    for (let i = 0; i < 600 && receiver.received.filter((b) => b.budget?.budget_id === soft.id).length < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    // Deliveries run several at once and may arrive in any order; each body carries its event's time.
    const bodies = receiver.received
      .filter((b) => b.budget?.budget_id === soft.id)
      .sort((a, b) => a.budget.used_cents - b.budget.used_cents);
    assert.deepEqual(
      bodies.map((b) => `${b.budget.level}@${b.budget.used_cents}`),
      ['alert@500', 'soft_limit@800', 'exceeded@1100'],
    );
    assert.ok(bodies.every((b) => b.event === 'budget.alert'));
    assert.match(bodies[2].summary, /Budget `soft` exceeded: 1100 of 1000 USD cents used/);
    await server.call('DELETE', `/fabric/webhooks/${hook.body.id}`);
  } finally {
    await receiver.close();
  }
});

test('50 parallel reservations against a limit never overspend', async () => {
  const tight = await budget({ name: 'tight', limit_cents: 1000, scope: 'tool', scope_id: 'unused_tight' });
  const answers = await Promise.all(Array.from({ length: 50 }, () => reserve(tight.id, { amount_cents: 100 })));
  assert.equal(answers.filter((a) => a.status === 201).length, 10);
  assert.equal(answers.filter((a) => a.status === 409).length, 40);
  assert.equal((await get(tight.id)).reserved_cents, 1000);
});

test('an allowed decision reserves its amount against every budget in scope; its outcome commits or releases it', async () => {
  const agent = await agentFor('buyer', ['/tools/order_supplies', '/tools/lookup']);
  const tenantWide = await budget({ name: 'company', limit_cents: 1_000_000 });
  const team = await budget({ name: 'buyers', limit_cents: 900_000, scope: 'tool', scope_id: 'unused_team' });
  const perAgent = await budget({ name: 'buyer agent', limit_cents: 100_000, scope: 'agent', scope_id: 'buyer', parent_id: team.id });
  const perKey = await budget({ name: 'buyer key', limit_cents: 100_000, scope: 'key', scope_id: agent.keyId });
  const perTool = await budget({ name: 'supplies', limit_cents: 5000, scope: 'tool', scope_id: 'order_supplies' });
  const other = await budget({ name: 'someone else', limit_cents: 1, scope: 'agent', scope_id: 'not-buyer' });

  const first = await decide(agent.key, '/tools/order_supplies', { item: 'paper', amount: 20 });
  assert.equal(first.body.verdict, 'ALLOWED', first.body.detail);
  const policy = first.body.stages[2];
  assert.equal(policy.data.budgets.amount_cents, 2000);
  const listed = (await server.call('GET', `/fabric/budgets/${perTool.id}/reservations`)).body.reservations;
  const held = listed.find((r: any) => r.decision_id === first.body.decision_id);
  assert.equal(held.amount_cents, 2000);
  assert.equal(held.status, 'held');
  assert.deepEqual(
    [...held.budget_ids].sort(),
    [tenantWide.id, team.id, perAgent.id, perKey.id, perTool.id].sort(),
    'tenant, agent (and its parent), key and tool',
  );
  assert.ok(!held.budget_ids.includes(other.id));
  assert.equal((await get(team.id)).reserved_cents, 2000, 'the agent budget’s parent holds it too');

  const done = await server.call('POST', `/fabric/decisions/${first.body.decision_id}/outcome`, {
    key: agent.key,
    body: { status: 'completed', actual_cost_cents: 1500 },
  });
  assert.equal(done.status, 200);
  for (const id of [tenantWide.id, team.id, perAgent.id, perKey.id, perTool.id]) {
    const b = await get(id);
    assert.deepEqual([b.spent_cents, b.reserved_cents], [1500, 0], `budget ${b.name} booked the actual cost`);
  }

  const failing = await decide(agent.key, '/tools/order_supplies', { item: 'ink', amount: 10 });
  assert.equal(failing.body.verdict, 'ALLOWED');
  assert.equal((await get(perTool.id)).reserved_cents, 1000);
  await server.call('POST', `/fabric/decisions/${failing.body.decision_id}/outcome`, { key: agent.key, body: { status: 'failed' } });
  assert.deepEqual([(await get(perTool.id)).spent_cents, (await get(perTool.id)).reserved_cents], [1500, 0], 'a failed call releases');

  const big = await decide(agent.key, '/tools/order_supplies', { item: 'desk', amount: 40 });
  assert.equal(big.body.verdict, 'REQUIRE_APPROVAL');
  assert.equal(big.body.stages[2].verdict, 'require_approval');
  assert.match(
    big.body.stages[2].detail,
    new RegExp(
      `over budget: budget ${perTool.id} \\(supplies, monthly\\) has 1500 cents spent and 0 reserved of its hard limit of 5000 USD cents; this call asks 4000`,
    ),
  );
  assert.equal(big.body.stages[2].data.budgets.exceeded[0].budget_id, perTool.id);
  assert.equal((await get(perTool.id)).reserved_cents, 0, 'a held call reserves nothing');
  // Approvable: once a human approves, the same call runs and holds its amount (past the limit, on purpose).
  const approval = big.body.stages[3].data.approval_id;
  assert.equal((await server.call('POST', `/fabric/approvals/${approval}/approve`, { body: {} })).status, 200);
  const approved = await decide(agent.key, '/tools/order_supplies', { item: 'desk', amount: 40 });
  assert.equal(approved.body.verdict, 'ALLOWED', approved.body.detail);
  assert.equal((await get(perTool.id)).reserved_cents, 4000);

  const free = await decide(agent.key, '/tools/lookup', { q: 'catalogue' });
  assert.equal(free.body.verdict, 'ALLOWED', 'a call that names no amount is not held by budgets');
  assert.equal(free.body.stages[2].data.budgets, undefined);

  await server.call('PATCH', `/fabric/budgets/${perTool.id}`, { body: { on_exceed: 'block' } });
  const blocked = await decide(agent.key, '/tools/order_supplies', { item: 'chair', amount: 1 });
  assert.equal(blocked.body.verdict, 'BLOCKED');
  assert.match(blocked.body.stages[2].detail, /over budget/);
});

test('50 parallel decisions against a budget never overspend', async () => {
  const agent = await agentFor('rush', ['/tools/rush_buy']);
  const limit = await budget({ name: 'rush', limit_cents: 1000, scope: 'tool', scope_id: 'rush_buy' });
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => decide(agent.key, '/tools/rush_buy', { n: i, amount: 1 })));
  const verdicts = answers.map((a) => a.body.verdict);
  assert.equal(verdicts.filter((v) => v === 'ALLOWED').length, 10, verdicts.join(','));
  assert.equal(verdicts.filter((v) => v === 'REQUIRE_APPROVAL').length, 40);
  assert.equal((await get(limit.id)).reserved_cents, 1000);
});

// Decisions of distinct agents read their state together on PostgreSQL (reads-together.ts): one that
// reads a budget must still see the reservations of those decided before it.
test('50 parallel decisions of 10 agents against one budget never overspend', async () => {
  const agents = await Promise.all(Array.from({ length: 10 }, (_, i) => agentFor(`crowd${i}`, ['/tools/crowd_buy'])));
  const limit = await budget({ name: 'crowd', limit_cents: 1000, scope: 'tool', scope_id: 'crowd_buy' });
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => decide(agents[i % agents.length].key, '/tools/crowd_buy', { n: i, amount: 1 })),
  );
  const verdicts = answers.map((a) => a.body.verdict);
  assert.equal(verdicts.filter((v) => v === 'ALLOWED').length, 10, verdicts.join(','));
  assert.equal(verdicts.filter((v) => v === 'REQUIRE_APPROVAL').length, 40);
  assert.equal((await get(limit.id)).reserved_cents, 1000);
});

test('agent controls: a sliding hour of actions and actions running at once, each held with the limit named', async () => {
  const agent = await agentFor('looper', ['/tools/loop_step']);
  assert.equal((await server.call('PUT', '/fabric/agents/nobody/controls', { body: { max_actions_per_hour: 1 } })).status, 404);
  const step = (i: number) => decide(agent.key, '/tools/loop_step', { i });
  assert.equal((await step(0)).body.verdict, 'ALLOWED');
  const set = await server.call('PUT', '/fabric/agents/looper/controls', { body: { max_actions_per_hour: 3 } });
  assert.equal(set.status, 200);
  assert.deepEqual([set.body.max_actions_per_hour, set.body.max_concurrent_actions, set.body.actions_last_hour], [3, null, 1]);
  now += 30 * 60_000;
  assert.equal((await step(1)).body.verdict, 'ALLOWED');
  assert.equal((await step(2)).body.verdict, 'ALLOWED');
  const held = await step(3);
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  assert.match(held.body.stages[2].detail, /agent looper ran 3 actions in the last hour; its max_actions_per_hour is 3/);
  assert.equal(held.body.stages[2].data.agent_controls.exceeded, 'max_actions_per_hour');
  now += 31 * 60_000; // the first action left the sliding hour
  assert.equal((await step(4)).body.verdict, 'ALLOWED');

  const concurrent = await server.call('PUT', '/fabric/agents/looper/controls', { body: { max_concurrent_actions: 2 } });
  assert.equal(concurrent.body.max_actions_per_hour, null, 'a field left out is no limit');
  now += 20 * 60_000; // everything before has timed out of "running"
  const a = await step(10);
  const b = await step(11);
  assert.equal(a.body.verdict, 'ALLOWED');
  assert.equal(b.body.verdict, 'ALLOWED');
  const third = await step(12);
  assert.equal(third.body.verdict, 'REQUIRE_APPROVAL');
  assert.match(third.body.stages[2].detail, /agent looper has 2 actions running \(no outcome reported\); its max_concurrent_actions is 2/);
  await server.call('POST', `/fabric/decisions/${a.body.decision_id}/outcome`, { key: agent.key, body: { status: 'completed' } });
  assert.equal((await step(13)).body.verdict, 'ALLOWED', 'a reported outcome ends a running action');
  assert.equal((await step(14)).body.verdict, 'REQUIRE_APPROVAL');
  now += 16 * 60_000;
  assert.equal((await step(15)).body.verdict, 'ALLOWED', 'an action without an outcome stops counting after 15 minutes');
  const shown = await server.call('GET', '/fabric/agents/looper/controls', { key: agent.key });
  assert.equal(shown.body.max_concurrent_actions, 2);
  assert.equal(shown.body.running, 1);
  const cleared = await server.call('PUT', '/fabric/agents/looper/controls', { body: {} });
  assert.deepEqual([cleared.body.max_actions_per_hour, cleared.body.max_concurrent_actions], [null, null]);
});
