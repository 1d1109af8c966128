// Approvals beyond the review queue (issue 21): approvals requested without a decision
// (`ApprovalRequestCreate`), answers as votes (`ApprovalDecision`), signed approvals (`Approval`)
// with the approver keys that sign them, and the votes of an approval with what each signed.
import {
  canonicalHash,
  classifyRisk,
  normalizeToolPath,
  parsePublicKey,
  verifySignedApproval,
  type GovernancePolicy,
} from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { settingsOf } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { ApprovalVoting, signingTexts } from '../governance/approval-voting.ts';
import { newId } from '../ids.ts';
import { approvalRecord } from '../journal/journal-records.ts';
import { iso, presentApproval } from '../present.ts';
import { ApprovalRecord, ErrorResponse, errorResponses, IdParams, ref } from '../schemas.ts';
import {
  Approval,
  ApprovalDecision,
  ApprovalRequestCreate,
  ApprovalVotes,
  ApproverKey,
  ApproverKeyList,
  ApproverKeyRequest,
} from '../schemas/governance.ts';
import type { ApprovalRequestRow, ApproverKeyRow } from '../store/governance-store.ts';
import type { ApprovalRow, KeyRow } from '../store/store.ts';

function presentApproverKey(row: ApproverKeyRow) {
  return { approver_key_id: row.id, name: row.name, key_id: row.keyId, public_key: row.publicKey, created_at: iso(row.createdAt) };
}

function presentRequest(request: ApprovalRequestRow | null) {
  if (!request) return null;
  return {
    requester_id: request.requesterId,
    requester_identity: request.requesterIdentity,
    action: request.action,
    resource: request.resource,
    justification: request.justification,
    governance_policy_id: request.governancePolicyId,
    linked_budget_id: request.linkedBudgetId,
    linked_policy_id: request.linkedPolicyId,
    linked_control_policy_id: request.linkedControlPolicyId,
    trace_id: request.traceId,
    amount_cents: request.amountCents,
  };
}

/** Approvers a policy's `require_approval` constraints ask for (the largest), or 1. */
function policyApprovers(policy: GovernancePolicy): number {
  const counts = policy.constraints.filter((c) => c.effect === 'require_approval').map((c) => c.min_distinct_approvers ?? 1);
  return counts.length ? Math.max(...counts) : 1;
}

