// The store conformance suite: what every Store implementation must do, checked through the Store
// interface alone. Run by test/store-sqlite.test.ts and test/store-postgres.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SigningKeyRing } from '../signing-keys.ts';
import { DecisionService } from '../decision-service.ts';
import { newKeyRow } from '../key-rows.ts';
import { createTenantWithAdmin } from '../tenants.ts';
import { hashSecret } from '../ids.ts';
import type { EventRow } from './event-store.ts';
import type { KeyRow, Store } from './store.ts';

const HOUR = 3600_000;

interface Fixture {
  store: Store;
  decisions: DecisionService;
  tenantId: string;
  admin: KeyRow;
  approver: KeyRow;
  agentKey: KeyRow;
  clock: { now: number };
}

async function fixture(store: Store, tenantId = 'tn_cases'): Promise<Fixture> {
  const clock = { now: Date.now() };
  const created = await createTenantWithAdmin(store, { id: tenantId, name: 'cases', email: null }, clock.now);
  const admin = (await store.findKeyByHash(hashSecret(created.apiKey)))!;
  const approverRow = newKeyRow({ tenantId, kind: 'customer', role: 'approver', name: 'approver' }, clock.now).row;
  await store.createKey(approverRow);
  const agentRow = newKeyRow({ tenantId, kind: 'agent', role: 'agent', name: 'bot', agentId: 'bot' }, clock.now).row;
  await store.createKey(agentRow);
  // An established record, so low-risk calls run (a new agent under a new key is held).
  await store.seedTrustRecord(tenantId, { agentId: 'bot', keyId: agentRow.id }, { approved: 10, blocked: 0 }, clock.now);
  const decisions = new DecisionService(store, SigningKeyRing.ephemeral(), () => clock.now);
  return { store, decisions, tenantId, admin, approver: approverRow, agentKey: agentRow, clock };
}

