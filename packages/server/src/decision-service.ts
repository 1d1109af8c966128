// The shell around the engine for one decision: resolve the agent, hand the store a job that runs
// the engine on the state it loaded, sign the record, and let the store commit it durably.
import { canonicalHash, decide, signText } from '@actiongate/engine';
import { decisionSignedPayload } from './decision-signed-payload.ts';
import { ValidationFailed } from './errors.ts';
import { newId } from './ids.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import { IdempotencyKeyReused, type DecisionRow, type KeyRow, type Store } from './store/store.ts';
import type { DecisionRequest } from './schemas.ts';
import type { TokenPrincipal } from './identity/agent-token-service.ts';

/** How long a repeat of an `Idempotency-Key` gets the first answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

export class DecisionService {
  constructor(
    private readonly store: Store,
    private readonly keyRing: SigningKeyRing,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Decides one call. With an idempotency key, a repeat (same key, same request, within 24 h) returns
   * the first decision with `replayed: true`; the key reused for a different request is a 422.
   */
  async decide(
    key: KeyRow,
    request: DecisionRequest,
    options: { idempotencyKey?: string; token?: TokenPrincipal | null } = {},
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
            // Issue 20: a call sent with an agent token is held to the token's scopes.
            ...(options.token ? { token: { id: options.token.id, scopes: options.token.scopes, chain: options.token.chain } } : {}),
          },
          state,
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
