// The shell around the engine for one decision: resolve the agent, hand the store a job that runs
// the engine on the state it loaded, sign the record, and let the store commit it durably.
import { canonicalHash, decide, SIGNED_PAYLOAD_VERSION, signText } from '@actiongate/engine';
import { ROOT_CONTEXT, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { decisionSignedPayload } from './decision-signed-payload.ts';
import { ApiError, ValidationFailed } from './errors.ts';
import { newId } from './ids.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import { IdempotencyKeyReused, type DecisionRow, type KeyRow, type Store } from './store/store.ts';
import type { DecisionRequest } from './schemas.ts';
import type { Decision, DecisionInput, DecisionState } from '@actiongate/engine';

/**
 * State the store does not load, added to what it did (issue 18: egress rules, posture,
 * containment, closure). `prepare` runs before the decision is queued; `current` inside its
 * transaction, so it sees every change that returned before.
 */
export interface DecisionStateSource {
  /** Loads the tenant's state if needed and answers it. */
  prepare(tenantId: string, call?: { agentId: string; traceId: string | null }): Promise<Partial<DecisionState>>;
  /** The newest state, or null when it left the cache meanwhile (then the prepared one serves). */
  current(tenantId: string): Partial<DecisionState> | null;
  /**
   * Issue 15: what `prepare` would answer, when that needs no load (fresh in memory); otherwise
   * undefined and the caller awaits `prepare`. Spares a decision ~5 promises per source.
   */
  ready?(tenantId: string, call?: { agentId: string; traceId: string | null }): Partial<DecisionState> | undefined;
}
import type { TokenPrincipal } from './identity/agent-token-service.ts';

/** How long a repeat of an `Idempotency-Key` gets the first answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

export class DecisionService {
  constructor(
    private readonly store: Store,
    private readonly keyRing: SigningKeyRing,
    private readonly clock: () => number = Date.now,
    private readonly tracer: Tracer = trace.getTracer('actiongate'),
    private readonly extraState: DecisionStateSource | null = null,
  ) {}

  /**
   * Issue 19: the decision the chain would give this call now, on the state a real decision would
   * read (plus `adjust`, e.g. a proposed enforcement), recording nothing, creating or consuming no
   * approval. Dry runs and side-effect-free evaluation use it.
   */
  async simulate(
    key: KeyRow,
    call: { agentId: string; path: string; payload: unknown; principal?: DecisionInput['principal'] },
    adjust: (state: DecisionState) => DecisionState = (state) => state,
  ): Promise<Decision> {
    const payloadHash = canonicalHash(call.payload ?? {});
    const now = this.clock();
    const read = await this.store.readDecisionState({
      tenantId: key.tenantId,
      agentId: call.agentId,
      key,
      path: call.path,
      payloadHash,
      now,
    });
    const extra = this.extraState ? (this.extraState.current(key.tenantId) ?? (await this.extraState.prepare(key.tenantId))) : null;
    return decide(
      {
        decisionId: newId('fd', now),
        tenantId: key.tenantId,
        now,
        path: call.path,
        agentId: call.agentId,
        payload: call.payload ?? {},
        payloadHash,
        principal: call.principal ?? { kind: key.kind, keyId: key.id, boundAgentId: key.agentId ?? undefined },
        newApprovalId: newId('apr', now),
      },
      adjust(extra ? Object.assign({}, read, extra) : read),
    );
  }

  /**
   * Decides one call. With an idempotency key, a repeat (same key, same request, within 24 h) returns
   * the first decision with `replayed: true`; the key reused for a different request is a 422.
   * `trace`: the request span's context, parent of the decide, sign and commit spans;
   * `traceId`: from the caller's `traceparent`, the record's trace id when the body names none
   * (not part of the idempotency hash: a retry may come in a new trace).
   */
  async decide(
    key: KeyRow,
    request: DecisionRequest,
    options: {
      idempotencyKey?: string;
      trace?: Context | null;
      traceId?: string;
      token?: TokenPrincipal | null;
      /**
       * Hears the record once computed, before it is committed (it may still be rolled back): the
       * route prepares its reply from it while the commit's fsync runs. Not called for a replay.
       */
      onRecord?: (row: DecisionRow) => void;
    } = {},
  ): Promise<DecisionRow & { replayed?: boolean }> {
    const parent = options.trace ?? ROOT_CONTEXT;
    let commit: Span | undefined;
    const agentId = request.agent_id ?? key.agentId;
    if (!agentId) {
      throw new ValidationFailed([
        { loc: ['body', 'agent_id'], msg: 'field required (customer keys must name the agent)', type: 'missing' },
      ]);
    }
    // An agent key speaks for its own agent only. Refused before the store is touched, so a stolen or
    // misconfigured key cannot write blocked attempts into another agent's history (and degrade it).
    if (key.kind === 'agent' && key.agentId !== agentId) {
      throw new ApiError('AG_FORBIDDEN', `this agent key belongs to agent \`${key.agentId}\`; it may not act for \`${agentId}\``);
    }
    const payload = request.payload ?? {};
    const payloadHash = canonicalHash(payload);
    const now = this.clock();
    const decisionId = newId('fd');
    const signingKey = this.keyRing.current;
    const extraState = this.extraState;
    const traceId = request.trace_id ?? options.traceId ?? null;
    const call = { agentId, traceId };
    const prepared = extraState ? (extraState.ready?.(key.tenantId, call) ?? (await extraState.prepare(key.tenantId, call))) : null;
    const idempotency = options.idempotencyKey
      ? {
          key: options.idempotencyKey,
          requestHash: canonicalHash({
            path: request.path,
            agent_id: agentId,
            payload_hash: payloadHash,
            trace_id: request.trace_id,
            // Issue 20: a repeat under another agent token is another request (its scopes may differ).
            ...(options.token ? { token_id: options.token.id } : {}),
          }),
          windowMs: IDEMPOTENCY_WINDOW_MS,
        }
      : undefined;
    const pending = this.store.runDecision({
      tenantId: key.tenantId,
      agentId,
      key,
      path: request.path,
      payload,
      payloadHash,
      now,
      idempotency,
      // Issue 21: the agent's live plans, whose used steps the transaction reads.
      planIds: prepared?.authorizedPlans?.filter((plan) => plan.agentId === agentId).map((plan) => plan.id),
      compute: (state) => {
        const deciding = this.tracer.startSpan('decide', { attributes: { 'actiongate.path': request.path } }, parent);
        const decision = decide(
          {
            decisionId,
            tenantId: key.tenantId,
            now,
            path: request.path,
            agentId,
            payload,
            payloadHash,
            principal: { kind: key.kind, keyId: key.id, boundAgentId: key.agentId ?? undefined },
            newApprovalId: newId('apr'),
            traceId, // issue 21: trajectory rules may ask for the same trace
            // Issue 20: a call sent with an agent token is held to the token's scopes.
            ...(options.token
              ? { token: { id: options.token.id, scopes: options.token.scopes, chain: options.token.chain, label: options.token.label } }
              : {}),
          },
          // Object.assign, not a spread of three: on node 20 members a spread adds after another take
          // V8's slow path (~8 µs per decision here).
          extraState ? Object.assign({}, state, prepared, extraState.current(key.tenantId)) : state,
        );
        deciding.setAttributes({ 'actiongate.verdict': decision.verdict, 'actiongate.decision_id': decisionId });
        deciding.end();
        const signing = this.tracer.startSpan('sign', { attributes: { 'actiongate.signing_key': signingKey.kid } }, parent);
        const signedPayload = decisionSignedPayload({
          id: decisionId,
          tenantId: key.tenantId,
          createdAt: now,
          agentId,
          keyId: key.id,
          path: request.path,
          payloadHash,
          verdict: decision.verdict,
          stages: decision.stages,
          signedVersion: SIGNED_PAYLOAD_VERSION,
        });
        // The approval stage is the fourth; the consensus stage of several nodes may follow it.
        const approvalStage = decision.stages.find((stage) => stage.stage === 'approval')!;
        const row: DecisionRow = {
          seq: 0,
          id: decisionId,
          tenantId: key.tenantId,
          agentId,
          keyId: key.id,
          path: request.path,
          payload,
          payloadHash,
          verdict: decision.verdict,
          blocked: decision.blocked,
          enforcing: decision.enforcing,
          mode: decision.mode,
          risk: decision.risk,
          detail: decision.detail,
          stages: decision.stages,
          createdAt: now,
          signature: signText(signedPayload, signingKey.privateKey),
          signingKeyId: signingKey.kid,
          signedPayload,
          signedVersion: SIGNED_PAYLOAD_VERSION,
          approvalId: (approvalStage.data.approval_id as string | undefined) ?? null,
          outcome: null,
          traceId: request.trace_id ?? options.traceId ?? null,
        };
        signing.end();
        options.onRecord?.(row);
        // From here the store commits the batch and waits for the WAL sync.
        commit = this.tracer.startSpan('commit', {}, parent);
        return { decision, row };
      },
    });
    try {
      const stored = await pending;
      commit?.end();
      return stored.id === decisionId ? stored : { ...stored, replayed: true };
    } catch (error) {
      commit?.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      commit?.end();
      if (!(error instanceof IdempotencyKeyReused)) throw error;
      throw new ValidationFailed([
        {
          loc: ['header', 'idempotency-key'],
          msg: `key used within 24 h for a different request (decision \`${error.decisionId}\`); send a new key per call`,
          type: 'idempotency_key_reused',
        },
      ]);
    }
  }
}
