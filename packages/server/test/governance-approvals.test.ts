// Issue 21: approver authorities with amount limits, multi-party approvals (the same key never
// counts twice), signed approvals verified offline (a forged one refused), all journaled.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign, verify, createPublicKey } from 'node:crypto';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
const approverKey = async (name: string) =>
  (await server.call('POST', '/fabric/api-keys', { body: { name, role: 'approver' } })).body.api_key as string;

before(async () => {
  server = await startServer();
});
after(() => server.close());

async function keyIdOf(name: string): Promise<string> {
  const keys = await server.call('GET', '/fabric/api-keys');
  return keys.body.keys.find((k: any) => k.name === name).id;
}

test('an approver without authority, or above its amount limit, is refused with the reason; one within it approves', async () => {
  const junior = await approverKey('junior');
  const senior = await approverKey('senior');
  const outsider = await approverKey('outsider');
  const juniorId = await keyIdOf('junior');
  // Authorities by key id and by key name.
  const granted = await server.call('POST', '/fabric/authorities', {
    body: { identity_id: juniorId, role: 'team lead', max_approval_amount_cents: 50_000, scope: { actions: ['/tools/transfer_*'] } },
  });
  assert.equal(granted.status, 201);
  assert.equal(granted.body.max_approval_amount_cents, 50_000);
  assert.equal(granted.body.active, true);
  assert.ok(granted.body.authority_id.startsWith('auth_'));
  assert.equal(
    (
      await server.call('POST', '/fabric/authorities', {
        body: { identity_id: 'senior', role: 'cfo', max_approval_amount_cents: 1_000_000 },
      })
    ).status,
    201,
  );
  const badScope = await server.call('POST', '/fabric/authorities', { body: { identity_id: 'x', role: 'r', scope: { tools: ['a'] } } });
  assert.equal(badScope.status, 422);
  assert.match(JSON.stringify(badScope.body.detail), /tools/);
  const listed = await server.call('GET', '/fabric/authorities', { key: junior });
  assert.equal(listed.body.authorities.length, 2);

  const call = { path: '/tools/transfer_funds', agent_id: 'payer', payload: { to: 'acct-9', amount: 1200 } };
  const held = await server.call('POST', '/fabric/decisions', { body: call });
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const approvalId = held.body.stages[3].data.approval_id;

  const tooMuch = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: junior, body: {} });
  assert.equal(tooMuch.status, 403);
  assert.match(tooMuch.body.detail, /approves up to 50000 cents; this approval is for 120000 cents/);
  const none = await server.call('POST', `/fabric/approvals/${approvalId}/decision`, { key: outsider, body: { approved: true } });
  assert.equal(none.status, 403);
  assert.match(none.body.detail, /holds no approval authority/);
  // Denying needs no authority (the safe direction), but this one is approved by the senior instead.
  const ok = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: senior, body: { note: 'within my limit' } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.status, 'approved');
  const run = await server.call('POST', '/fabric/decisions', { body: call });
  assert.equal(run.body.verdict, 'ALLOWED');

  // A small transfer is within the junior's limit and scope.
  const small = { path: '/tools/transfer_funds', agent_id: 'payer', payload: { to: 'acct-9', amount: 300 } };
  const smallHeld = await server.call('POST', '/fabric/decisions', { body: small });
  const smallOk = await server.call('POST', `/fabric/approvals/${smallHeld.body.stages[3].data.approval_id}/approve`, {
    key: junior,
    body: {},
  });
  assert.equal(smallOk.status, 200);
  // Outside its scope (not a transfer) the junior's authority does not reach.
  const mail = await server.call('POST', '/fabric/decisions', {
    body: { path: '/tools/send_email', agent_id: 'payer', payload: { to: 'a@b.c' } },
  });
  const scoped = await server.call('POST', `/fabric/approvals/${mail.body.stages[3].data.approval_id}/approve`, { key: junior, body: {} });
  assert.equal(scoped.status, 403);
  assert.match(scoped.body.detail, /no authority of key `key_[^`]+` covers action `\/tools\/send_email`/);
});

test('an expired authority does not count', async () => {
  const res = await server.call('POST', '/fabric/authorities', {
    body: { identity_id: 'x', role: 'r', expires_at: '2001-01-01T00:00:00Z' },
  });
  assert.equal(res.status, 422);
  assert.match(JSON.stringify(res.body.detail), /in the past/);
});

test('two-person approval: the same key twice is refused, a second key approves it', async () => {
  const first = await approverKey('first');
  const second = await approverKey('second');
  // Both approve without amount limit.
  for (const name of ['first', 'second'])
    assert.equal((await server.call('POST', '/fabric/authorities', { body: { identity_id: name, role: 'approver' } })).status, 201);
  const opened = await server.call('POST', '/fabric/approvals', {
    body: {
      requester_id: 'release-bot',
      action: 'deploy_production',
      resource: 'svc/payments',
      justification: 'hotfix',
      min_distinct_approvers: 2,
      ttl_seconds: 600,
    },
  });
  assert.equal(opened.status, 201);
  assert.equal(opened.body.status, 'pending');
  assert.equal(opened.body.agent_id, 'release-bot');
  assert.equal(Date.parse(opened.body.expires_at) - Date.parse(opened.body.created_at), 600_000);
  const id = opened.body.approval_id;

  const one = await server.call('POST', `/fabric/approvals/${id}/decision`, {
    key: first,
    body: { approved: true, reason: 'looks right' },
  });
  assert.equal(one.status, 200);
  assert.equal(one.body.status, 'pending');
  assert.equal(one.body.required_approvers, 2);
  assert.equal(one.body.remaining, 1);
  const again = await server.call('POST', `/fabric/approvals/${id}/approve`, { key: first, body: {} });
  assert.equal(again.status, 409);
  assert.match(again.body.detail, /already answered approval .* each approver counts once/);
  assert.equal((await server.call('GET', `/fabric/approvals/${id}`, { key: first })).body.status, 'pending');

  const two = await server.call('POST', `/fabric/approvals/${id}/decision`, { key: second, body: { approved: true } });
  assert.equal(two.status, 200);
  assert.equal(two.body.status, 'approved');
  assert.equal(two.body.approvers.length, 2);
  assert.equal(two.body.remaining, 0);
  assert.equal(two.body.request.justification, 'hotfix');

  const journal = await server.call('GET', '/fabric/journal?limit=1000');
  const entries = journal.body.entries.filter((e: any) => e.ref_id === id).map((e: any) => e.type);
  assert.deepEqual(entries, ['approval.created', 'approval.vote', 'approval.vote', 'approval.approved']);
  const verified = await server.call('POST', '/fabric/journal/verify', {
    body: { journal: journal.body.entries, fabric_public_key: (await server.call('GET', '/fabric/keys/public')).body.keys[0].x },
  });
  assert.equal(verified.body.valid, true, JSON.stringify(verified.body));
});

test('a tool rule with min_distinct_approvers holds the call for that many distinct keys; the same key twice is refused', async () => {
  const alice = await approverKey('rule-alice');
  const bob = await approverKey('rule-bob');
  for (const name of ['rule-alice', 'rule-bob'])
    assert.equal((await server.call('POST', '/fabric/authorities', { body: { identity_id: name, role: 'approver' } })).status, 201);
  const rule = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'two-person wires', effect: 'require_approval', match_path: '/tools/wire_money', min_distinct_approvers: 2 },
  });
  assert.equal(rule.status, 201);
  assert.equal(rule.body.min_distinct_approvers, 2);
  const onAllow = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'nonsense', effect: 'allow', match_path: '/tools/x', min_distinct_approvers: 2 },
  });
  assert.equal(onAllow.status, 422);
  assert.match(JSON.stringify(onAllow.body.detail), /min_distinct_approvers applies to effect `require_approval` only, not `allow`/);
  const tooMany = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'crowd', effect: 'require_approval', match_path: '/tools/x', min_distinct_approvers: 11 },
  });
  assert.equal(tooMany.status, 422);
  const toDeny = await server.call('PATCH', `/fabric/tool-rules/${rule.body.id}`, { body: { effect: 'deny' } });
  assert.equal(toDeny.status, 422, 'a patch may not leave approvers on a rule that no longer holds');

  const call = { path: '/tools/wire_money', agent_id: 'wirer', payload: { to: 'acct-7', amount: 40 } };
  const held = await server.call('POST', '/fabric/decisions', { body: call });
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const policy = held.body.stages.find((stage: { stage: string }) => stage.stage === 'policy');
  assert.equal(policy.data.required_approvers, 2);
  assert.match(policy.detail, /two-person wires.*\(needs 2 distinct approvers\)/);
  const id = held.body.stages[3].data.approval_id;

  const first = await server.call('POST', `/fabric/approvals/${id}/approve`, { key: alice, body: { note: 'ok' } });
  assert.equal(first.status, 200);
  assert.equal(first.body.status, 'pending', 'one approver is not enough');
  const twice = await server.call('POST', `/fabric/approvals/${id}/decision`, { key: alice, body: { approved: true } });
  assert.equal(twice.status, 409);
  assert.match(twice.body.detail, /already answered approval .* each approver counts once/);
  assert.equal((await server.call('POST', '/fabric/decisions', { body: call })).body.verdict, 'REQUIRE_APPROVAL', 'still held');
  const votes = await server.call('GET', `/fabric/approvals/${id}/votes`, { key: bob });
  assert.equal(votes.body.required_approvers, 2);
  assert.equal(votes.body.remaining, 1);

  const second = await server.call('POST', `/fabric/approvals/${id}/decision`, { key: bob, body: { approved: true } });
  assert.equal(second.status, 200);
  assert.equal(second.body.status, 'approved');
  assert.deepEqual(second.body.approvers.sort(), [await keyIdOf('rule-alice'), await keyIdOf('rule-bob')].sort());
  assert.equal((await server.call('POST', '/fabric/decisions', { body: call })).body.verdict, 'ALLOWED');

  // Back to one approver: the next held call needs one key.
  const one = await server.call('PATCH', `/fabric/tool-rules/${rule.body.id}`, { body: { min_distinct_approvers: null } });
  assert.equal(one.status, 200);
  assert.equal(one.body.min_distinct_approvers, null);
  const next = await server.call('POST', '/fabric/decisions', { body: { ...call, payload: { to: 'acct-7', amount: 41 } } });
  assert.equal(next.body.stages[2].data.required_approvers, undefined);
  const single = await server.call('POST', `/fabric/approvals/${next.body.stages[3].data.approval_id}/approve`, { key: bob, body: {} });
  assert.equal(single.body.status, 'approved');

  const doc = (await server.call('GET', '/fabric/openapi.json')).body;
  assert.equal(doc.components.schemas.ToolRuleRequest.properties.min_distinct_approvers.maximum, 10);
  assert.ok(doc.components.schemas.ToolRule.properties.min_distinct_approvers);
});

test('a denial by one of the approvers denies a multi-party approval at once', async () => {
  const a = await approverKey('deny-a');
  const opened = await server.call('POST', '/fabric/approvals', {
    body: { requester_id: 'bot', action: 'drop_table', min_distinct_approvers: 3 },
  });
  await server.call('POST', '/fabric/authorities', { body: { identity_id: 'deny-a', role: 'dba' } });
  const no = await server.call('POST', `/fabric/approvals/${opened.body.approval_id}/decision`, {
    key: a,
    body: { approved: false, reason: 'not today' },
  });
  assert.equal(no.body.status, 'denied');
});

test('signed approval: verified offline from its votes; a forged signature is refused and changes nothing', async () => {
  const signer = await approverKey('signer');
  await server.call('POST', '/fabric/authorities', { body: { identity_id: 'signer', role: 'security' } });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
  const registered = await server.call('POST', '/fabric/approver-keys', { key: signer, body: { name: 'yubikey', public_key: raw } });
  assert.equal(registered.status, 201);
  assert.ok(registered.body.approver_key_id.startsWith('apk_'));
  const badKey = await server.call('POST', '/fabric/approver-keys', { key: signer, body: { name: 'bad', public_key: 'AAAA' } });
  assert.equal(badKey.status, 422);

  const opened = await server.call('POST', '/fabric/approvals', { body: { requester_id: 'ops-bot', action: 'rotate_root_credentials' } });
  const id = opened.body.approval_id;
  const before = await server.call('GET', `/fabric/approvals/${id}/votes`, { key: signer });
  const text: string = before.body.signing_text.approved;
  assert.deepEqual(Object.keys(JSON.parse(text)).sort(), ['action', 'approval_id', 'decision', 'payload_hash', 'v']);

  // Forged: signed by another key, or over another text.
  const other = generateKeyPairSync('ed25519').privateKey;
  for (const signature of [sign(null, Buffer.from(text), other), sign(null, Buffer.from(before.body.signing_text.denied), privateKey)]) {
    const forged = await server.call('POST', `/fabric/approvals/${id}/signatures`, {
      key: signer,
      body: { approver_key_id: registered.body.approver_key_id, signature_b64: signature.toString('base64') },
    });
    assert.equal(forged.status, 422);
    assert.match(JSON.stringify(forged.body.detail), /does not verify/);
  }
  assert.equal((await server.call('GET', `/fabric/approvals/${id}/votes`, { key: signer })).body.votes.length, 0);
  // Someone else's approver key cannot be used.
  const thief = await approverKey('thief');
  const stolen = await server.call('POST', `/fabric/approvals/${id}/signatures`, {
    key: thief,
    body: { approver_key_id: registered.body.approver_key_id, signature_b64: sign(null, Buffer.from(text), privateKey).toString('base64') },
  });
  assert.equal(stolen.status, 403);

  const signed = await server.call('POST', `/fabric/approvals/${id}/signatures`, {
    key: signer,
    body: { approver_key_id: registered.body.approver_key_id, signature_b64: sign(null, Buffer.from(text), privateKey).toString('base64') },
  });
  assert.equal(signed.status, 200);
  assert.equal(signed.body.status, 'approved');
  const vote = signed.body.votes[0];
  // Offline: only the public key, the text and the signature, no call to ActionGate.
  const offlineKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: vote.public_key }, format: 'jwk' });
  assert.equal(verify(null, Buffer.from(vote.signed_text), offlineKey, Buffer.from(vote.signature_b64, 'base64')), true);
  assert.equal(JSON.parse(vote.signed_text).approval_id, id);
  assert.equal(JSON.parse(vote.signed_text).payload_hash, opened.body.payload_hash);
  const tampered = vote.signed_text.replace('"approved"', '"denied"');
  assert.equal(verify(null, Buffer.from(tampered), offlineKey, Buffer.from(vote.signature_b64, 'base64')), false);

  // The journal carries the signature.
  const journal = await server.call('GET', '/fabric/journal?limit=1000');
  const entry = journal.body.entries.find((e: any) => e.ref_id === id && e.type === 'approval.vote');
  assert.equal(entry.record.signature_b64, vote.signature_b64);
  assert.equal(entry.record.public_key, raw);
});

test('approvals requested by an agent key are for its own agent only; bad bodies are 422', async () => {
  const secret = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'mailer' } })).body.agent_key;
  const other = await server.call('POST', '/fabric/approvals', { key: secret, body: { requester_id: 'someone-else', action: 'x' } });
  assert.equal(other.status, 403);
  const unknown = await server.call('POST', '/fabric/approvals', { body: { requester_id: 'a', action: 'x', colour: 'red' } });
  assert.equal(unknown.status, 422);
  const ttl = await server.call('POST', '/fabric/approvals', { body: { requester_id: 'a', action: 'x', ttl_seconds: 30 } });
  assert.equal(ttl.status, 422);
  const policy = await server.call('POST', '/fabric/approvals', {
    body: { requester_id: 'a', action: 'x', governance_policy_id: 'gp_missing' },
  });
  assert.equal(policy.status, 422);
  assert.equal((await server.call('POST', '/fabric/approvals/apr_missing/decision', { body: { approved: true } })).status, 404);
});
