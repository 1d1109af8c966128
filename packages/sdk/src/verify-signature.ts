// Checks a decision's Ed25519 signature locally, with the service's published public keys, and
// that the signed text says what the record says (id, time, verdict, every stage's verdict).
import { createPublicKey, verify } from 'node:crypto';
import type { Decision, DecisionSignature, PublicKey } from './types.ts';

export interface SignatureCheck {
  valid: boolean;
  decision_id: string;
  key_id: string;
  /** Why it is not valid; empty when valid. */
  problems: string[];
}

interface SignedFields {
  decision_id?: string;
  time?: string;
  verdict?: string;
  stages?: { stage: string; verdict: string }[];
}

/**
 * Verifies `signature` with the key of `keys` whose `kid` is its `key_id`, and compares the signed
 * fields with `decision`. Pure: no network.
 */
export function verifyDecisionSignature(decision: Decision, signature: DecisionSignature, keys: PublicKey[]): SignatureCheck {
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
  if (signed.decision_id !== decision.decision_id) problems.push(`signed decision id \`${signed.decision_id}\` differs from the record`);
  if (signed.time !== decision.created_at)
    problems.push(`signed time \`${signed.time}\` differs from the record's \`${decision.created_at}\``);
  if (signed.verdict !== decision.verdict)
    problems.push(`signed verdict \`${signed.verdict}\` differs from the record's \`${decision.verdict}\``);
  const recordStages = JSON.stringify(decision.stages.map((stage) => ({ stage: stage.stage, verdict: stage.verdict })));
  if (JSON.stringify(signed.stages ?? null) !== recordStages) problems.push('signed stage verdicts differ from the record');
  return { valid: problems.length === 0, decision_id: decision.decision_id, key_id: signature.key_id, problems };
}
