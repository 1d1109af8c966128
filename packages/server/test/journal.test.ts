// The tamper-evident journal over HTTP: every decision and approval event is journaled in its own
// transaction, exported, proven and verified; tampered copies fail; tenants see only their own.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { publicKeySet, verifyJournal, verifyProof, type ExportedJournalEntry } from '@actiongate/engine';
import { sqliteOnly, startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let approver: string;
before(async () => {
  server = await startServer({ ACTIONGATE_SIGNUP: 'open' });
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'human', role: 'approver' } })).body.api_key;
});
after(() => server.close());

const decide = (agent: string, payload: object, key?: string) =>
  server.call('POST', '/fabric/decisions', { key, body: { path: '/tools/send_email', agent_id: agent, payload } });
const exportJournal = async (key?: string, query = '') => (await server.call('GET', `/fabric/journal${query}`, { key })).body;
const publicKeys = async () => (await server.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x) as string[];

test('every decision and approval event is journaled, in order, and the export verifies', async () => {
  const start = (await exportJournal()).entries.length;
  const call = { to: 'cfo@example.com', subject: 'Q3' };
  const held = await decide('journal-a1', call);
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const approvalId = held.body.stages[3].data.approval_id;
  assert.equal((await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: { note: 'ok' } })).status, 200);
  const ran = await decide('journal-a1', call);
  assert.equal(ran.body.verdict, 'ALLOWED');

  const denied = await decide('journal-a2', { to: 'x@example.com' });
  await server.call('POST', `/fabric/approvals/${denied.body.stages[3].data.approval_id}/deny`, { key: approver, body: {} });
  const waiting = await decide('journal-a3', { to: 'y@example.com' });
  const waitingId = waiting.body.stages[3].data.approval_id;
  // two hours later the timer's sweep marks the approval expired, and journals it
  assert.equal(await server.store.expireDueApprovals(Date.now() + 2 * 3600_000), 1);

  const { entries, tree_head } = await exportJournal();
  const mine = entries.slice(start);
  assert.deepEqual(
    mine.map((entry: ExportedJournalEntry) => `${entry.type} ${entry.ref_id}`),
    [
      `decision ${held.body.decision_id}`,
      `approval.created ${approvalId}`,
      `approval.approved ${approvalId}`,
      `decision ${ran.body.decision_id}`,
      `approval.consumed ${approvalId}`,
      `decision ${denied.body.decision_id}`,
      `approval.created ${denied.body.stages[3].data.approval_id}`,
      `approval.denied ${denied.body.stages[3].data.approval_id}`,
      `decision ${waiting.body.decision_id}`,
      `approval.created ${waitingId}`,
      `approval.expired ${waitingId}`,
    ],
  );
  assert.equal(mine[4].record.consumed_by_decision_id, ran.body.decision_id);
  assert.equal(mine[0].record.verdict, 'REQUIRE_APPROVAL');
  assert.equal(tree_head.tree_size, entries.length);

  const keys = await publicKeys();
  const verified = await server.call('POST', '/fabric/journal/verify', {
    body: { journal: entries, fabric_public_key: keys[0], expected_head: entries[entries.length - 1].entry_hash },
  });
  assert.deepEqual(verified.body, {
    valid: true,
    length: entries.length,
    head: entries[entries.length - 1].entry_hash,
    first_invalid_index: null,
    reason: null,
    signatures: { v1: 0, v2: entries.filter((entry: ExportedJournalEntry) => entry.type === 'decision').length },
  });
  assert.equal(verifyJournal(entries, { keys: publicKeySet(keys), treeHead: tree_head }).valid, true, 'offline too');
});

