// The shell around the engine for one decision: resolve the agent, hand the store a job that runs
// the engine on the state it loaded, sign the record, and let the store commit it durably.
import { canonicalHash, decide, signText } from '@actiongate/engine';
import { decisionSignedPayload } from './decision-signed-payload.ts';
import { ValidationFailed } from './errors.ts';
import { newId } from './ids.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import { IdempotencyKeyReused, type DecisionRow, type KeyRow, type Store } from './store/store.ts';
import type { DecisionRequest } from './schemas.ts';
import type { DecisionState } from '@actiongate/engine';

/**
 * State the store does not load, added to what it did (issue 18: egress rules, posture,
 * containment, closure). `prepare` runs before the decision is queued; `current` inside its
 * transaction, so it sees every change that returned before.
 */
export interface DecisionStateSource {
  /** Loads the tenant's state if needed and answers it. */
  prepare(tenantId: string): Promise<Partial<DecisionState>>;
  /** The newest state, or null when it left the cache meanwhile (then the prepared one serves). */
  current(tenantId: string): Partial<DecisionState> | null;
}

/** How long a repeat of an `Idempotency-Key` gets the first answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

export class DecisionService {
  constructor(
    private readonly store: Store,
    private readonly keyRing: SigningKeyRing,
    private readonly clock: () => number = Date.now,
    private readonly extraState: DecisionStateSource | null = null,
  ) {}

  /**
   * Decides one call. With an idempotency key, a repeat (same key, same request, within 24 h) returns
   * the first decision with `replayed: true`; the key reused for a different request is a 422.
   */
  async decide(
    key: KeyRow,
    request: DecisionRequest,
    options: { idempotencyKey?: string } = {},
  ): Promise<DecisionRow & { replayed?: boolean }> {
    const agentId = request.agent_id ?? key.agentId;
    if (!agentId) {
      throw new ValidationFailed([
        { loc: ['body', 'agent_id'], msg: 'field required (customer keys must name the agent)', type: 'missing' },
      ]);
    }
    const payload = request.payload ?? {};
    const payloadHash = canonicalHash(payload);
    const now = this.clock();
    const decisionId = newId('fd');
    const signingKey = this.keyRing.current;
    const extraState = this.extraState;
    const prepared = extraState ? await extraState.prepare(key.tenantId) : null;
    const idempotency = options.idempotencyKey
      ? {
          key: options.idempotencyKey,
          requestHash: canonicalHash({ path: request.path, agent_id: agentId, payload_hash: payloadHash, trace_id: request.trace_id }),
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
      compute: (state) => {
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
          },
          extraState ? { ...state, ...(extraState.current(key.tenantId) ?? prepared) } : state,
        );
        const signedPayload = decisionSignedPayload({
          id: decisionId,
          tenantId: key.tenantId,
          createdAt: now,
          verdict: decision.verdict,
          stages: decision.stages,
        });
        const approvalStage = decision.stages[decision.stages.length - 1];
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
          approvalId: (approvalStage.data.approval_id as string | undefined) ?? null,
          outcome: null,
          traceId: request.trace_id ?? null,
        };
        return { decision, row };
      },
    });
    try {
      const stored = await pending;
      return stored.id === decisionId ? stored : { ...stored, replayed: true };
    } catch (error) {
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
