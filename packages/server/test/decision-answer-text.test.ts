// Issue 15: the decision's answer written member by member (decision-answer-text.ts) says what Fastify's
// serialiser says for `presentDecision(row, false)` under the `DecisionRecord` schema, and gives way to
// it (null) for a record of any other shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fastJsonStringify from 'fast-json-stringify';
import type { StageResult } from '@actiongate/engine';
import { decisionAnswerText } from '../src/decision-answer-text.ts';
import { presentDecision } from '../src/present.ts';
import { DecisionRecord } from '../src/schemas.ts';
import { stagesJson } from '../src/stages-json.ts';
import type { DecisionRow } from '../src/store/store.ts';

const serialise = fastJsonStringify(DecisionRecord as never);

// Text that JSON escapes, or that only some writers escape.
const AWKWARD = ['', 'plain', 'quote " and \\ backslash', 'tab\tnew\nline', '\u2028\u2029', 'é ü 中文 🙂', '\u0000\u001f', '</script>'];

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

function value(depth: number): unknown {
  const kind = Math.floor(random() * (depth > 2 ? 5 : 7));
  if (kind === 0) return pick(AWKWARD);
  if (kind === 1) return Math.round(random() * 1e6) / 100;
  if (kind === 2) return random() < 0.5;
  if (kind === 3) return null;
  if (kind === 4) return pick([0, -1, 1e21, 2 ** 53]);
  if (kind === 5) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, (_, i) => [`${pick(AWKWARD)}${i}`, value(depth + 1)]));
}

function stage(): StageResult {
  return {
    stage: pick(['identity', 'trust', 'policy', 'approval', 'consensus']),
    enforcing: random() < 0.5,
    verdict: pick(['allow', 'require_approval', 'deny']),
    detail: pick(AWKWARD),
    data: Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, (_, i) => [`k${i}`, value(0)])),
  } as StageResult;
}

function row(): DecisionRow {
  return {
    seq: 0,
    id: `fd_${Math.floor(random() * 1e9)}`,
    tenantId: 'tn_answer',
    agentId: pick(AWKWARD),
    keyId: 'key_1',
    path: `/tools/${pick(AWKWARD)}`,
    payload: { q: 1 },
    payloadHash: '00',
    verdict: pick(['ALLOWED', 'BLOCKED', 'REQUIRE_APPROVAL', 'ALLOWED (shadow)']),
    blocked: random() < 0.5,
    enforcing: random() < 0.5,
    mode: pick(['enforce', 'shadow']),
    risk: pick(['low', 'high']),
    detail: pick(AWKWARD),
    stages: Array.from({ length: 1 + Math.floor(random() * 5) }, stage),
    createdAt: 1_700_000_000_000 + Math.floor(random() * 1e10),
    signature: 'sig',
    signingKeyId: 'k1',
    signedPayload: null,
    signedVersion: 2,
    approvalId: random() < 0.5 ? null : `apr_${pick(AWKWARD)}`,
    outcome: null,
    traceId: null,
  } as unknown as DecisionRow;
}

test("the written answer is the serialiser's, member for member, on 2,000 random records", () => {
  for (let i = 0; i < 2_000; i++) {
    const record = row();
    const text = decisionAnswerText(record);
    assert.ok(text !== null, 'a record of the schema is written');
    assert.deepEqual(JSON.parse(text), JSON.parse(serialise(presentDecision(record, false))));
  }
});

test('the stages are written once, and the stored body carries the same text', () => {
  const record = row();
  const first = stagesJson(record.stages);
  assert.equal(stagesJson(record.stages), first);
  assert.equal(first, JSON.stringify(record.stages));
  assert.ok(decisionAnswerText(record)!.includes(`"stages":${first}}`));
});

test('a record of another shape is left to the serialiser', () => {
  const odd = (change: (record: DecisionRow) => void) => {
    const record = row();
    change(record);
    return decisionAnswerText(record);
  };
  assert.equal(
    odd((r) => ((r.stages[0] as unknown as Record<string, unknown>).extra = 1)),
    null,
    'a member the schema lacks',
  );
  assert.equal(
    odd((r) => delete (r.stages[0] as Partial<StageResult>).detail),
    null,
    'a member missing',
  );
  assert.equal(
    odd((r) => ((r.stages[0] as unknown as Record<string, unknown>).data = [1])),
    null,
    'data not an object',
  );
  assert.equal(
    odd((r) => ((r.stages[0] as unknown as Record<string, unknown>).enforcing = 'yes')),
    null,
  );
  assert.equal(
    odd((r) => ((r as unknown as Record<string, unknown>).risk = 3)),
    null,
  );
  assert.equal(
    odd((r) => ((r as unknown as Record<string, unknown>).blocked = undefined)),
    null,
  );
  assert.equal(
    odd((r) => (r.createdAt = Number.NaN)),
    null,
  );
});
