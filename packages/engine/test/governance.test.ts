// Issue 21: governance policies (table cases with a note per row: conditions, exceptions,
// priorities, parents, status), the authority check and signed approvals, and the policy stage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateKeyPairSync, sign } from 'node:crypto';
import {
  DEFAULT_SETTINGS,
  checkApprovalAuthority,
  decide,
  evaluateGovernance,
  governanceFacts,
  summarizeTrajectory,
  governancePolicyProblem,
  matchTrajectory,
  signedApprovalText,
  tallyApprovals,
  verifySignedApproval,
  type Authority,
  type DecisionState,
  type GovernancePolicy,
} from '../src/index.ts';

const table = JSON.parse(readFileSync(new URL('./cases/governance-policies.json', import.meta.url), 'utf8')) as {
  policies: GovernancePolicy[];
  cases: Array<{
    note: string;
    call: { action: string; agent: string; args: Record<string, unknown>; hour: number };
    verdict: string;
    policy?: string;
    approvers?: number;
    excepted?: string[];
    outranked?: string[];
  }>;
};

const at = (hour: number) => Date.UTC(2026, 10, 25, hour, 30);

for (const row of table.cases) {
  test(`governance: ${row.note}`, () => {
    const facts = governanceFacts({
      action: row.call.action,
      agentId: row.call.agent,
      identity: 'key_x',
      args: row.call.args,
      now: at(row.call.hour),
    });
    const result = evaluateGovernance(table.policies, facts);
    assert.equal(result.verdict, row.verdict, result.detail);
    if (row.policy) {
      assert.equal(result.deciding[0].policy_id, row.policy);
      const policy = table.policies.find((p) => p.id === row.policy)!;
      assert.equal(result.deciding[0].version, `${policy.version}.0`);
      assert.match(result.detail, new RegExp(`${row.policy} v${policy.version}\\.0, priority ${policy.priority}`));
    }
    if (row.approvers !== undefined) assert.equal(result.requiredApprovers, row.approvers);
    if (row.excepted)
      assert.deepEqual(
        result.excepted.map((e) => e.policy_id),
        row.excepted,
      );
    if (row.outranked)
      assert.deepEqual(
        result.outranked.map((e) => e.policy_id),
        row.outranked,
      );
  });
}

test('governance: malformed policies are refused with the reason', () => {
  const cases: Array<{ note: string; policy: Record<string, unknown>; problem: RegExp }> = [
    { note: 'unknown effect', policy: { constraints: [{ effect: 'maybe' }] }, problem: /effect` must be one of/ },
    {
      note: 'unknown fact',
      policy: { constraints: [{ effect: 'deny', conditions: [{ field: 'colour', op: 'eq', value: 1 }] }] },
      problem: /names no fact/,
    },
    {
      note: 'bad op',
      policy: { constraints: [{ effect: 'deny', conditions: [{ field: 'amount', op: 'between', value: 1 }] }] },
      problem: /unknown op/,
    },
    {
      note: 'numeric op needs a number',
      policy: { constraints: [{ effect: 'deny', conditions: [{ field: 'amount', op: 'gt', value: 'x' }] }] },
      problem: /numeric value/,
    },
    { note: 'unknown constraint field', policy: { constraints: [{ effect: 'deny', when: [] }] }, problem: /unknown field `when`/ },
    {
      note: 'approvers out of range',
      policy: { constraints: [{ effect: 'require_approval', min_distinct_approvers: 0 }] },
      problem: /1 to 10/,
    },
    { note: 'exception without conditions', policy: { exceptions: [{ reason: 'x' }] }, problem: /conditions` is required/ },
    { note: 'unknown scope key', policy: { scope: { tools: ['a'] } }, problem: /unknown scope key/ },
  ];
  for (const row of cases) assert.match(governancePolicyProblem(row.policy) ?? 'no problem', row.problem, row.note);
  assert.equal(
    governancePolicyProblem({ constraints: [{ effect: 'deny', conditions: [{ field: 'args.to', op: 'suffix', value: '@x' }] }] }),
    null,
  );
});

