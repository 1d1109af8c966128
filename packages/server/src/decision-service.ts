// The shell around the engine for one decision: resolve the agent, hand the store a job that runs
// the engine on the state it loaded, sign the record, and let the store commit it durably.
import { canonicalHash, decide, signedPayloadOf, signText } from '@actiongate/engine';
import { ValidationFailed } from './errors.ts';
import { newId } from './ids.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import type { DecisionRow, KeyRow, Store } from './store/store.ts';
import type { DecisionRequest } from './schemas.ts';

export class DecisionService {
  constructor(
    private readonly store: Store,
    private readonly keyRing: SigningKeyRing,
    private readonly clock: () => number = Date.now,
  ) {}

  async decide(key: KeyRow, request: DecisionRequest): Promise<DecisionRow> {
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
    return this.store.runDecision({
      tenantId: key.tenantId,
      agentId,
      key,
      path: request.path,
      payload,
      payloadHash,
      now,
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
          state,
        );
        const time = new Date(now).toISOString();
        const signedPayload = signedPayloadOf({
          decision_id: decisionId,
          tenant_id: key.tenantId,
          time,
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
        };
        return { decision, row };
      },
    });
  }
}
