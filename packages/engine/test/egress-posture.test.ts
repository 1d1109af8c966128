// Egress rules, posture, containment and closure in the chain (issue 18), as table cases with a note per row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEFAULT_SETTINGS, decide, parseTarget, type DecisionState } from '../src/index.ts';
import { NOW, input, record, state as baseState } from './support/decision-fixtures.ts';

const TRUSTED = record(60);
const state = (extra: Partial<DecisionState> = {}): DecisionState => baseState(TRUSTED, TRUSTED, extra);

interface Case {
  note: string;
  path: string;
  payload: unknown;
  state: Partial<DecisionState>;
  policy: 'allow' | 'deny';
  detail?: string;
  egressRule?: string;
}

const cases = JSON.parse(readFileSync(new URL('./cases/egress-posture.json', import.meta.url), 'utf8')) as Case[];

for (const c of cases) {
  test(`policy: ${c.note}`, () => {
    const decision = decide(input(c.path, c.payload), state(c.state));
    const policy = decision.stages.find((stage) => stage.stage === 'policy')!;
    assert.equal(policy.verdict, c.policy, policy.detail);
    if (c.detail) assert.equal(policy.detail, c.detail);
    if (c.policy === 'deny') assert.equal(decision.verdict, 'BLOCKED');
    if (c.egressRule) assert.equal((policy.data.egress as { rule_id: string }).rule_id, c.egressRule);
  });
}

test('containment holds ordinary calls at the identity stage and denies brokered ones', () => {
  const contained = state({ containment: { reason: 'incident 42', since: NOW - 1000 } });
  const held = decide(input('/tools/search', { q: 'x' }), contained);
  assert.equal(held.verdict, 'REQUIRE_APPROVAL');
  assert.equal(held.stages[0].verdict, 'require_approval');
  assert.match(held.stages[0].detail, /tenant contained since .* \(incident 42\): every agent is held until released/);
  const brokered = decide(input('/tools/http/api.example.com', { method: 'GET', url: 'https://api.example.com/' }), contained);
  assert.equal(brokered.verdict, 'BLOCKED');
  assert.match(brokered.stages[0].detail, /brokered calls stop until released/);
  // A containment denial is not the agent's doing: it does not count against its record.
  assert.equal(brokered.effects.trust, null);
});

test('containment cannot be shadowed away: identity always enforces', () => {
  const shadow = state({ settings: { ...DEFAULT_SETTINGS, mode: 'shadow' }, containment: { reason: 'x', since: NOW } });
  const decision = decide(input('/tools/search', {}), shadow);
  assert.equal(decision.verdict, 'REQUIRE_APPROVAL');
});

test('a closed tenant is denied at the identity stage with the reason, before anything else', () => {
  const closed = state({
    closure: { reason: 'contract ended', since: NOW - 5000 },
    containment: { reason: 'x', since: NOW },
    halted: { reason: 'y', since: NOW },
  });
  const decision = decide(input('/tools/search', {}), closed);
  assert.equal(decision.verdict, 'BLOCKED');
  assert.equal(decision.stages[0].stage, 'identity');
  assert.match(decision.stages[0].detail, /^tenant closed for good on .*: contract ended$/);
  assert.equal(decision.effects.trust, null);
});

test('parseTarget refuses what cannot be brokered', () => {
  assert.deepEqual(parseTarget('https://API.example.com:8443/x'), { scheme: 'https', host: 'api.example.com', port: 8443 });
  assert.deepEqual(parseTarget('http://[::1]/'), { scheme: 'http', host: '::1', port: 80 });
  assert.match((parseTarget('ftp://x.example/') as { error: string }).error, /scheme `ftp`/);
  assert.match((parseTarget('https://user:pw@x.example/') as { error: string }).error, /user information/);
  assert.match((parseTarget('not a url') as { error: string }).error, /not an absolute URL/);
});
