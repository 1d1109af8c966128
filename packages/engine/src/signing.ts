// Signed decision records: Ed25519 over the canonical JSON of what the spec says the signature
// covers (decision id, tenant, time, verdict and every stage's name and verdict).
import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';

export interface SignedFields {
  decision_id: string;
  tenant_id: string;
  time: string;
  verdict: string;
  stages: { stage: string; verdict: string }[];
}

/** The exact text that is signed for a decision. */
export function signedPayloadOf(fields: SignedFields): string {
  return canonicalJson({
    decision_id: fields.decision_id,
    tenant_id: fields.tenant_id,
    time: fields.time,
    verdict: fields.verdict,
    stages: fields.stages.map((stage) => ({ stage: stage.stage, verdict: stage.verdict })),
  });
}

/** Base64url Ed25519 signature of a text. */
export function signText(text: string, privateKey: KeyObject): string {
  return sign(null, Buffer.from(text), privateKey).toString('base64url');
}

/** Whether a base64url Ed25519 signature over `text` verifies with `publicKey`. */
export function verifyText(text: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(text), publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** Key id of an Ed25519 public key: the first 16 characters of the base64url SHA-256 of its raw bytes. */
export function keyIdOf(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  return 'sk_' + createHash('sha256').update(Buffer.from(jwk.x, 'base64url')).digest('base64url').slice(0, 16);
}
