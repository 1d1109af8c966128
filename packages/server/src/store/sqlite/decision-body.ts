// A decision's payload and stages, stored once as one packed value (packed-json.ts): stages repeat
// the same keys and phrases in every decision, so they shrink to a small fraction.
import type { StageResult } from '@actiongate/engine';
import { packJson, unpackJson } from './packed-json.ts';
import { stagesJson } from '../../stages-json.ts';

export function encodeDecisionBody(payloadJson: string, stages: readonly StageResult[]): Buffer {
  return packJson('[' + payloadJson + ',' + stagesJson(stages) + ']');
}

export function decodeDecisionBody(body: Buffer): { payload: unknown; stages: StageResult[] } {
  const [payload, stages] = JSON.parse(unpackJson(body)) as [unknown, StageResult[]];
  return { payload, stages };
}
