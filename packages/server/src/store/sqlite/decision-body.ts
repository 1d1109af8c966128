// A decision's payload and stages, stored once as one compact value. Stages repeat the same keys and
// phrases in every decision, so a preset deflate dictionary of them shrinks even a short record
// (~1 KB of JSON to a few hundred bytes); large payloads shrink as any JSON does. The first byte
// names the format, so a later dictionary can be added without rewriting old rows.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StageResult } from '@actiongate/engine';

const PLAIN = 0;
const DEFLATE_V1 = 1;

// NEVER EDIT: rows written with format 1 need exactly these bytes to be read. A new dictionary
// gets a new format byte. Deflate finds the most likely matches near the end of the dictionary.
const DICTIONARY_V1 = Buffer.from(
  [
    '"decision_id":"fd_","approval_id":"apr_","key_id":"ak_","tenant_id":"tn_","request_id":"req-","documents":[{"id":"doc-',
    '"matched_rules":[{"rule_id":"tr_","name":"","effect":"deny","version":1,"matched_on":"path"}],"rule_id":',
    '{"flagged":true,"score":1,"findings":[{"rule":"instruction_override","weight":1,"excerpt":"ignore previous instructions"}]}',
    '"reasons":["tool name `","`: verb "," -> high"," -> medium"," -> low"," -> critical"],"amount_usd":',
    '"detail":"held by trust: trust state new, risk low: held, record too short for low risk","hold_reason":"trust"',
    '"detail":"blocked by tool rule ","detail":"allowed by tool rule ","detail":"awaiting approval `apr_',
    '{"stage":"approval","verdict":"hold","enforcing":true,"detail":"approval required","data":{"approval_id":"apr_',
    '{"stage":"approval","verdict":"allow","enforcing":true,"detail":"no approval needed","data":{}}]',
    '{"stage":"policy","verdict":"allow","enforcing":true,"detail":"no tool rule matches /tools/","data":{"matched_rules":[]}},',
    '{"stage":"trust","verdict":"allow","enforcing":true,"detail":"trust state normal, risk low: runs","data":{"state":"normal",',
    '"agent_state":"normal","key_state":"normal","action_risk":{"class":"low","reasons":["tool name `search',
    '"injection":{"flagged":false,"score":0,"findings":[]}}},',
    '[{"stage":"identity","enforcing":true,"verdict":"allow","detail":"agent key ak_',
    ' verified for agent `","data":{"key_id":"ak_","key_kind":"agent","agent_id":"',
  ].join(''),
);

/** Deflate at level 1: the dictionary does most of the work, and the event loop pays for every byte. */
const OPTIONS = { level: 1, dictionary: DICTIONARY_V1 };

/** Packs payload and stages (stages last: the dictionary holds their phrases). */
export function encodeDecisionBody(payloadJson: string, stages: readonly StageResult[]): Buffer {
  const text = Buffer.from('[' + payloadJson + ',' + JSON.stringify(stages) + ']');
  const packed = deflateRawSync(text, OPTIONS);
  // Text that does not compress (already compressed data in the payload) is kept as it is.
  const [format, content] = packed.length < text.length ? [DEFLATE_V1, packed] : [PLAIN, text];
  const out = Buffer.allocUnsafe(content.length + 1);
  out[0] = format;
  content.copy(out, 1);
  return out;
}

export function decodeDecisionBody(body: Buffer): { payload: unknown; stages: StageResult[] } {
  let text: string;
  if (body[0] === DEFLATE_V1) text = inflateRawSync(body.subarray(1), { dictionary: DICTIONARY_V1 }).toString('utf8');
  else if (body[0] === PLAIN) text = body.subarray(1).toString('utf8');
  else throw new Error(`unknown decision body format ${body[0]}`);
  const [payload, stages] = JSON.parse(text) as [unknown, StageResult[]];
  return { payload, stages };
}
