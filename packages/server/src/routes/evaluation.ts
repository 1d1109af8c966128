// Dry runs and side-effect-free evaluation (issue 19). A dry run replays the tenant's recent
// decisions through the chain under the current (or a proposed) enforcement; assess, evaluate and
// decide answer what the chain would say about an action. None of them records anything, creates
// or consumes an approval, or changes an agent's record. Execute is the one that acts: a recorded
// decision, after the acting identity's capability is checked.
import { classifyRisk, resolveSettings, type DecisionState, type StageName } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { settingsOf } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { identityStatus } from '../identity/identity-status.ts';
import { iso, presentDecision } from '../present.ts';
import { DecisionRecord, errorResponses, ErrorResponse } from '../schemas.ts';
import {
  ActionEvaluation,
  AssessRequest,
  DecideActionRequest,
  DryRunRequest,
  DryRunResult,
  EvaluateActionRequest,
  ExecuteRequest,
  RiskAssessment,
} from '../schemas/evaluation.ts';
import { registeredToolName } from '../store/decision-transaction.ts';
import type { KeyRow } from '../store/store.ts';
import { actionCall } from '../evaluation/action-call.ts';
import { decidingStage, explain } from '../evaluation/deciding-stage.ts';

export function evaluationRoutes(app: App, ctx: AppContext): void {
  /** The agent an action is judged for, refusing an agent key that names another agent (as decisions do). */
  const agentFor = (key: KeyRow, named: string | null | undefined): string => {
    if (key.kind === 'agent' && named && named !== key.agentId)
      throw new ApiError('AG_FORBIDDEN', `this agent key belongs to agent \`${key.agentId}\`; it may not act for \`${named}\``);
    // A customer key naming no agent is judged as an agent with no record (a new one).
    return named ?? key.agentId ?? `evaluation:${key.id}`;
  };

  /** Only the named tool rule judges (404 when the tenant has none by that id). */
  const onlyRule = async (key: KeyRow, policyId: string | null | undefined) => {
    if (!policyId) return (state: DecisionState) => state;
    const rule = await ctx.store.getToolRule(key.tenantId, policyId);
    if (!rule) throw new ApiError('AG_NOT_FOUND', `tool rule \`${policyId}\` not found`);
    return (state: DecisionState) => ({ ...state, rules: state.rules.filter((r) => (r as { id?: string }).id === policyId) });
  };

  const evaluate = async (key: KeyRow, agentId: string, fields: Parameters<typeof actionCall>[0], policyId: string | null | undefined) => {
    const call = actionCall(fields);
    const decision = await ctx.decisions.simulate(key, { agentId, ...call }, await onlyRule(key, policyId));
    const trust = decision.stages.find((stage) => stage.stage === 'trust');
    const risk = (trust?.data.action_risk ?? { class: decision.risk, reasons: [] }) as { class: string; reasons: string[] };
    return {
      recorded: false as const,
      verdict: decision.verdict,
      blocked: decision.blocked,
      would_run: !decision.blocked && decision.verdict.startsWith('ALLOWED'),
      mode: decision.mode,
      path: call.path,
      agent_id: agentId,
      risk: { class: risk.class, reasons: risk.reasons },
      deciding_stage: decidingStage(decision),
      detail: decision.detail,
      explanation: explain(decision),
      stages: decision.stages,
    };
  };

  app.post(
    '/fabric/assess',
    { schema: { body: AssessRequest, response: { 200: RiskAssessment } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const call = actionCall(request.body);
      const [tools, settings] = await Promise.all([ctx.store.listTools(key.tenantId), settingsOf(ctx, key.tenantId)]);
      const registered = tools.find((tool) => tool.toolName === registeredToolName(call.path))?.riskLevel;
      const risk = classifyRisk({ ...call, registeredRisk: registered, criticalTransferAmount: settings.criticalTransferAmount });
      return {
        action: request.body.action,
        resource: request.body.resource,
        path: call.path,
        risk_class: risk.class,
        reasons: risk.reasons,
        registered_risk: registered ?? null,
      };
    },
  );

  app.post(
    '/fabric/actions/evaluate',
    { schema: { body: EvaluateActionRequest, response: { 200: ActionEvaluation, ...errorResponses(404) } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      return evaluate(key, agentFor(key, null), request.body, request.body.policy_id);
    },
  );

  app.post(
    '/fabric/actions/decide',
    {
      schema: { body: DecideActionRequest, response: { 200: ActionEvaluation, 403: ErrorResponse, ...errorResponses(404) } },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      let named = body.agent_id ?? null;
      if (body.identity_id) {
        const identity = await ctx.store.identities.getIdentity(key.tenantId, body.identity_id);
        if (!identity) throw new ApiError('AG_NOT_FOUND', `identity \`${body.identity_id}\` not found`);
        if (named && named !== identity.agentId)
          throw new ValidationFailed([
            {
              loc: ['body', 'agent_id'],
              msg: `identity \`${identity.id}\` acts as agent \`${identity.agentId}\`, not \`${named}\``,
              type: 'value_error',
            },
          ]);
        named = identity.agentId;
      }
      return evaluate(key, agentFor(key, named), body, body.policy_id);
    },
  );

  app.post(
    '/fabric/actions/execute',
    {
      schema: { body: ExecuteRequest, response: { 200: DecisionRecord, 403: ErrorResponse, ...errorResponses(404, 503) } },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      let agentId = agentFor(key, null);
      if (body.identity_id) {
        const identity = await ctx.store.identities.getIdentity(key.tenantId, body.identity_id);
        if (!identity) throw new ApiError('AG_NOT_FOUND', `identity \`${body.identity_id}\` not found`);
        const status = identityStatus(identity, ctx.clock());
        if (status !== 'active') throw new ApiError('AG_FORBIDDEN', `identity \`${identity.id}\` is ${status}; it cannot act`);
        agentId = agentFor(key, identity.agentId);
        // Refused before anything is recorded, as an agent key naming another agent is.
        if (body.required_capability && !(identity.capabilities ?? []).includes(body.required_capability))
          throw new ApiError(
            'AG_FORBIDDEN',
            `identity \`${identity.id}\` lacks capability \`${body.required_capability}\` (it holds ${(identity.capabilities ?? []).map((c) => `\`${c}\``).join(', ') || 'none'})`,
          );
      } else if (body.required_capability) {
        throw new ValidationFailed([
          {
            loc: ['body', 'identity_id'],
            msg: 'required_capability is checked against an identity: name the acting identity_id',
            type: 'missing',
          },
        ]);
      }
      const call = actionCall({
        action: body.action,
        resource: body.resource,
        parameters: body.parameters as Record<string, unknown> | null,
      });
      const started = performance.now();
      const row = await ctx.decisions.decide(
        key,
        { path: call.path, agent_id: agentId, payload: call.payload },
        { trace: request.traceContext },
      );
      ctx.metrics.decided(row, (performance.now() - started) / 1000);
      return presentDecision(row, false);
    },
  );

  app.post(
    '/fabric/dry-run',
    { schema: { body: DryRunRequest, response: { 200: DryRunResult } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const current = resolveSettings((await ctx.store.getTenant(key.tenantId))?.settings);
      const mode = body.fabric_enforce === false ? 'shadow' : current.mode;
      const enforceStages = (body.enforce_stages as StageName[] | undefined) ?? current.enforceStages;
      const [decisions, customerKeys, agentKeys] = await Promise.all([
        ctx.store.listDecisions(key.tenantId, { limit: body.limit ?? 200 }),
        ctx.store.listKeys(key.tenantId, 'customer'),
        ctx.store.listKeys(key.tenantId, 'agent'),
      ]);
      const keys = new Map([...customerKeys, ...agentKeys].map((k) => [k.id, k]));
      const replayed = [];
      let skipped = 0;
      for (const old of decisions) {
        const sender = keys.get(old.keyId);
        if (!sender) {
          skipped++;
          continue;
        }
        // A call a human approved then stays approved: the same approval would cover it again.
        const approvalStage = old.stages[old.stages.length - 1];
        const approvedBefore = approvalStage?.data.approval_status === 'consumed' && old.approvalId;
        const next = await ctx.decisions.simulate(sender, { agentId: old.agentId, path: old.path, payload: old.payload }, (state) => ({
          ...state,
          settings: { ...state.settings, mode, enforceStages },
          approvedApproval: approvedBefore
            ? { id: old.approvalId!, status: 'approved', createdAt: old.createdAt, expiresAt: Number.MAX_SAFE_INTEGER }
            : state.approvedApproval,
        }));
        replayed.push({
          decision_id: old.id,
          path: old.path,
          agent_id: old.agentId,
          created_at: iso(old.createdAt),
          old_verdict: old.verdict,
          new_verdict: next.verdict,
          changed: old.verdict !== next.verdict,
          deciding_stage: decidingStage(next),
          detail: next.detail,
        });
      }
      const count = (verdicts: string[]) => verdicts.reduce<Record<string, number>>((acc, v) => ((acc[v] = (acc[v] ?? 0) + 1), acc), {});
      const runs = (verdict: string) => verdict.startsWith('ALLOWED');
      return {
        recorded: false as const,
        simulated: { mode, enforce_stages: enforceStages },
        totals: {
          replayed: replayed.length,
          changed: replayed.filter((r) => r.changed).length,
          unchanged: replayed.filter((r) => !r.changed).length,
          skipped,
          newly_blocked: replayed.filter((r) => runs(r.old_verdict) && !runs(r.new_verdict)).length,
          newly_allowed: replayed.filter((r) => !runs(r.old_verdict) && runs(r.new_verdict)).length,
          old_verdicts: count(replayed.map((r) => r.old_verdict)),
          new_verdicts: count(replayed.map((r) => r.new_verdict)),
        },
        decisions: replayed,
      };
    },
  );
}
