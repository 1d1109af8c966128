// Checks a decision's Ed25519 signature locally, with the service's published public keys, and
// that the signed text says what the record says. Version 2 signatures (`v: 2`) also cover the
// agent, the key, the tool path and the SHA-256 of the canonical payload, which is recomputed here
// from the record's arguments; version 1 (older records) covers id, tenant, time and verdicts only.
import { createHash, createPublicKey, verify } from 'node:crypto';
import type { Decision, DecisionRecord, DecisionSignature, PublicKey } from './types.ts';

export interface SignatureCheck {
  valid: boolean;
  decision_id: string;
  key_id: string;
  /** Version of the signed payload (1 or 2). */
  version: number;
  /** The fields the signature covers: what `valid` vouches for. */
  covers: string[];
  /** Why it is not valid; empty when valid. */
  problems: string[];
}

interface SignedFields {
  v?: number;
  decision_id?: string;
  time?: string;
  agent_id?: string;
  key_id?: string;
  path?: string;
  payload_hash?: string;
  verdict?: string;
  stages?: { stage: string; verdict: string }[];
}

const COVERS: Record<1 | 2, string[]> = {
  1: ['decision_id', 'tenant_id', 'time', 'verdict', 'stages[].stage', 'stages[].verdict'],
  2: [
    'v',
    'decision_id',
    'tenant_id',
    'time',
    'agent_id',
    'key_id',
    'path',
    'payload_hash',
    'verdict',
    'stages[].stage',
    'stages[].verdict',
  ],
};

/** Canonical JSON (sorted keys, no whitespace), as the service hashes payloads. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return '[' + value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',') + ']';
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
    .map((key) => JSON.stringify(key) + ':' + canonicalJson(record[key]));
  return '{' + members.join(',') + '}';
}

/**
 * Verifies `signature` with the key of `keys` whose `kid` is its `key_id`, and compares the signed
 * fields with `decision` (for v2 with a stored record, its arguments too). Pure: no network.
 */
export function verifyDecisionSignature(
  decision: Decision | DecisionRecord,
  signature: DecisionSignature,
  keys: PublicKey[],
): SignatureCheck {
  const problems: string[] = [];
  const jwk = keys.find((key) => key.kid === signature.key_id);
  if (signature.algorithm !== 'Ed25519') problems.push(`unsupported algorithm \`${signature.algorithm}\``);
  if (!jwk) problems.push(`no public key with id \`${signature.key_id}\``);
  else {
    let ok = false;
    try {
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
      ok = verify(null, Buffer.from(signature.signed_payload), key, Buffer.from(signature.signature, 'base64url'));
    } catch {
      ok = false;
    }
    if (!ok) problems.push('the signature does not verify with the public key');
  }

  let signed: SignedFields = {};
  try {
    signed = JSON.parse(signature.signed_payload) as SignedFields;
  } catch {
    problems.push('the signed payload is not JSON');
  }
  const version: 1 | 2 = signed.v === 2 ? 2 : 1;
  const differs = (name: string, signedValue: unknown, shown: unknown) => {
    if (signedValue !== shown) problems.push(`signed ${name} \`${String(signedValue)}\` differs from the record's \`${String(shown)}\``);
  };
  differs('decision id', signed.decision_id, decision.decision_id);
  differs('time', signed.time, decision.created_at);
  differs('verdict', signed.verdict, decision.verdict);
  const recordStages = JSON.stringify(decision.stages.map((stage) => ({ stage: stage.stage, verdict: stage.verdict })));
  if (JSON.stringify(signed.stages ?? null) !== recordStages) problems.push('signed stage verdicts differ from the record');
  if (version === 2) {
    differs('agent', signed.agent_id, decision.agent_id);
    differs('tool path', signed.path, decision.path);
    if ('key_id' in decision) differs('key', signed.key_id, decision.key_id);
    if ('payload' in decision) {
      const hash = createHash('sha256').update(canonicalJson(decision.payload)).digest('hex');
      if (signed.payload_hash !== hash) problems.push("the record's arguments do not hash to the signed payload hash: they were altered");
    }
  }
  return {
    valid: problems.length === 0,
    decision_id: decision.decision_id,
    key_id: signature.key_id,
    version,
    covers: COVERS[version],
    problems,
  };
}
