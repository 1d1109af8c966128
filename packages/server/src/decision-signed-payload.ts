// The text a decision's signature covers, from its row. The service signs this text and the store
// rebuilds it on read instead of keeping a copy, so both must come from this one function. Rows
// signed before v2 (`signedVersion` 1) rebuild the v1 text; every new decision is signed as v2.
import { signedPayloadOf, SIGNATURE_COVERS, type SignedPayloadVersion } from '@actiongate/engine';
import type { DecisionRow } from './store/store.ts';
import { isoTime } from './iso-time.ts';

type SignedRow = Pick<
  DecisionRow,
  'id' | 'tenantId' | 'createdAt' | 'verdict' | 'stages' | 'agentId' | 'keyId' | 'path' | 'payloadHash' | 'signedVersion'
>;

export function decisionSignedPayload(row: SignedRow): string {
  return signedPayloadOf(
    {
      decision_id: row.id,
      tenant_id: row.tenantId,
      time: isoTime(row.createdAt),
      agent_id: row.agentId,
      key_id: row.keyId,
      path: row.path,
      payload_hash: row.payloadHash,
      verdict: row.verdict,
      stages: row.stages,
    },
    signedVersionOf(row),
  );
}

export function signedVersionOf(row: Pick<DecisionRow, 'signedVersion'>): SignedPayloadVersion {
  return row.signedVersion === 2 ? 2 : 1;
}

/** The fields a row's signature covers. */
export function signatureCovers(row: Pick<DecisionRow, 'signedVersion'>): readonly string[] {
  return SIGNATURE_COVERS[signedVersionOf(row)];
}
