// Issue 21: the cost of governance policies in the policy stage. decide() in process with 0, 100
// and 1,000 active governance policies (each scoped to its own tool family, with an amount condition
// and an exception, and one in ten covering every tool), reported as microseconds per decision and
// as the ratio of 1,000 to 100 in the same run. Run: node --import tsx bench/governance-bench.ts
import { decide, DEFAULT_SETTINGS, type DecisionInput, type DecisionState, type GovernancePolicy } from '@actiongate/engine';
import { fmt, timeIt } from './lib/measure.ts';

function policies(count: number): GovernancePolicy[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `gp_${i}`,
    name: `policy ${i}`,
    version: 1,
    priority: 1 + (i % 1000),
    status: 'active' as const,
    // One in ten applies to every tool; the rest to their own family, so most are out of scope.
    scope: i % 10 === 0 ? null : { actions: [`/tools/family_${i}_*`] },
    constraints: [
      {
        effect: 'require_approval' as const,
        conditions: [{ field: 'amount', op: 'gte' as const, value: 10_000 + i }],
        min_distinct_approvers: 2,
      },
      { effect: 'deny' as const, conditions: [{ field: 'args.to', op: 'suffix' as const, value: `@blocked-${i}.example` }] },
    ],
    exceptions: [{ conditions: [{ field: 'agent', op: 'eq' as const, value: `treasury-${i}` }] }],
    parentPolicyId: null,
  }));
}

function state(governancePolicies: GovernancePolicy[]): DecisionState {
  const record = { approved: 100, blocked: 0, recentBlockedAt: [], override: null } as unknown as DecisionState['agent'];
  return {
    settings: DEFAULT_SETTINGS,
    halted: null,
    agent: record,
    key: record,
    rules: [],
    approvedApproval: null,
    pendingApproval: null,
    governancePolicies,
  };
}

const inputs: DecisionInput[] = Array.from({ length: 64 }, (_, i) => ({
  decisionId: `fd_${i}`,
  tenantId: 'tn_bench',
  now: 1_800_000_000_000,
  path: '/tools/transfer_funds',
  agentId: 'payer',
  payload: { to: `acct-${i}@bank.example`, amount: 100 + i, memo: 'invoice' },
  payloadHash: 'x',
  principal: { kind: 'customer', keyId: 'key_bench' },
  newApprovalId: `apr_${i}`,
}));

const rows: Array<{ policies: number; p50: number; mean: number }> = [];
for (const count of [0, 100, 1000]) {
  const s = state(policies(count));
  let n = 0;
  const timing = timeIt(() => decide(inputs[n++ % inputs.length], s), { iterations: 20_000, budgetMs: 3_000 });
  rows.push({ policies: count, p50: timing.p50, mean: timing.mean });
}
for (const row of rows)
  console.log(`decide() with ${row.policies} active governance policies: p50 ${fmt(row.p50)} µs, mean ${fmt(row.mean)} µs`);
const at100 = rows.find((row) => row.policies === 100)!;
const at1000 = rows.find((row) => row.policies === 1000)!;
console.log(`ratio 1,000 / 100 policies (p50): ${fmt(at1000.p50 / at100.p50)}x`);
