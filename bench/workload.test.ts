// The benchmark's own claims: the request mix is 70/20/10 with one body in five ~4 KB, every
// payload distinct; the timing helpers compute what they say.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nthRequest, type WorkloadKeys } from './http/workload.ts';
import { percentile, timeIt } from './lib/measure.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { cedarPolicies, toolRules } from './lib/rule-sets.ts';
import { matchingRules } from '@actiongate/engine';

const keys: WorkloadKeys = { normal: [{ key: 'agt_a', agentId: 'worker-0' }], held: 'fk_held', blocked: 'fk_blocked' };

test('the mixed workload is 70% allowed, 20% held, 10% blocked, 20% large bodies, all distinct', () => {
  const counts = { allowed: 0, held: 0, blocked: 0 };
  let large = 0;
  const bodies = new Set<string>();
  for (let n = 0; n < 1000; n++) {
    const request = nthRequest(n, keys, 't');
    counts[request.kind]++;
    if (request.body.length > 2000) large++;
    bodies.add(request.body);
    assert.doesNotThrow(() => JSON.parse(request.body));
  }
  assert.deepEqual(counts, { allowed: 700, held: 200, blocked: 100 });
  assert.equal(large, 200);
  assert.equal(bodies.size, 1000);
});

test('payloads come close to the asked size', () => {
  for (const bytes of [300, 4096, 65536]) {
    const size = JSON.stringify(payloadOfSize(bytes)).length;
    assert.ok(Math.abs(size - bytes) / bytes < 0.05, `${bytes} -> ${size}`);
  }
});

test('percentile and timeIt', () => {
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50), 5);
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99), 10);
  const timing = timeIt(() => 1, { warmup: 10, iterations: 100 });
  assert.equal(timing.iterations, 100);
  assert.ok(timing.p50 <= timing.p99);
});

test('no benchmark rule matches the benchmark path, and Cedar gets one policy per rule', () => {
  const rules = toolRules(1000);
  assert.equal(matchingRules(rules, '/tools/search_documents').length, 0);
  assert.ok(matchingRules(rules, '/tools/svc5/anything').length > 0);
  assert.equal((cedarPolicies(rules).match(/^(permit|forbid) /gm) ?? []).length, 1001);
});
