// Issue 15: a decision's journal text written with its stages' canonical text kept between decisions
// must be canonicalJson of the record, byte for byte, whether the stages were seen before or not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { canonicalJson, type StageResult } from '@actiongate/engine';
import { journalRecordText } from '../src/store/journal-record-text.ts';

const ODD_TEXT = ['', 'quote " and \\ backslash', 'line\nbreak\u2028', '\u0000ctrl\u001f', 'ünïcødé ✓ 𝄞', '\ud800 lone', 'stages'];

let seed = 7;
function next(n: number): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

function randomValue(depth: number): unknown {
  switch (next(depth > 2 ? 5 : 8)) {
    case 0:
      return ODD_TEXT[next(ODD_TEXT.length)] + randomBytes(next(6)).toString('hex');
    case 1:
      return [0, -0, 1.5, -2e-7, 1e21, 42][next(6)];
    case 2:
      return next(2) === 0;
    case 3:
      return null;
    case 4:
      return `s${next(1000)}`;
    case 5:
      return Array.from({ length: next(4) }, () => randomValue(depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      // Keys in no particular order, some the same as the record's.
      for (let i = next(5); i > 0; i--)
        out[['zeta', 'alpha', 'stages', 'Beta', 'é', '_x', `k${next(50)}`][next(7)]] = randomValue(depth + 1);
      if (next(4) === 0) out.dropped = undefined;
      return out;
    }
  }
}

function randomStages(): StageResult[] {
  return Array.from({ length: 1 + next(5) }, () => ({
    stage: ['identity', 'trust', 'policy', 'approval'][next(4)],
    verdict: ['allow', 'deny', 'require_approval'][next(3)],
    enforcing: next(2) === 0,
    detail: String(randomValue(3)),
    data: randomValue(1) as Record<string, unknown>,
  })) as StageResult[];
}

/** A record shaped as decisionRecord makes it, members in its order (not sorted). */
function randomRecord(stages: StageResult[]): Record<string, unknown> {
  return {
    decision_id: `fd_${randomBytes(16).toString('hex')}`,
    tenant_id: 'tn_default',
    agent_id: ODD_TEXT[next(ODD_TEXT.length)] + 'agent',
    key_id: `ak_${next(100)}`,
    path: '/tools/search_documents',
    payload_hash: randomBytes(32).toString('hex'),
    verdict: 'ALLOWED',
    blocked: next(2) === 0,
    enforcing: true,
    mode: 'enforce',
    risk: 'low',
    detail: String(randomValue(3)),
    stages,
    approval_id: next(2) === 0 ? null : `apr_${next(100)}`,
    created_at: new Date(1_700_000_000_000 + next(1e9)).toISOString(),
    signing_key_id: 'sk_1',
    signature: randomBytes(64).toString('base64url'),
    ...(next(2) === 0 ? { signature_v: 2 } : {}),
  };
}

test("a decision's journal text is canonicalJson of its record, for stages seen before and not", () => {
  const lists = Array.from({ length: 60 }, randomStages);
  for (let i = 0; i < 1500; i++) {
    const stages = lists[next(lists.length)];
    // The same stages again, as a distinct array read back from its text (a kept text serves it).
    const given = next(2) === 0 ? stages : (JSON.parse(JSON.stringify(stages)) as StageResult[]);
    const record = randomRecord(given);
    assert.equal(journalRecordText('decision', record), canonicalJson(record));
  }
});

test('other records, and decision records of another shape, are canonicalJson', () => {
  const approval = { approval_id: 'apr_1', status: 'pending', reasons: ['a', 'b'], stages: [{ b: 1, a: 2 }] };
  assert.equal(journalRecordText('approval.created', approval), canonicalJson(approval));
  const withObject = { ...randomRecord(randomStages()), extra: { z: 1, a: [2, { y: 3, b: 4 }] } };
  assert.equal(journalRecordText('decision', withObject), canonicalJson(withObject));
  const noStages = { decision_id: 'fd_1', stages: 'not a list', z: 1, a: 2 };
  assert.equal(journalRecordText('decision', noStages), canonicalJson(noStages));
});

test('every UTF-16 code unit in a string member is written as canonicalJson writes it (escaped or as itself)', () => {
  const stages = randomStages();
  const record = randomRecord(stages);
  for (let unit = 0; unit <= 0xffff; unit++) {
    const text = `a${String.fromCharCode(unit)}b`;
    const odd = { ...record, detail: text, agent_id: String.fromCharCode(unit) };
    assert.equal(journalRecordText('decision', odd), canonicalJson(odd), `code unit ${unit.toString(16)}`);
  }
  // A surrogate pair, a pair reversed, and a lone half at either end.
  for (const text of ['𝄞', '\udd1e\ud834', '\ud834', 'x\udd1e']) {
    const odd = { ...record, path: text };
    assert.equal(journalRecordText('decision', odd), canonicalJson(odd));
  }
});