test('authority: none granted, none held, expired, without can_approve, out of scope, over the limit, within it', () => {
  const base: Authority = {
    id: 'auth_1',
    identityId: 'key_a',
    role: 'lead',
    scope: { actions: ['/tools/transfer_*'] },
    canApprove: true,
    canDelegate: false,
    canOverride: false,
    maxApprovalAmountCents: 50_000,
    expiresAt: null,
  };
  const subject: { action: string; agentId: string; resource: string; amountCents: number | null } = {
    action: '/tools/transfer_funds',
    agentId: 'payer',
    resource: '',
    amountCents: 120_000,
  };
  const now = 1_000;
  const who = { keyId: 'key_a', keyName: 'alice' };
  const cases: Array<{ note: string; authorities: Authority[]; subject?: typeof subject; ok: boolean; detail: RegExp }> = [
    { note: 'tenant grants none: plain rule', authorities: [], ok: true, detail: /grants no authorities/ },
    { note: 'another key holds it', authorities: [{ ...base, identityId: 'key_b' }], ok: false, detail: /holds no approval authority/ },
    { note: 'expired', authorities: [{ ...base, expiresAt: 500 }], ok: false, detail: /has expired/ },
    { note: 'cannot approve', authorities: [{ ...base, canApprove: false }], ok: false, detail: /without `can_approve`/ },
    {
      note: 'out of scope',
      authorities: [base],
      subject: { ...subject, action: '/tools/shell' },
      ok: false,
      detail: /covers action `\/tools\/shell`/,
    },
    { note: 'over the limit', authorities: [base], ok: false, detail: /approves up to 50000 cents; this approval is for 120000 cents/ },
    { note: 'within the limit', authorities: [base], subject: { ...subject, amountCents: 50_000 }, ok: true, detail: /authority auth_1/ },
    {
      note: 'by key name, no limit',
      authorities: [{ ...base, identityId: 'alice', maxApprovalAmountCents: null }],
      ok: true,
      detail: /up to any cents/,
    },
    { note: 'no amount named', authorities: [base], subject: { ...subject, amountCents: null }, ok: true, detail: /auth_1/ },
  ];
  for (const row of cases) {
    const verdict = checkApprovalAuthority(row.authorities, who, row.subject ?? subject, now);
    assert.equal(verdict.ok, row.ok, row.note);
    assert.match(verdict.detail, row.detail, row.note);
  }
});

test('signed approvals: verify with the right key and text only; tally counts each key once', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
  const text = signedApprovalText({ approval_id: 'apr_1', action: '/tools/x', payload_hash: 'ab'.repeat(32), decision: 'approved' });
  const signature = sign(null, Buffer.from(text), privateKey).toString('base64');
  assert.equal(verifySignedApproval(text, signature, raw), true);
  assert.equal(verifySignedApproval(text.replace('approved', 'denied'), signature, raw), false);
  assert.equal(
    verifySignedApproval(text, signature, (generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }) as { x: string }).x),
    false,
  );
  assert.equal(verifySignedApproval(text, 'not base64!', raw), false);
  assert.equal(verifySignedApproval(text, signature, 'garbage'), false);
  const votes = [
    { keyId: 'a', approved: true },
    { keyId: 'a', approved: true },
  ];
  assert.equal(tallyApprovals(votes, 2).met, false);
  assert.equal(tallyApprovals([...votes, { keyId: 'b', approved: true }], 2).met, true);
  assert.equal(tallyApprovals([...votes, { keyId: 'b', approved: false }], 1).met, false);
});

test('policy stage: an active governance policy holds or denies the call and is named with its version', () => {
  const record = {
    approved: 100,
    blocked: 0,
    recentBlockedAt: [],
    override: null,
    overrideAt: null,
    firstSeenAt: 0,
  } as unknown as DecisionState['agent'];
  const state = (policies: GovernancePolicy[]): DecisionState => ({
    settings: DEFAULT_SETTINGS,
    halted: null,
    agent: record,
    key: record,
    rules: [],
    approvedApproval: null,
    pendingApproval: null,
    governancePolicies: policies,
  });
  const input = {
    decisionId: 'fd_1',
    tenantId: 'tn_1',
    now: at(12),
    path: '/tools/transfer_funds',
    agentId: 'payer',
    payload: { amount: 1000 },
    payloadHash: 'x',
    principal: { kind: 'customer' as const, keyId: 'key_admin' },
    newApprovalId: 'apr_new',
  };
  const held = decide(input, state(table.policies));
  const policy = held.stages[2];
  assert.equal(policy.verdict, 'require_approval');
  assert.equal(policy.data.governance_policy_id, 'gp_wire');
  assert.equal(policy.data.governance_policy_version, '1.0');
  assert.equal(policy.data.required_approvers, 2);
  assert.match(
    policy.detail,
    /governance policy `large transfers` \(gp_wire v1\.0, priority 100\) requires approval by 2 distinct approvers/,
  );
  assert.equal(held.verdict, 'REQUIRE_APPROVAL');
  const denied = decide({ ...input, payload: { amount: 150000 } }, state(table.policies));
  assert.equal(denied.verdict, 'BLOCKED');
  assert.equal(denied.stages[2].verdict, 'deny');
  const none = decide({ ...input, payload: { amount: 10 } }, state(table.policies));
  assert.equal(none.stages[2].verdict, 'allow');
  assert.match(none.stages[2].detail, /no governance policy matches/);
  // No policies: the stage is exactly the tool-rule stage.
  const plain = decide({ ...input, payload: { amount: 10 } }, state([]));
  assert.equal(plain.stages[2].data.governance, undefined);
});