/** Runs the conformance cases against stores made by `createStore` (a fresh, empty store each time). */
export function runStoreTests(name: string, createStore: () => Promise<Store>): void {
  describe(`store conformance: ${name}`, () => {
    async function withStore(run: (f: Fixture) => Promise<void>): Promise<void> {
      const store = await createStore();
      try {
        await run(await fixture(store));
      } finally {
        await store.close();
      }
    }

    test('tenants, settings and keys round-trip; a revoked key stays found but revoked', () =>
      withStore(async ({ store, tenantId, admin, agentKey }) => {
        assert.equal(await store.countTenants(), 1);
        assert.equal(await store.ping(), true);
        await store.updateSettings(tenantId, { mode: 'shadow' });
        assert.deepEqual((await store.getTenant(tenantId))?.settings, { mode: 'shadow' });
        assert.equal(await store.getTenant('tn_missing'), null);
        const keys = await store.listKeys(tenantId, 'customer');
        assert.deepEqual(
          keys.map((key) => key.role),
          ['admin', 'approver'],
        );
        assert.equal((await store.listKeys(tenantId, 'agent'))[0].agentId, 'bot');
        assert.equal((await store.findKeyByHash(admin.keyHash))?.id, admin.id);
        const revoked = await store.revokeKey(tenantId, 'agent', agentKey.id, Date.now());
        assert.ok(revoked?.revokedAt);
        assert.ok((await store.findKeyByHash(agentKey.keyHash))?.revokedAt, 'authentication sees the revocation at once');
        assert.equal(await store.revokeKey('tn_other', 'agent', agentKey.id, Date.now()), null, 'tenants are isolated');
      }));

    test('an allowed decision is stored, counted for agent and key, listed, journaled and announced', () =>
      withStore(async ({ store, decisions, tenantId, agentKey }) => {
        const heard: EventRow[] = [];
        const stop = store.onEvents((events) => heard.push(...events));
        const row = await decisions.decide(agentKey, { path: '/tools/search', payload: { q: 'weather' } } as any);
        stop();
        assert.equal(row.verdict, 'ALLOWED');
        assert.ok(row.seq > 0);
        const stored = await store.getDecision(tenantId, row.id);
        assert.equal(stored?.verdict, 'ALLOWED');
        assert.deepEqual(stored?.payload, { q: 'weather' });
        assert.equal(stored?.signature, row.signature);
        assert.deepEqual(
          stored?.stages.map((stage) => stage.stage),
          ['identity', 'trust', 'policy', 'approval'],
        );
        assert.equal(await store.getDecision('tn_other', row.id), null);
        assert.equal((await store.getAgent(tenantId, 'bot'))?.record.approved, 11);
        assert.equal((await store.listKeys(tenantId, 'agent'))[0].record.approved, 11);
        assert.deepEqual(
          (await store.listDecisions(tenantId, { limit: 10 })).map((d) => d.id),
          [row.id],
        );
        assert.deepEqual(
          heard.map((event) => event.type),
          ['decision.created'],
        );
        const events = await store.listEvents(tenantId, 0, 10);
        assert.equal(events[0].data.decision_id, row.id);
        assert.equal(await store.lastEventSeq(tenantId), 1);
        assert.equal(await store.journal.size(tenantId), 1);
        const entry = await store.journal.findByRef(tenantId, row.id);
        assert.equal(entry?.type, 'decision');
        assert.equal(JSON.parse(entry!.record).decision_id, row.id);
        assert.equal((await store.journal.hashesAfter(tenantId, 0, 10))[0].length, 32);
        assert.equal(await store.setOutcome(tenantId, row.id, { status: 'completed', detail: null, at: Date.now() }), 'ok');
        assert.equal(await store.setOutcome(tenantId, row.id, { status: 'failed', detail: null, at: Date.now() }), 'already_set');
        assert.equal(await store.setOutcome(tenantId, 'fd_missing', { status: 'failed', detail: null, at: Date.now() }), 'not_found');
      }));

    test('a held call is approved once: concurrent resends consume the approval exactly once', () =>
      withStore(async ({ store, decisions, tenantId, agentKey, approver, clock }) => {
        await store.createToolRule({
          id: 'tr_hold',
          tenantId,
          name: 'hold payments',
          effect: 'require_approval',
          match_path: '/tools/pay',
          match_args: null,
          agent_ids: null,
          risk_at_least: null,
          description: '',
          enabled: true,
          version: 1,
          createdAt: clock.now,
          updatedAt: clock.now,
        });
        const call = { path: '/tools/pay', payload: { to: 'acme', amount: 5 } } as any;
        const held = await decisions.decide(agentKey, call);
        assert.equal(held.verdict, 'REQUIRE_APPROVAL');
        const approvalId = held.approvalId!;
        assert.ok(approvalId);
        const again = await decisions.decide(agentKey, call);
        assert.equal(again.approvalId, approvalId, 'a pending approval is reused');
        assert.equal(
          (
            await store.decideApproval(tenantId, approvalId, {
              approve: true,
              keyId: agentKey.id,
              note: null,
              now: clock.now,
              resendWindowMs: HOUR,
            })
          ).ok,
          false,
          'the requesting key cannot approve its own request',
        );
        const approved = await store.decideApproval(tenantId, approvalId, {
          approve: true,
          keyId: approver.id,
          note: 'fine',
          now: clock.now,
          resendWindowMs: HOUR,
        });
        assert.ok(approved.ok);
        assert.equal(approved.approval.status, 'approved');
        const second = await store.decideApproval(tenantId, approvalId, {
          approve: false,
          keyId: approver.id,
          note: null,
          now: clock.now,
          resendWindowMs: HOUR,
        });
        assert.deepEqual([second.ok, !second.ok && second.reason], [false, 'already_decided']);
        const results = await Promise.all(Array.from({ length: 12 }, () => decisions.decide(agentKey, call)));
        assert.equal(results.filter((row) => row.verdict === 'ALLOWED').length, 1);
        const consumed = await store.getApproval(tenantId, approvalId, clock.now);
        assert.equal(consumed?.status, 'consumed');
        assert.deepEqual(consumed?.payload, { to: 'acme', amount: 5 });
        assert.ok(results.some((row) => row.id === consumed?.consumedByDecisionId));
        const types = (await store.listEvents(tenantId, 0, 100)).map((event) => event.type);
        assert.deepEqual(types.slice(0, 4), ['decision.created', 'approval.created', 'decision.created', 'approval.approved']);
        assert.ok(types.includes('approval.consumed'));
        const journalTypes = (await store.journal.list(tenantId, 0, 100)).map((entry) => entry.type);
        assert.equal(journalTypes.filter((type) => type === 'approval.consumed').length, 1);
        assert.equal((await store.listApprovals(tenantId, { status: 'consumed', limit: 10 }, clock.now)).length, 1);
      }));

    test('a human denial counts as a blocked attempt for the agent and the key', () =>
      withStore(async ({ store, decisions, tenantId, agentKey, approver, clock }) => {
        await store.createToolRule({
          id: 'tr_hold',
          tenantId,
          name: 'hold',
          effect: 'require_approval',
          match_path: '/tools/send',
          match_args: null,
          agent_ids: null,
          risk_at_least: null,
          description: '',
          enabled: true,
          version: 1,
          createdAt: clock.now,
          updatedAt: clock.now,
        });
        const held = await decisions.decide(agentKey, { path: '/tools/send', payload: {} } as any);
        const denied = await store.decideApproval(tenantId, held.approvalId!, {
          approve: false,
          keyId: approver.id,
          note: 'no',
          now: clock.now,
          resendWindowMs: HOUR,
        });
        assert.ok(denied.ok);
        assert.equal(denied.approval.status, 'denied');
        assert.equal((await store.getAgent(tenantId, 'bot'))?.record.blocked, 1);
        assert.equal((await store.listKeys(tenantId, 'agent'))[0].record.blocked, 1);
        assert.equal((await store.journal.findByRef(tenantId, held.approvalId!))?.type, 'approval.denied');
      }));

    test('approval expiry is recorded once, whoever notices it', () =>
      withStore(async ({ store, decisions, tenantId, agentKey, approver, clock }) => {
        await store.updateSettings(tenantId, { approvalTtlSeconds: 60 });
        await store.createToolRule({
          id: 'tr_hold',
          tenantId,
          name: 'hold',
          effect: 'require_approval',
          match_path: '/tools/send',
          match_args: null,
          agent_ids: null,
          risk_at_least: null,
          description: '',
          enabled: true,
          version: 1,
          createdAt: clock.now,
          updatedAt: clock.now,
        });
        const held = await decisions.decide(agentKey, { path: '/tools/send', payload: {} } as any);
        const later = clock.now + 2 * HOUR;
        assert.equal((await store.getApproval(tenantId, held.approvalId!, later))?.status, 'expired');
        const refused = await store.decideApproval(tenantId, held.approvalId!, {
          approve: true,
          keyId: approver.id,
          note: null,
          now: later,
          resendWindowMs: HOUR,
        });
        assert.deepEqual([refused.ok, !refused.ok && refused.reason], [false, 'expired']);
        assert.equal(await store.expireDueApprovals(later), 0, 'already recorded');
        await store.listApprovals(tenantId, { limit: 10 }, later);
        const expiries = (await store.journal.list(tenantId, 0, 100)).filter((entry) => entry.type === 'approval.expired');
        assert.equal(expiries.length, 1);
      }));

    test('idempotency: a repeat answers the first decision; another request under the key is refused', () =>
      withStore(async ({ decisions, agentKey }) => {
        const call = { path: '/tools/search', payload: { q: 1 } } as any;
        const first = await decisions.decide(agentKey, call, { idempotencyKey: 'k1' });
        const repeat = await decisions.decide(agentKey, call, { idempotencyKey: 'k1' });
        assert.equal(repeat.id, first.id);
        assert.equal(repeat.replayed, true);
        await assert.rejects(decisions.decide(agentKey, { path: '/tools/search', payload: { q: 2 } } as any, { idempotencyKey: 'k1' }));
      }));

    test('halt with a token stops decisions; resume frees them; a repeated ALLOWED is decided afresh while halted', () =>
      withStore(async ({ store, decisions, tenantId, admin, agentKey, clock }) => {
        const call = { path: '/tools/search', payload: {} } as any;
        const first = await decisions.decide(agentKey, call, { idempotencyKey: 'h1' });
        assert.equal(first.verdict, 'ALLOWED');
        await store.createHaltToken({ tokenHash: 'th1', tenantId, keyId: admin.id, createdAt: clock.now, expiresAt: clock.now + 60_000 });
        const halted = await store.halt(tenantId, {
          tokenHash: 'th1',
          keyId: admin.id,
          requireOtherKey: false,
          reason: 'drill',
          operatorId: 'op',
          now: clock.now,
        });
        assert.ok(halted.ok);
        const again = await store.halt(tenantId, {
          tokenHash: 'th1',
          keyId: admin.id,
          requireOtherKey: false,
          reason: 'x',
          operatorId: 'op',
          now: clock.now,
        });
        assert.deepEqual(again, { ok: false, reason: 'already_halted' });
        assert.equal((await store.getTenant(tenantId))?.halted?.reason, 'drill');
        const blocked = await decisions.decide(agentKey, call);
        assert.equal(blocked.verdict, 'BLOCKED');
        const replay = await decisions.decide(agentKey, call, { idempotencyKey: 'h1' });
        assert.equal(replay.verdict, 'BLOCKED', 'an old ALLOWED is not replayed while halted');
        assert.equal(await store.resume(tenantId, { keyId: admin.id, operatorId: 'op', now: clock.now }), true);
        assert.equal(await store.resume(tenantId, { keyId: admin.id, operatorId: 'op', now: clock.now }), false);
        assert.equal((await decisions.decide(agentKey, call)).verdict, 'ALLOWED');
        const types = (await store.listEvents(tenantId, 0, 100)).map((event) => event.type);
        assert.ok(types.includes('halt.started') && types.includes('halt.lifted'));
        // Issues 18 and 22: an event of a change committed elsewhere is logged next and announced once.
        const heard: string[] = [];
        const stop = store.onEvents((events) => heard.push(...events.map((event) => event.type)));
        const last = await store.lastEventSeq(tenantId);
        const appended = await store.appendEvent(tenantId, 'tenant.contained', { reason: 'drill' }, clock.now);
        stop();
        assert.equal(appended.seq, last + 1);
        assert.deepEqual(heard, ['tenant.contained']);
        const [logged] = await store.listEvents(tenantId, last, 10);
        assert.deepEqual([logged.type, logged.data], ['tenant.contained', { reason: 'drill' }]);
      }));

    test('rules, tools and agent overrides are in force for the next decision', () =>
      withStore(async ({ store, decisions, tenantId, agentKey, clock }) => {
        const call = { path: '/tools/search', payload: {} } as any;
        assert.equal((await decisions.decide(agentKey, call)).verdict, 'ALLOWED');
        const rule = {
          id: 'tr_deny',
          tenantId,
          name: 'no search',
          effect: 'deny' as const,
          match_path: '/tools/search',
          match_args: null,
          agent_ids: null,
          risk_at_least: null,
          description: '',
          enabled: true,
          version: 1,
          createdAt: clock.now,
          updatedAt: clock.now,
        };
        const policyOf = (row: { stages: { stage: string; verdict: string }[] }) =>
          row.stages.find((stage) => stage.stage === 'policy')?.verdict;
        await store.createToolRule(rule);
        const denied = await decisions.decide(agentKey, call);
        assert.deepEqual([denied.verdict, policyOf(denied)], ['BLOCKED', 'deny']);
        await store.updateToolRule({ ...rule, enabled: false, version: 2 });
        assert.equal((await store.getToolRule(tenantId, 'tr_deny'))?.version, 2);
        // The blocked attempt now holds the agent in trust; the disabled rule no longer denies.
        assert.equal(policyOf(await decisions.decide(agentKey, call)), 'allow');
        // Issue 16: a rule set is replaced in one transaction, or not at all when a rule moved on meanwhile.
        const created = { ...rule, id: 'tr_set', name: 'set rule', match_path: '/tools/other' };
        const stale = await store.replaceToolRules(tenantId, {
          create: [created],
          update: [],
          delete: [{ id: 'tr_deny', expectedVersion: 1 }],
        });
        assert.equal(stale, false);
        assert.deepEqual(
          (await store.listToolRules(tenantId)).map((row) => row.id),
          ['tr_deny'],
          'nothing of a stale set is applied',
        );
        const replaced = await store.replaceToolRules(tenantId, {
          create: [created],
          update: [],
          delete: [{ id: 'tr_deny', expectedVersion: 2 }],
        });
        assert.equal(replaced, true);
        assert.deepEqual(
          (await store.listToolRules(tenantId)).map((row) => row.id),
          ['tr_set'],
        );
        assert.equal(await store.deleteToolRule(tenantId, 'tr_set'), true);
        assert.equal((await store.listToolRules(tenantId)).length, 0);
        await store.upsertTool({ tenantId, toolName: '/Tools/Search/', riskLevel: 'critical', description: '', createdAt: clock.now });
        assert.equal((await store.listTools(tenantId))[0].toolName, 'search');
        assert.notEqual((await decisions.decide(agentKey, call)).verdict, 'ALLOWED', 'a critical registered tool is held');
        await store.setAgentOverride(tenantId, 'bot', 'revoked', 'gone', clock.now);
        const revoked = await decisions.decide(agentKey, { path: '/tools/read', payload: {} } as any);
        assert.equal(revoked.verdict, 'BLOCKED');
        assert.equal((await store.listAgents(tenantId))[0].overrideReason, 'gone');
      }));

    // Issue 15: the SQLite store remembers that a tenant has no budgets and no agent controls, so
    // these must be in force for the very next decision after they are made, and gone after removal.
    test('budgets and agent controls made after decisions are in force for the next decision', () =>
      withStore(async ({ store, decisions, tenantId, clock }) => {
        const agentRow = newKeyRow({ tenantId, kind: 'agent', role: 'agent', name: 'payer', agentId: 'payer' }, clock.now).row;
        await store.createKey(agentRow);
        await store.seedTrustRecord(tenantId, { agentId: 'payer', keyId: agentRow.id }, { approved: 10, blocked: 0 }, clock.now);
        const call = { path: '/tools/search', payload: { amount: 5 } } as any;
        const free = await decisions.decide(agentRow, call);
        assert.equal(free.verdict, 'ALLOWED');
        assert.equal(await store.budgets.reservationOfDecision(tenantId, free.id), null, 'no budget, nothing held');
        const budget = {
          id: 'bg_cap',
          tenantId,
          name: 'cap',
          description: '',
          scope: 'tenant' as const,
          scopeId: null,
          parentId: null,
          period: 'total' as const,
          limitCents: 100_000,
          hardLimit: true,
          onExceed: 'block' as const,
          softLimitPct: 80,
          alertThresholdPct: 80,
          currency: 'USD',
          metadata: null,
          spentCents: 0,
          periodStart: 0,
          alertLevel: 0,
          alertPeriodStart: 0,
          createdAt: clock.now,
          updatedAt: clock.now,
        };
        await store.budgets.createBudget(budget);
        const held = await decisions.decide(agentRow, call);
        assert.equal(held.verdict, 'ALLOWED');
        assert.equal((await store.budgets.reservationOfDecision(tenantId, held.id))?.amountCents, 500, 'held against the new budget');
        assert.equal(await store.budgets.deleteBudget(tenantId, 'bg_cap'), 'ok');
        const after = await decisions.decide(agentRow, call);
        assert.equal(after.verdict, 'ALLOWED');
        assert.equal(await store.budgets.reservationOfDecision(tenantId, after.id), null, 'a deleted budget holds nothing');
        await store.budgets.setAgentControls({
          tenantId,
          agentId: 'payer',
          maxActionsPerHour: 3,
          maxConcurrentActions: null,
          updatedAt: clock.now,
        });
        assert.notEqual((await decisions.decide(agentRow, call)).verdict, 'ALLOWED', 'three allowed actions this hour already');
      }));

    test('traces join decisions and events; a demo tenant is deleted with every row', () =>
      withStore(async ({ store, decisions, agentKey, clock }) => {
        const row = await decisions.decide(agentKey, { path: '/tools/search', payload: {}, trace_id: 'trace-1' } as any);
        await store.addTraceEvent({
          id: 'te_1',
          tenantId: agentKey.tenantId,
          traceId: 'trace-1',
          spanId: 's1',
          parentSpanId: null,
          name: 'llm',
          kind: 'llm',
          status: 'ok',
          attributes: { a: 1 },
          payload: null,
          keyId: agentKey.id,
          agentId: 'bot',
          createdAt: clock.now,
        });
        const trace = await store.getTrace(agentKey.tenantId, 'trace-1', 10);
        assert.deepEqual(
          trace.decisions.map((d) => d.id),
          [row.id],
        );
        assert.deepEqual(trace.events[0].attributes, { a: 1 });
        assert.deepEqual(
          (await store.listTraces(agentKey.tenantId, 10)).map((t) => [t.traceId, t.decisions, t.events]),
          [['trace-1', 1, 1]],
        );

        const demo = await fixture(store, 'tn_try_demo');
        await store.seedTrustRecord('tn_try_demo', { agentId: 'bot', keyId: demo.agentKey.id }, { approved: 9, blocked: 1 }, clock.now);
        assert.equal((await store.getAgent('tn_try_demo', 'bot'))?.record.approved, 9);
        // A decision's key may be remembered (findKeyForDecision); its transaction refuses it once the tenant is gone.
        const remembered = (await store.findKeyForDecision(demo.agentKey.keyHash))!;
        await demo.decisions.decide(remembered, { path: '/tools/search', payload: {} } as any);
        assert.deepEqual(await store.staleTenantIds('tn_try_', Date.now() + 1000, 10), ['tn_try_demo']);
        await store.deleteTenant('tn_try_demo');
        assert.equal(await store.getTenant('tn_try_demo'), null);
        assert.equal(await store.findKeyByHash(demo.agentKey.keyHash), null);
        await assert.rejects(demo.decisions.decide(remembered, { path: '/tools/search', payload: {} } as any), { code: 'AG_UNKNOWN_KEY' });
        assert.equal(await store.journal.size('tn_try_demo'), 0);
        assert.equal((await store.listEvents('tn_try_demo', 0, 10)).length, 0);
        assert.deepEqual(await store.staleTenantIds('tn_try_', Date.now() + 1000, 10), []);
      }));

    test('signed tree heads are kept once per size', () =>
      withStore(async ({ store, tenantId }) => {
        const head = {
          tenant_id: tenantId,
          tree_size: 1,
          root_hash: 'aa',
          timestamp: new Date().toISOString(),
          key_id: 'k',
          signature: 's',
        };
        await store.journal.saveHead(head);
        await store.journal.saveHead({ ...head, root_hash: 'bb' });
        assert.equal((await store.journal.headAt(tenantId, 1))?.root_hash, 'aa');
        assert.equal((await store.journal.latestHead(tenantId))?.tree_size, 1);
        assert.equal(await store.journal.headAt(tenantId, 2), null);
      }));
  });
}
