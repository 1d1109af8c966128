// Issue 20: helpers for identities, proof of possession, agent tokens, delegation and the token
// forms. Thin: one method per route, bodies as the spec names them; `prove` signs a challenge
// locally with node:crypto (no dependency), so the private key never leaves the process.
import { createPrivateKey, sign } from 'node:crypto';
import type { JsonObject } from './types.ts';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;
type Body = Record<string, unknown>;
const enc = encodeURIComponent;

/** Signs `challenge` with an identity's Ed25519 private key (PKCS#8 DER, base64url, as the service issued it). */
export function signChallenge(privateKey: string, challenge: string): string {
  const key = createPrivateKey({ key: Buffer.from(privateKey, 'base64url'), format: 'der', type: 'pkcs8' });
  return sign(null, Buffer.from(challenge, 'utf8'), key).toString('base64url');
}

export function identityHelpers(call: Call) {
  const post = <T = JsonObject>(path: string, body: unknown = {}) => call<T>('POST', path, body);
  return {
    /** `IdentityCreateRequest`; the answer carries the private key once. */
    create: (request: Body) => post<{ identity: JsonObject; private_key: string | null }>('/fabric/identities', request),
    /** `IdentityReq`: an agent registers its own Ed25519 public key. */
    register: (request: Body) => post<{ identity: JsonObject; private_key: null }>('/fabric/identities/register', request),
    get: (identityId: string) => call<JsonObject>('GET', `/fabric/identities/${enc(identityId)}`),
    list: () => call<{ identities: JsonObject[] }>('GET', '/fabric/identities').then((r) => r.identities),
    rotate: (identityId: string, request: Body = {}) => post(`/fabric/identities/${enc(identityId)}/rotate`, request),
    /** Revokes the identity and everything under it (children, delegations, tokens) in one transaction. */
    revoke: (identityId: string, reason?: string) =>
      post(`/fabric/identities/${enc(identityId)}/revoke`, reason === undefined ? {} : { reason }),
    challenge: (identityId: string) =>
      post<{ identity_id: string; challenge: string; expires_at: string }>(`/fabric/identities/${enc(identityId)}/challenge`),
    /** Challenge, sign locally, verify: a fresh proof of possession (needed by `pop` delegations). */
    prove: async (identityId: string, privateKey: string, publicKey: string) => {
      const { challenge } = await call<{ challenge: string }>('POST', `/fabric/identities/${enc(identityId)}/challenge`, {});
      return post<{ verified: boolean; detail: string }>(`/fabric/identities/${enc(identityId)}/verify`, {
        public_key: publicKey,
        challenge,
        signature: signChallenge(privateKey, challenge),
      });
    },
    /** `AgentTokenRequest`: a JWT for the agent, scoped to tool paths; use it with `withAgentToken`. */
    mintToken: (request: Body) =>
      post<{ token: string; token_id: string; expires_at: string; scopes: string[] }>('/fabric/agent-tokens', request),
    /** `DelegationCreateRequest`. */
    delegate: (request: Body) => post('/fabric/delegations', request),
    revokeDelegation: (delegationId: string) => post(`/fabric/delegations/${enc(delegationId)}/revoke`),
    /** `DelegateReq`: from an agent token, an attenuated delegation and a token for the subject. */
    delegateFromToken: (request: Body) => post<{ delegation: JsonObject; token: JsonObject | null }>('/fabric/tokens/delegate', request),
    /** `AuthorizeRequest`: a decision under a delegation chain (a `Decision` record). */
    authorize: (request: Body) => post('/fabric/authorize', request),
    /** `EvalReq`: a decision under an agent token named by id. */
    evaluate: (request: Body) => post('/fabric/tokens/evaluate', request),
    /** `AssessReq`: what a token covers and how risky an action is; nothing recorded. */
    assess: (request: Body) => post('/fabric/tokens/assess', request),
    /** `TokenReq`: a decision and, when allowed, an action token bound to exactly this call. */
    requestActionToken: (request: Body) =>
      post<{ decision: JsonObject; token: string | null; token_id: string | null }>('/fabric/tokens', request),
    /** `ExecReq`: redeems an action token once; run the tool only when `run` is true. */
    execute: (request: Body) => post<{ decision: JsonObject; run: boolean; spent: boolean }>('/fabric/tokens/execute', request),
    /** `EdgeReq`: who may act for whom. */
    addEdge: (request: Body) => post('/fabric/edges', request),
    checkCapability: (identityId: string, capability: string) =>
      post<{ allowed: boolean; detail: string }>('/fabric/capabilities/check', { identity_id: identityId, capability }),
    checkImpersonation: (actualIdentity: string, claimingIdentity: string) =>
      post<{ allowed: boolean; impersonation: boolean; detail: string }>('/fabric/impersonation/check', {
        actual_identity: actualIdentity,
        claiming_identity: claimingIdentity,
      }),
    evaluateComposition: (active: Body[]) =>
      post<{ flagged: boolean; excess: string[]; detail: string }>('/fabric/composition/evaluate', { active }),
  };
}

export type IdentityHelpers = ReturnType<typeof identityHelpers>;