test('trajectory: order, window and same-trace decide whether earlier calls complete the pattern', () => {
  const policies = [
    {
      id: 'tp_1',
      name: 'exfil',
      rules: [
        {
          id: 'r1',
          steps: [{ action: '/tools/secrets/*' }, { action: '/tools/send_email' }],
          effect: 'require_approval' as const,
          window_seconds: 60,
          same_trace: true,
        },
      ],
    },
  ];
  const now = 1_000_000;
  const read = { decisionId: 'fd_read', path: '/tools/secrets/read', payload: {}, createdAt: now - 10_000, traceId: 't1' };
  const send = { path: '/tools/send_email', payload: {}, now, traceId: 't1' };
  const cases: Array<{ note: string; recent: (typeof read)[]; call?: Partial<typeof send>; held: boolean }> = [
    { note: 'read then send in the same trace', recent: [read], held: true },
    { note: 'nothing read before', recent: [], held: false },
    { note: 'read outside the window', recent: [{ ...read, createdAt: now - 120_000 }], held: false },
    { note: 'read in another trace', recent: [{ ...read, traceId: 't2' }], held: false },
    { note: 'the call is not the last step', recent: [read], call: { path: '/tools/read_file' }, held: false },
  ];
  for (const row of cases) {
    const match = matchTrajectory(policies, row.recent, { ...send, ...row.call });
    assert.equal(match !== null, row.held, row.note);
    if (match) assert.deepEqual(match.earlier_decisions, ['fd_read']);
  }
});

test('trajectory summary: clean only without blocked decisions and trajectory matches (table cases)', () => {
  const base = { path: '/tools/a', createdAt: 1000, stages: [] as Array<{ stage: string; data?: unknown }> };
  const cases: Array<{ note: string; decisions: Parameters<typeof summarizeTrajectory>[0]; clean: boolean; problem?: RegExp }> = [
    { note: 'empty', decisions: [], clean: true },
    {
      note: 'allowed and held',
      decisions: [
        { ...base, id: 'd1', verdict: 'ALLOWED', blocked: false },
        { ...base, id: 'd2', verdict: 'REQUIRE_APPROVAL', blocked: false },
      ],
      clean: true,
    },
    {
      note: 'blocked',
      decisions: [{ ...base, id: 'd3', verdict: 'BLOCKED', blocked: true }],
      clean: false,
      problem: /1 decision\(s\) blocked: `d3`/,
    },
    {
      note: 'denied verdict',
      decisions: [{ ...base, id: 'd4', verdict: 'DENIED', blocked: false }],
      clean: false,
      problem: /blocked: `d4`/,
    },
    {
      note: 'trajectory match, held',
      decisions: [
        {
          ...base,
          id: 'd5',
          verdict: 'REQUIRE_APPROVAL',
          blocked: false,
          stages: [{ stage: 'policy', data: { trajectory: { name: 'exfil' } } }],
        },
      ],
      clean: false,
      problem: /trajectory policy `exfil` matched 1 decision\(s\): `d5`/,
    },
  ];
  for (const row of cases) {
    const summary = summarizeTrajectory(row.decisions);
    assert.equal(summary.clean, row.clean, row.note);
    if (row.problem) assert.match(summary.problems.join('; '), row.problem, row.note);
    assert.equal(summary.decisions, row.decisions.length, row.note);
  }
  const many = Array.from({ length: 12 }, (_, i) => ({ ...base, id: `b${i}`, verdict: 'BLOCKED', blocked: true, createdAt: i }));
  const summary = summarizeTrajectory(many);
  assert.match(summary.problems[0], /`b9` and 2 more$/);
  assert.equal(summary.firstDecisionAt, 0);
  assert.equal(summary.lastDecisionAt, 11);
});
