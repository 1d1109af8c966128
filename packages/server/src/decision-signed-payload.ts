// The text a decision's signature covers, from its row. The service signs this text and the store
// rebuilds it on read instead of keeping a copy, so both must come from this one function.
import { signedPayloadOf } from '@actiongate/engine';
import type { DecisionRow } from './store/store.ts';

export function decisionSignedPayload(row: Pick<DecisionRow, 'id' | 'tenantId' | 'createdAt' | 'verdict' | 'stages'>): string {
  return signedPayloadOf({
    decision_id: row.id,
    tenant_id: row.tenantId,
    time: new Date(row.createdAt).toISOString(),
    verdict: row.verdict,
    stages: row.stages,
  });
}