test('an approval expires once in the journal, whichever path notices first', async () => {
  const held = await decide('journal-exp', { to: 'z@example.com' });
  const id = held.body.stages[3].data.approval_id;
  const listedId = (await decide('journal-exp2', { to: 'w@example.com' })).body.stages[3].data.approval_id;
  const later = Date.now() + 2 * 3600_000;
  const decided = await server.store.decideApproval('tn_default', id, {
    approve: true,
    keyId: 'key_other',
    note: null,
    now: later,
    resendWindowMs: 60_000,
  });
  assert.deepEqual(decided.ok ? 'decided' : decided.reason, 'expired');
  await server.store.listApprovals('tn_default', { limit: 10 }, later);
  await server.store.expireDueApprovals(later);
  const { entries } = await exportJournal();
  const about = entries.filter((entry: ExportedJournalEntry) => entry.ref_id === id).map((entry: ExportedJournalEntry) => entry.type);
  assert.deepEqual(about, ['approval.created', 'approval.expired']);
  const aboutListed = entries
    .filter((entry: ExportedJournalEntry) => entry.ref_id === listedId)
    .map((entry: ExportedJournalEntry) => entry.type);
  assert.deepEqual(aboutListed, ['approval.created', 'approval.expired'], 'listing the queue expires it, once');
  assert.equal(
    entries.find((entry: ExportedJournalEntry) => entry.type === 'approval.expired' && entry.ref_id === id).record.status,
    'expired',
  );
});

test('a tampered export is answered 200 with valid false and the first bad index', async () => {
  await decide('journal-t', { n: 1 });
  const { entries } = await exportJournal();
  const [key] = await publicKeys();
  const tampered = structuredClone(entries);
  tampered[1].record.detail = 'rewritten later';
  const res = await server.call('POST', '/fabric/journal/verify', {
    body: { journal: tampered, fabric_public_key: key, expected_head: null },
  });
  assert.equal(res.status, 200);
  assert.equal(res.body.valid, false);
  assert.equal(res.body.first_invalid_index, 1);
  assert.equal(res.body.length, 1);
  assert.match(res.body.reason, /record was modified/);

  const truncated = await server.call('POST', '/fabric/journal/verify', {
    body: { journal: entries.slice(0, -1), fabric_public_key: key, expected_head: entries[entries.length - 1].entry_hash },
  });
  assert.equal(truncated.body.valid, false);
  assert.equal(truncated.body.first_invalid_index, entries.length - 1);

  const badKey = await server.call('POST', '/fabric/journal/verify', { body: { journal: entries, fabric_public_key: 'nope' } });
  assert.equal(badKey.status, 422, JSON.stringify(badKey.body));
  assert.deepEqual(badKey.body.detail[0].loc, ['body', 'fabric_public_key']);
  assert.equal((await server.call('POST', '/fabric/journal/verify', { body: { fabric_public_key: key } })).status, 422);
  const junk = await server.call('POST', '/fabric/journal/verify', { body: { journal: [{ seq: 'one' }], fabric_public_key: key } });
  assert.equal(junk.status, 200);
  assert.equal(junk.body.first_invalid_index, 0);
  assert.match(junk.body.reason, /`seq` is missing/);
});

