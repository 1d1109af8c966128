// Checks a decision's signature in the browser: Ed25519 (Web Crypto) over the signed text, with the
// service's public key from `GET /fabric/keys/public`, and the signed text must say what the page
// shows (same id, time, verdict and stage verdicts).
import { api } from './api.ts';

export interface Verification {
  verified: boolean;
  detail: string;
}

interface Jwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
}

let keys: Promise<Jwk[]> | null = null;

function bytesOfBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

interface ShownDecision {
  decision_id: string;
  created_at: string;
  verdict: string;
  stages: { stage: string; verdict: string }[];
}

export async function verifyDecision(decision: ShownDecision): Promise<Verification> {
  if (!globalThis.crypto?.subtle)
    return { verified: false, detail: 'this page is not a secure context (use HTTPS), so the browser cannot check signatures' };
  try {
    const signature = await api<{ key_id: string; signed_payload: string; signature: string }>(
      'GET',
      `/fabric/decisions/${encodeURIComponent(decision.decision_id)}/signature`,
    );
    keys ??= api<{ keys: Jwk[] }>('GET', '/fabric/keys/public').then((body) => body.keys);
    const jwk = (await keys).find((key) => key.kid === signature.key_id);
    if (!jwk) return { verified: false, detail: `signing key ${signature.key_id} is not among the service's public keys` };
    const publicKey = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, false, [
      'verify',
    ]);
    const valid = await crypto.subtle.verify(
      { name: 'Ed25519' },
      publicKey,
      bytesOfBase64url(signature.signature),
      new TextEncoder().encode(signature.signed_payload),
    );
    if (!valid) return { verified: false, detail: 'the signature does not match the signed record' };
    const signed = JSON.parse(signature.signed_payload) as ShownDecision & { time: string };
    const sameStages =
      signed.stages.length === decision.stages.length &&
      signed.stages.every((stage, i) => stage.stage === decision.stages[i].stage && stage.verdict === decision.stages[i].verdict);
    if (
      signed.decision_id !== decision.decision_id ||
      signed.verdict !== decision.verdict ||
      signed.time !== decision.created_at ||
      !sameStages
    ) {
      return { verified: false, detail: 'the signature is valid, but for a record that differs from the one shown' };
    }
    return { verified: true, detail: `Ed25519 signature checked in this browser with key ${jwk.kid}` };
  } catch (error) {
    return { verified: false, detail: `could not check the signature: ${(error as Error).message}` };
  }
}
