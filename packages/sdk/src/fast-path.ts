// Fast-path grants on the client: a snapshot of pre-decided allows, signed by the service, that is
// checked locally with no round trip. Fails closed: a snapshot that does not verify, is for another
// agent, has expired, or was revoked at the last refresh allows nothing, and a path that is not
// already in canonical form (`..`, `//`, `%`, upper case, a trailing `/`) is left to the server.
// Each call made on the fast path should still be reported (`report`), so it is on the record.
import { createPublicKey, verify } from 'node:crypto';

/** The signed part of a grant (`snapshot` in the answer of `POST /fabric/fast-path/grants`). */
export interface FastPathSnapshot {
  v: 1;
  grant_id: string;
  tenant_id: string;
  agent_id: string;
  tools: string[];
  service: string | null;
  issued_at: number;
  refresh_at: number;
  expires_at: number;
  kid: string;
}

/** The answer of `POST /fabric/fast-path/grants` and `GET /fabric/fast-path/grants/{id}`. */
export interface FastPathGrantAnswer {
  grant_id: string;
  status: string;
  agent_id: string;
  detail: string;
  snapshot: FastPathSnapshot | null;
  snapshot_text: string | null;
  signature: string | null;
}

/** A published service key (`GET /fabric/keys/public`). */
export interface FastPathPublicKey {
  kid: string;
  x: string;
}

/** The verified snapshot text, parsed; null when the signature, the key or the shape is wrong. */
export function verifyFastPathSnapshot(text: string, signature: string, keys: readonly FastPathPublicKey[]): FastPathSnapshot | null {
  let snapshot: FastPathSnapshot;
  try {
    snapshot = JSON.parse(text) as FastPathSnapshot;
  } catch {
    return null;
  }
  if (snapshot?.v !== 1 || !Array.isArray(snapshot.tools) || typeof snapshot.expires_at !== 'number') return null;
  const jwk = keys.find((key) => key.kid === snapshot.kid);
  if (!jwk) return null;
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
    return verify(null, Buffer.from(text), key, Buffer.from(signature, 'base64url')) ? snapshot : null;
  } catch {
    return null;
  }
}

// Lower-case segments of safe characters, none of them `.` or `..`, no empty segment, no trailing `/`.
const SEGMENT = '(?!\\.{1,2}(?:/|$))[a-z0-9_.:@+-]+';
const CANONICAL_PATH = new RegExp(`^(?:/${SEGMENT})+$`);

/** Whether a canonical tool path is covered by a snapshot tool (exact, or under a `/`-ended subtree). */
function covers(tool: string, path: string): boolean {
  return tool.endsWith('/') ? path.startsWith(tool) && path.length > tool.length : path === tool;
}

/**
 * A fast-path grant held by an agent. `allows(path)` answers locally; `refresh()` fetches a new
 * snapshot (due at half-life: `needsRefresh()`), which also learns of a halt or a revocation.
 */
export class FastPathGrant {
  private snapshot: FastPathSnapshot | null = null;
  private reason = 'no snapshot yet';

  constructor(
    readonly agentId: string,
    private readonly keys: readonly FastPathPublicKey[],
  ) {}

  /** Takes a grant answer from the service: keeps its snapshot only when it verifies and is this agent's. */
  accept(answer: FastPathGrantAnswer): boolean {
    this.snapshot = null;
    if (answer.status !== 'active' || !answer.snapshot_text || !answer.signature) {
      this.reason = `grant ${answer.status}: ${answer.detail}`;
      return false;
    }
    const snapshot = verifyFastPathSnapshot(answer.snapshot_text, answer.signature, this.keys);
    if (!snapshot) {
      this.reason = 'the snapshot signature does not verify with the published keys';
      return false;
    }
    if (snapshot.agent_id !== this.agentId || snapshot.grant_id !== answer.grant_id) {
      this.reason = `the snapshot is for agent \`${snapshot.agent_id}\`, not \`${this.agentId}\``;
      return false;
    }
    this.snapshot = snapshot;
    this.reason = '';
    return true;
  }

  /** True when `path` may run now without asking the service. */
  allows(path: string, now: number = Date.now()): boolean {
    return this.check(path, now).allowed;
  }

  /** `allows`, with the reason when it does not. */
  check(path: string, now: number = Date.now()): { allowed: boolean; reason: string } {
    const snapshot = this.snapshot;
    if (!snapshot) return { allowed: false, reason: this.reason };
    if (now >= snapshot.expires_at) return { allowed: false, reason: 'the snapshot expired; refresh it' };
    if (!CANONICAL_PATH.test(path)) return { allowed: false, reason: 'not a canonical tool path; ask the decision chain' };
    const tool = snapshot.tools.find((t) => covers(t, path));
    return tool ? { allowed: true, reason: `on the fast path (\`${tool}\`)` } : { allowed: false, reason: 'not a tool of this grant' };
  }

  /** True once the snapshot is past its half-life (or gone). */
  needsRefresh(now: number = Date.now()): boolean {
    return this.snapshot === null || now >= this.snapshot.refresh_at;
  }

  get grantId(): string | null {
    return this.snapshot?.grant_id ?? null;
  }
}