test('the NDJSON export streams the same entries as JSON lines, paged by after and limit', async () => {
  for (let i = 0; i < 3; i++) await decide('journal-n', { i });
  const all = (await exportJournal()).entries;
  const res = await fetch(`${server.url}/fabric/journal?after=1&limit=${all.length}`, {
    headers: { 'x-api-key': server.adminKey, accept: 'application/x-ndjson' },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type')!, /application\/x-ndjson/);
  const lines = (await res.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.deepEqual(lines, all.slice(1));
  const page = await exportJournal(undefined, '?after=2&limit=2');
  assert.deepEqual(page.entries, all.slice(2, 4));
  assert.equal(page.next_after, 4);
  assert.equal(page.tree_head, null, 'a page from the middle has no head of its own');
  assert.equal((await server.call('GET', '/fabric/journal?limit=0')).status, 422);
});

test('inclusion proofs of a decision and of an approval verify offline; consistency proofs too', async () => {
  const held = await decide('journal-p', { amount: 5 });
  const keys = publicKeySet(await publicKeys());
  for (const id of [held.body.decision_id, held.body.stages[3].data.approval_id]) {
    const res = await server.call('POST', '/fabric/journal/inclusion-proof', { body: { evidence_id: id } });
    assert.equal(res.status, 200);
    assert.equal(res.body.entry.ref_id, id);
    assert.equal(res.body.leaf_index, res.body.entry.seq - 1);
    assert.deepEqual(verifyProof(res.body, keys), { valid: true, kind: 'inclusion', reason: null });
  }
  const head = (await server.call('GET', '/fabric/journal/head')).body;
  assert.equal(head.tree_size, (await exportJournal()).entries.length);
  const consistency = await server.call('GET', `/fabric/journal/consistency?from=2&to=${head.tree_size}`);
  assert.equal(consistency.status, 200);
  assert.deepEqual(verifyProof(consistency.body, keys), { valid: true, kind: 'consistency', reason: null });
  assert.equal(consistency.body.second_tree_head.root_hash, head.root_hash);

  const missing = await server.call('POST', '/fabric/journal/inclusion-proof', { body: { evidence_id: 'fd_nothing' } });
  assert.equal(missing.status, 404);
  assert.equal((await server.call('POST', '/fabric/journal/inclusion-proof', { body: {} })).status, 422);
  assert.equal((await server.call('GET', `/fabric/journal/consistency?from=1&to=${head.tree_size + 5}`)).status, 422);
  assert.equal((await server.call('GET', '/fabric/journal/consistency?from=0')).status, 422);
});

test('a tree head is signed within about a second of new entries, without being asked', async () => {
  await decide('journal-timer', { t: 1 });
  const size = await server.store.journal.size('tn_default');
  // The timer ticks every second; a tick on a loaded machine (other tenants' trees, a busy PostgreSQL) can
  // take seconds more. Nothing but the timer publishes here, so any bound proves it runs: 30 s, generous.
  const deadline = Date.now() + 30_000;
  let head = await server.store.journal.latestHead('tn_default');
  while ((!head || head.tree_size < size) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    head = await server.store.journal.latestHead('tn_default');
  }
  assert.ok(head && head.tree_size >= size, `a head covering ${size} entries was published`);
});

test('isolation: another tenant sees none of the entries and gets 404 for their proofs', async () => {
  const a = (await server.call('POST', '/signup', { key: null, body: { name: 'journal A' } })).body.api_key;
  const b = (await server.call('POST', '/signup', { key: null, body: { name: 'journal B' } })).body.api_key;
  const held = await decide('shared-agent', { secret: 'only-a' }, a);
  const proofA = await server.call('POST', '/fabric/journal/inclusion-proof', { key: a, body: { evidence_id: held.body.decision_id } });
  assert.equal(proofA.status, 200);
  for (const id of [held.body.decision_id, held.body.stages[3].data.approval_id]) {
    const res = await server.call('POST', '/fabric/journal/inclusion-proof', { key: b, body: { evidence_id: id } });
    assert.equal(res.status, 404, id);
  }
  const seenByB = await exportJournal(b);
  assert.deepEqual(seenByB.entries, []);
  assert.ok(!JSON.stringify(seenByB).includes('only-a'));
  const headB = (await server.call('GET', '/fabric/journal/head', { key: b })).body;
  assert.equal(headB.tree_size, 0);
  assert.notEqual(headB.tenant_id, proofA.body.tree_head.tenant_id);
  assert.equal((await server.call('GET', '/fabric/journal/consistency?from=1&to=2', { key: b })).status, 422);
  // an agent key reads no journal
  const agentKey = (await server.call('POST', '/fabric/agent-keys', { key: a, body: { name: 'bot' } })).body.agent_key;
  assert.equal((await server.call('GET', '/fabric/journal', { key: agentKey })).status, 403);
});

test('a decision rolled back after its entry was written leaves no entry, and the chain has no gap', { skip: sqliteOnly }, async () => {
  const journal = server.store.journal;
  const append = journal.append.bind(journal);
  let failOnce = true;
  journal.append = (tenantId, type, refId, time, record) => {
    const seq = append(tenantId, type, refId, time, record);
    // the second entry of a held decision fails: the savepoint must take the first one back too
    if (type === 'approval.created' && failOnce) {
      failOnce = false;
      throw new Error('disk full');
    }
    return seq;
  };
  try {
    const before = (await exportJournal()).entries.length;
    const results = await Promise.all([decide('journal-r1', { k: 1 }), decide('journal-r2', { k: 2 }), decide('journal-r3', { k: 3 })]);
    assert.deepEqual(
      results.map((res) => res.status),
      [500, 200, 200],
    );
    const { entries } = await exportJournal();
    assert.equal(entries.length, before + 4, 'two decisions with their approvals; nothing of the failed one');
    assert.ok(!JSON.stringify(entries).includes('journal-r1'));
    assert.equal(verifyJournal(entries, { keys: publicKeySet(await publicKeys()) }).valid, true);
  } finally {
    journal.append = append;
  }
});
