// A small signed journal built with the engine's own functions, as the service would write it:
// decisions signed with one key, then a rotation, approval events in between.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import {
  canonicalJson,
  chainEntry,
  contentHashOf,
  keyIdOf,
  MerkleTree,
  signedPayloadOf,
  signText,
  signTreeHead,
  type ExportedJournalEntry,
  type TreeHead,
} from '../src/index.ts';

export interface FixtureKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Raw public key, base64url (the JWK `x`). */
  x: string;
}

export function newKey(): FixtureKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { kid: keyIdOf(publicKey), privateKey, publicKey, x: (publicKey.export({ format: 'jwk' }) as { x: string }).x };
}

const T0 = Date.parse('2026-01-01T00:00:00Z');

function decision(i: number, tenantId: string, key: FixtureKey, verdict = 'ALLOWED') {
  const created_at = new Date(T0 + i * 1000).toISOString();
  const stages = ['identity', 'trust', 'policy', 'approval'].map((stage) => ({
    stage,
    verdict: verdict === 'ALLOWED' ? 'allow' : 'require_approval',
    enforcing: true,
    detail: `${stage} ok`,
    data: {},
  }));
  const decision_id = `fd_${i.toString().padStart(4, '0')}`;
  return {
    decision_id,
    tenant_id: tenantId,
    agent_id: 'mailer',
    key_id: 'key_1',
    path: '/tools/send_email',
    payload: { to: `user${i}@example.com`, amount: i },
    payload_hash: 'x'.repeat(64),
    verdict,
    blocked: verdict !== 'ALLOWED',
    enforcing: true,
    mode: 'enforce',
    risk: 'medium',
    detail: 'decided',
    stages,
    approval_id: null,
    created_at,
    signing_key_id: key.kid,
    signature: signText(signedPayloadOf({ decision_id, tenant_id: tenantId, time: created_at, verdict, stages }), key.privateKey),
  };
}

function approval(i: number, tenantId: string, status: string, decisionId: string) {
  return {
    approval_id: `apr_${i}`,
    tenant_id: tenantId,
    status,
    agent_id: 'mailer',
    path: '/tools/send_email',
    payload_hash: 'y'.repeat(64),
    risk: 'high',
    reasons: ['sends money'],
    detail: 'held',
    decision_id: decisionId,
    requested_by_key_id: 'key_1',
    created_at: new Date(T0).toISOString(),
    expires_at: new Date(T0 + 3600_000).toISOString(),
    decided_at: status === 'pending' ? null : new Date(T0 + 5000).toISOString(),
    decided_by_key_id: status === 'pending' ? null : 'key_2',
    note: null,
    consumed_at: null,
    consumed_by_decision_id: null,
  };
}

/** Appends one event to a journal, as the store does. */
export function appendEntry(
  entries: ExportedJournalEntry[],
  type: ExportedJournalEntry['type'],
  refId: string,
  time: string,
  record: Record<string, unknown>,
): void {
  const previous = entries.length ? entries[entries.length - 1] : null;
  const entry = chainEntry(previous, { type, ref_id: refId, time, content_hash: contentHashOf(record) });
  // Exported records are what the service stored: canonical JSON, parsed back.
  entries.push({ ...entry, record: JSON.parse(canonicalJson(record)) });
}

/** A journal of `n` entries for `tenantId`: decisions, a held one with its approval events; the key rotates halfway. */
export function buildJournal(n: number, tenantId = 'tn_acme', keys: [FixtureKey, FixtureKey] = [newKey(), newKey()]) {
  const entries: ExportedJournalEntry[] = [];
  for (let i = 0; entries.length < n; i++) {
    const key = entries.length < n / 2 ? keys[0] : keys[1];
    if (i % 5 === 3) {
      const held = decision(i, tenantId, key, 'REQUIRE_APPROVAL');
      appendEntry(entries, 'decision', held.decision_id, held.created_at, held);
      if (entries.length < n)
        appendEntry(entries, 'approval.created', `apr_${i}`, held.created_at, approval(i, tenantId, 'pending', held.decision_id));
      if (entries.length < n)
        appendEntry(entries, 'approval.approved', `apr_${i}`, held.created_at, approval(i, tenantId, 'approved', held.decision_id));
    } else {
      const record = decision(i, tenantId, key);
      appendEntry(entries, 'decision', record.decision_id, record.created_at, record);
    }
  }
  return { entries, keys };
}

/** A signed tree head over the first `size` entries. */
export function headOf(entries: ExportedJournalEntry[], key: FixtureKey, size = entries.length, tenantId = 'tn_acme'): TreeHead {
  const root = MerkleTree.of(entries.slice(0, size).map((entry) => entry.entry_hash)).root();
  return signTreeHead({ tenant_id: tenantId, tree_size: size, root_hash: root, timestamp: new Date(T0).toISOString() }, key);
}

export const clone = <T>(value: T): T => structuredClone(value);
