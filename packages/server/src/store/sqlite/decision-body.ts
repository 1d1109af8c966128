// A decision's payload and stages, stored once as one compact value. Stages repeat the same keys and
// phrases in every decision, so a preset deflate dictionary of them shrinks even a short record
// (~1 KB of JSON to a few hundred bytes); large payloads shrink as any JSON does. The first byte
// names the format, so a later dictionary can be added without rewriting old rows.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StageResult } from '@actiongate/engine';
import { DICTIONARY_V1 } from './decision-body-dictionary.ts';

const PLAIN = 0;
const DEFLATE_V1 = 1;

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
