// Checks a decision's signature in the browser: Ed25519 (Web Crypto) over the signed text, with the
// service's public key from `GET /fabric/keys/public`, and the signed text must say what the page
// shows. A v2 signature also covers the agent, the key, the tool path and the payload hash, which is
// recomputed here from the arguments on the page; a v1 signature (older records) does not cover
// them, and the page says so instead of vouching for arguments the signature does not cover.
import { api } from './api.ts';

export interface Verification {
  verified: boolean;
  detail: string;
  /** Version of the signed payload (1 or 2); null when it could not be read. */
  version: 1 | 2 | null;
  /** In words, what the signature vouches for (and, for v1, what it does not). */
  covers: string;
}

const COVERS = {
  1: 'covers the decision id, tenant, time, verdict and stage verdicts, not the agent, key, tool path or arguments (signed before v2)',
  2: 'covers the decision id, tenant, time, agent, key, tool path, arguments (their SHA-256), verdict and stage verdicts',
} as const;

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
  agent_id: string;
  key_id: string;
  path: string;
  payload: unknown;
  stages: { stage: string; verdict: string }[];
}

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
    .filter((key) => record[key] !== undefined)
    .map((key) => JSON.stringify(key) + ':' + canonicalJson(record[key]));
  return '{' + members.join(',') + '}';
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function verifyDecision(decision: ShownDecision): Promise<Verification> {
  const failed = (detail: string, version: 1 | 2 | null = null): Verification => ({
    verified: false,
    detail,
    version,
    covers: version ? COVERS[version] : '',
  });
  if (!globalThis.crypto?.subtle) return failed('this page is not a secure context (use HTTPS), so the browser cannot check signatures');
  try {
    const signature = await api<{ key_id: string; signed_payload: string; signature: string }>(
      'GET',
      `/fabric/decisions/${encodeURIComponent(decision.decision_id)}/signature`,
    );
    keys ??= api<{ keys: Jwk[] }>('GET', '/fabric/keys/public').then((body) => body.keys);
    const jwk = (await keys).find((key) => key.kid === signature.key_id);
    if (!jwk) return failed(`signing key ${signature.key_id} is not among the service's public keys`);
    const publicKey = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, false, [
      'verify',
    ]);
    const valid = await crypto.subtle.verify(
      { name: 'Ed25519' },
      publicKey,
      bytesOfBase64url(signature.signature),
      new TextEncoder().encode(signature.signed_payload),
    );
    const signed = JSON.parse(signature.signed_payload) as ShownDecision & { time: string; v?: number; payload_hash?: string };
    const version: 1 | 2 = signed.v === 2 ? 2 : 1;
    if (!valid) return failed('the signature does not match the signed record', version);
    const sameStages =
      signed.stages.length === decision.stages.length &&
      signed.stages.every((stage, i) => stage.stage === decision.stages[i].stage && stage.verdict === decision.stages[i].verdict);
    const differs =
      signed.decision_id !== decision.decision_id ||
      signed.verdict !== decision.verdict ||
      signed.time !== decision.created_at ||
      !sameStages ||
      (version === 2 &&
        (signed.agent_id !== decision.agent_id ||
          signed.key_id !== decision.key_id ||
          signed.path !== decision.path ||
          signed.payload_hash !== (await sha256Hex(canonicalJson(decision.payload ?? {})))));
    if (differs) return failed('the signature is valid, but for a record that differs from the one shown', version);
    return {
      verified: true,
      detail: `Ed25519 signature (v${version}) checked in this browser with key ${jwk.kid}`,
      version,
      covers: COVERS[version],
    };
  } catch (error) {
    return failed(`could not check the signature: ${(error as Error).message}`);
  }
}
