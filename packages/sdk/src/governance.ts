// Issue 21: helpers for authorities, requested, multi-party and signed approvals, governance and
// trajectory policies, trajectories and passports, plans. Thin: one method per route, bodies as the spec
// names them; `signApprovalText` signs locally with node:crypto (no dependency), so an approver's
// private key never leaves the process.
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { JsonObject } from './types.ts';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;
type Body = Record<string, unknown>;
const enc = encodeURIComponent;

/**
 * Signs an approval's `signing_text.approved` (or `.denied`, from `approvals.votes(id)`) with an
 * approver's Ed25519 private key (PEM text or a KeyObject); the answer is the `signature_b64` of `Approval`.
 */
export function signApprovalText(privateKey: string | KeyObject, text: string): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  return sign(null, Buffer.from(text, 'utf8'), key).toString('base64');
}

export function governanceHelpers(call: Call) {
  const post = <T = JsonObject>(path: string, body: unknown = {}) => call<T>('POST', path, body);
  return {
    authorities: {
      /** `AuthorityCreate`: which key may approve, delegate or override, up to which amount, until when. */
      create: (request: Body) => post('/fabric/authorities', request),
      list: () => call<{ authorities: JsonObject[] }>('GET', '/fabric/authorities').then((r) => r.authorities),
      delete: (authorityId: string) => call<null>('DELETE', `/fabric/authorities/${enc(authorityId)}`).then(() => undefined),
    },
    approvals: {
      /** `ApprovalRequestCreate`: an approval not tied to a decision. */
      request: (request: Body) => post('/fabric/approvals', request),
      /** Votes so far, required approvers and the texts a signed approval signs. */
      votes: (approvalId: string) =>
        call<JsonObject & { signing_text: { approved: string; denied: string }; votes: JsonObject[] }>(
          'GET',
          `/fabric/approvals/${enc(approvalId)}/votes`,
        ),
      /** `ApprovalDecision {approved, reason}`. */
      decide: (approvalId: string, request: { approved: boolean; reason?: string }) =>
        post(`/fabric/approvals/${enc(approvalId)}/decision`, request),
      /** `Approval {approver_key_id, signature_b64, approved?, reason?}`: a signed vote. */
      sign: (approvalId: string, request: Body) => post(`/fabric/approvals/${enc(approvalId)}/signatures`, request),
    },
    approverKeys: {
      register: (request: { name: string; public_key: string }) =>
        post<JsonObject & { approver_key_id: string }>('/fabric/approver-keys', request),
      list: () => call<JsonObject>('GET', '/fabric/approver-keys'),
    },
    policies: {
      /** `GovernancePolicyCreate`. */
      create: (request: Body) => post('/fabric/governance/policies', request),
      list: () => call<JsonObject>('GET', '/fabric/governance/policies'),
      get: (policyId: string) => call<JsonObject>('GET', `/fabric/governance/policies/${enc(policyId)}`),
      /** `GovernancePolicyUpdate`. */
      update: (policyId: string, request: Body) => call<JsonObject>('PATCH', `/fabric/governance/policies/${enc(policyId)}`, request),
      /** `GovernanceEvaluateRequest`: the verdict and deciding policies, nothing recorded. */
      evaluate: (request: Body) => post('/fabric/governance/evaluate', request),
      /** `ControlEvaluateRequest`. */
      evaluateControls: (request: Body) => post('/fabric/controls/evaluate', request),
    },
    trajectoryPolicies: {
      /** `TrajectoryPolicyCreate`: ordered patterns over an agent's recent calls. */
      create: (request: Body) => post('/fabric/trajectory-policies', request),
      list: () => call<{ policies: JsonObject[] }>('GET', '/fabric/trajectory-policies').then((r) => r.policies),
    },
    trajectories: {
      /** `CreateTrajectoryRequest`: the agent's decisions from now on make up the trajectory. */
      create: (request: { identity_id: string; agent_id: string }) => post('/fabric/trajectories', request),
      get: (trajectoryId: string) => call<JsonObject>('GET', `/fabric/trajectories/${enc(trajectoryId)}`),
      /** `IssuePassportRequest`: a signed summary of a clean trajectory (409 with the reason otherwise). */
      passport: (trajectoryId: string, validityHours?: number) =>
        post<{ passport_id: string; token: string; kid: string; expires_at: string; summary: JsonObject }>(
          `/fabric/trajectories/${enc(trajectoryId)}/passport`,
          { trajectory_id: trajectoryId, ...(validityHours === undefined ? {} : { validity_hours: validityHours }) },
        ),
    },
    passports: {
      list: (query: { trajectory_id?: string; agent_id?: string; limit?: number } = {}) =>
        call<{ passports: JsonObject[] }>('GET', `/fabric/passports${queryOf(query)}`).then((r) => r.passports),
      get: (passportId: string) => call<JsonObject>('GET', `/fabric/passports/${enc(passportId)}`),
      /** Revokes a passport: online verification refuses it from then on (offline checks cannot know). */
      revoke: (passportId: string, reason: string) => post(`/fabric/passports/${enc(passportId)}/revoke`, { reason }),
      /** The offline checks, plus issued by this tenant and not revoked: `{valid, reason, passport}`. */
      verify: (token: string) =>
        post<{ valid: boolean; reason: string; passport: JsonObject | null }>('/fabric/passports/verify', { token }),
    },
    /** The calling key: its id, role and `tenant_id` (which `CommitPlanRequest` names). */
    me: () => call<{ key_id: string; tenant_id: string } & JsonObject>('GET', '/fabric/me'),
    plans: {
      /** `CommitPlanRequest`: each step risk-scored; over the budget or above the ceiling it is refused (422, naming the step). */
      commit: (request: Body) => post<JsonObject & { plan_id: string; status: string }>('/fabric/plans', request),
      /** `AuthorizePlanRequest`, by a key other than the committing one; then the plan's steps are used in index order. */
      authorize: (planId: string, request: { authorized_by?: string | null; comments?: string | null } = {}) =>
        post<JsonObject & { status: string }>(`/fabric/plans/${enc(planId)}/authorize`, request),
      /** The plan with `status`, `steps_used` and `next_step_index`. */
      get: (planId: string) => call<JsonObject & { status: string; steps_used: number }>('GET', `/fabric/plans/${enc(planId)}`),
      list: (query: { status?: string; agent_id?: string; limit?: number } = {}) =>
        call<{ plans: JsonObject[] }>('GET', `/fabric/plans${queryOf(query)}`).then((r) => r.plans),
      /** `ActionVerifyRequest`: a computer-use plan checked against `ActionRule`s, violations per step; nothing recorded. */
      verify: (request: { plan: Body[]; rules: Body[]; agent_id?: string }) =>
        post<{ valid: boolean; violation_count: number; steps: JsonObject[] }>('/fabric/plans/verify', request),
    },
  };
}

/** `?a=1&b=2` of the defined values, or nothing. */
function queryOf(query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query).filter(([, value]) => value !== undefined) as Array<[string, string | number]>;
  return pairs.length ? `?${new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString()}` : '';
}

export type GovernanceHelpers = ReturnType<typeof governanceHelpers>;