export function approvalGovernanceRoutes(app: App, ctx: AppContext): void {
  const voting = new ApprovalVoting(ctx.store, ctx.clock);

  /** The votes of an approval, with what each signed and the public key to check it with. */
  const votesOf = async (tenantId: string, approval: ApprovalRow) => {
    const request = await ctx.store.governance.getApprovalRequest(tenantId, approval.id);
    const [required, votes, approverKeys] = await Promise.all([
      voting.requiredApprovers(approval, request),
      ctx.store.governance.listVotes(tenantId, approval.id),
      ctx.store.governance.listApproverKeys(tenantId),
    ]);
    const keys = new Map(approverKeys.map((row) => [row.id, row.publicKey]));
    const approvers = [...new Set(votes.filter((vote) => vote.approved).map((vote) => vote.keyId))];
    // A single-approver approval answered through approve/deny has no vote row: its decider is the approver.
    if (votes.length === 0 && approval.decidedByKeyId && approval.status !== 'denied') approvers.push(approval.decidedByKeyId);
    const open = approval.status === 'pending';
    return {
      approval_id: approval.id,
      status: approval.status,
      required_approvers: required,
      approvers,
      remaining: open ? Math.max(0, required - approvers.length) : 0,
      votes: votes.map((vote) => ({
        key_id: vote.keyId,
        approved: vote.approved,
        reason: vote.reason,
        approver_key_id: vote.approverKeyId,
        public_key: vote.approverKeyId ? (keys.get(vote.approverKeyId) ?? null) : null,
        signed_text: vote.signedText,
        signature_b64: vote.signatureB64,
        at: iso(vote.createdAt),
      })),
      signing_text: signingTexts(approval),
      request: presentRequest(request),
    };
  };

  const castAndShow = async (key: KeyRow, id: string, vote: Parameters<ApprovalVoting['cast']>[2]) => {
    const settings = await settingsOf(ctx, key.tenantId);
    const approval = await voting.cast(key, id, vote, settings.approvalTtlSeconds * 1000);
    return votesOf(key.tenantId, approval);
  };

  app.post(
    '/fabric/approvals',
    {
      schema: { body: ApprovalRequestCreate, response: { 201: ref(ApprovalRecord), 403: ErrorResponse, ...errorResponses(404) } },
      config: { access: 'agent' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      if (key.kind === 'agent' && body.requester_id !== key.agentId)
        throw new ApiError(
          'AG_FORBIDDEN',
          `this agent key belongs to agent \`${key.agentId}\`; it may not request for \`${body.requester_id}\``,
        );
      let required = body.min_distinct_approvers ?? 1;
      if (body.governance_policy_id) {
        const policy = await ctx.store.governance.getGovernancePolicy(key.tenantId, body.governance_policy_id);
        if (!policy)
          throw new ValidationFailed([
            {
              loc: ['body', 'governance_policy_id'],
              msg: `governance policy \`${body.governance_policy_id}\` not found`,
              type: 'value_error',
            },
          ]);
        required = Math.max(required, policyApprovers(policy));
      }
      const now = ctx.clock();
      const id = newId('apr', now);
      const resource = body.resource ?? '';
      const payload: Record<string, unknown> = { resource, justification: body.justification ?? '' };
      if (body.amount_cents !== undefined && body.amount_cents !== null) payload.amount_cents = body.amount_cents;
      const path = body.action.startsWith('/') ? normalizeToolPath(body.action) : body.action;
      const risk = classifyRisk({ path: body.action.startsWith('/') ? path : `/tools/${body.action}`, payload });
      const approval: ApprovalRow = {
        id,
        tenantId: key.tenantId,
        agentId: body.requester_id,
        path,
        payload,
        payloadHash: canonicalHash(payload),
        requestedByKeyId: key.id,
        decisionId: '',
        status: 'pending',
        risk: risk.class,
        reasons: risk.reasons,
        detail: `requested by \`${body.requester_id}\`${body.justification ? `: ${body.justification}` : ''}${required > 1 ? ` (needs ${required} distinct approvers)` : ''}`,
        createdAt: now,
        expiresAt: now + (body.ttl_seconds ?? 3600) * 1000,
        decidedAt: null,
        decidedByKeyId: null,
        note: null,
        consumedAt: null,
        consumedByDecisionId: null,
      };
      const row: ApprovalRequestRow = {
        approvalId: id,
        tenantId: key.tenantId,
        requesterId: body.requester_id,
        requesterIdentity: body.requester_identity ?? null,
        action: path,
        resource,
        justification: body.justification ?? '',
        governancePolicyId: body.governance_policy_id ?? null,
        linkedBudgetId: body.linked_budget_id ?? null,
        linkedPolicyId: body.linked_policy_id ?? null,
        linkedControlPolicyId: body.linked_control_policy_id ?? null,
        traceId: body.trace_id ?? null,
        amountCents: body.amount_cents ?? null,
        minDistinctApprovers: required,
      };
      await ctx.store.governance.createRequestedApproval(approval, row, approvalRecord(approval));
      reply.code(201);
      return presentApproval(approval);
    },
  );

  app.get(
    '/fabric/approvals/:id/votes',
    { schema: { params: IdParams, response: { 200: ref(ApprovalVotes), ...errorResponses(404) } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      return votesOf(key.tenantId, await voting.approval(key.tenantId, request.params.id));
    },
  );

  app.post(
    '/fabric/approvals/:id/decision',
    {
      schema: { params: IdParams, body: ApprovalDecision, response: { 200: ref(ApprovalVotes), ...errorResponses(404, 409) } },
      config: { access: 'approver' },
    },
    async (request) =>
      castAndShow(keyOf(request), request.params.id, { approved: request.body.approved, reason: request.body.reason ?? '' }),
  );

  app.post(
    '/fabric/approvals/:id/signatures',
    {
      schema: { params: IdParams, body: Approval, response: { 200: ref(ApprovalVotes), ...errorResponses(404, 409) } },
      config: { access: 'approver' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const approverKey = await ctx.store.governance.getApproverKey(key.tenantId, body.approver_key_id);
      if (!approverKey) throw new ApiError('AG_NOT_FOUND', `approver key \`${body.approver_key_id}\` not found`);
      if (approverKey.keyId !== key.id)
        throw new ApiError('AG_FORBIDDEN', `approver key \`${approverKey.id}\` belongs to key ${approverKey.keyId}, not ${key.id}`);
      const approval = await voting.approval(key.tenantId, request.params.id);
      const approved = body.approved ?? true;
      const texts = signingTexts(approval);
      const text = approved ? texts.approved : texts.denied;
      if (!verifySignedApproval(text, body.signature_b64, approverKey.publicKey)) {
        throw new ValidationFailed([
          {
            loc: ['body', 'signature_b64'],
            msg: `the signature does not verify with approver key \`${approverKey.id}\` over the approval's \`signing_text.${approved ? 'approved' : 'denied'}\``,
            type: 'signature_invalid',
          },
        ]);
      }
      return castAndShow(key, approval.id, {
        approved,
        reason: body.reason ?? '',
        signed: { approverKeyId: approverKey.id, publicKey: approverKey.publicKey, text, signatureB64: body.signature_b64 },
      });
    },
  );

  app.post(
    '/fabric/approver-keys',
    { schema: { body: ApproverKeyRequest, response: { 201: ref(ApproverKey) } }, config: { access: 'approver' } },
    async (request, reply) => {
      const key = keyOf(request);
      let publicKey: string;
      try {
        publicKey = (parsePublicKey(request.body.public_key).export({ format: 'jwk' }) as { x: string }).x;
      } catch (error) {
        throw new ValidationFailed([{ loc: ['body', 'public_key'], msg: (error as Error).message, type: 'value_error' }]);
      }
      const row: ApproverKeyRow = {
        id: newId('apk'),
        tenantId: key.tenantId,
        keyId: key.id,
        name: request.body.name,
        publicKey,
        createdAt: ctx.clock(),
      };
      await ctx.store.governance.createApproverKey(row);
      reply.code(201);
      return presentApproverKey(row);
    },
  );

  app.get(
    '/fabric/approver-keys',
    { schema: { response: { 200: ref(ApproverKeyList) } }, config: { access: 'approver' } },
    async (request) => ({
      approver_keys: (await ctx.store.governance.listApproverKeys(keyOf(request).tenantId)).map(presentApproverKey),
    }),
  );
}
