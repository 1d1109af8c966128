// A decision's payload and stages, stored once as one packed value (packed-json.ts): stages repeat
// the same keys and phrases in every decision, so they shrink to a small fraction.
//
// Issue 15: deflating the body cost ~18 µs per decision (zlib's set-up ~5, priming the 6 KB
// dictionary ~7, the ~1 KB of text ~6), and a decision's stage list repeats from call to call (same
// agent, key, tool and outcome). A list seen before is stored packed on its own, its packed bytes
// kept by its JSON text, beside the payload packed alone with the small payload dictionary: the same
// ~200 B, for ~8 µs. A list seen for the first time is stored as before (one packed value), so lists
// that never repeat (they hold an approval id or screen findings) cost what they did.
//
// Stored forms, by the first byte: a packed-json format byte (0, 1), `[payload,stages]` packed as one
// value; SPLIT, then the length of the packed stages (LEB128), the packed stages, the packed payload
// (since the fourteenth session a payload of at most RAW_PAYLOAD_BYTES is kept plain, format 0).
import type { StageResult } from '@actiongate/engine';
import { packJson, packPayloadJson, PLAIN_FORMAT, plainPayloadBytes, unpackJson } from './packed-json.ts';
import { stagesJson } from '../../stages-json.ts';

const SPLIT = 0x10;

/** Stage lists kept at most (seen once: null; seen again: their packed bytes); past it the map starts over. */
const MAX_KEPT = 1024;
const packedStages = new Map<string, Buffer | null>();
/** The other way, for reading: packed stage lists (as latin1 text) to their JSON text. */
const unpackedStages = new Map<string, string>();

export function encodeDecisionBody(payloadJson: string, stages: readonly StageResult[]): Buffer {
  const stagesText = stagesJson(stages);
  let stagesPacked = packedStages.get(stagesText);
  if (stagesPacked === undefined) {
    keep(packedStages, stagesText, null);
    return packJson('[' + payloadJson + ',' + stagesText + ']');
  }
  if (stagesPacked === null) packedStages.set(stagesText, (stagesPacked = packJson(stagesText)));
  const length = leb128(stagesPacked.length);
  const head = 1 + length.length + stagesPacked.length;
  // Issue 15: a short payload, kept plain (packed-json.ts), is written straight into the body.
  const plainBytes = plainPayloadBytes(payloadJson);
  const payloadPacked = plainBytes === null ? packPayloadJson(payloadJson) : null;
  const out = Buffer.allocUnsafe(head + (payloadPacked ? payloadPacked.length : 1 + plainBytes!));
  out[0] = SPLIT;
  let at = 1;
  for (const byte of length) out[at++] = byte;
  at += stagesPacked.copy(out, at);
  if (payloadPacked) payloadPacked.copy(out, at);
  else {
    out[at] = PLAIN_FORMAT;
    out.write(payloadJson, at + 1, 'utf8');
  }
  return out;
}

export function decodeDecisionBody(body: Buffer): { payload: unknown; stages: StageResult[] } {
  if (body[0] !== SPLIT) {
    const [payload, stages] = JSON.parse(unpackJson(body)) as [unknown, StageResult[]];
    return { payload, stages };
  }
  let length = 0;
  let at = 1;
  for (let shift = 0; ; shift += 7) {
    if (at >= body.length || shift > 28) throw new Error('damaged decision body');
    const byte = body[at++];
    length += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) break;
  }
  if (at + length >= body.length) throw new Error('damaged decision body');
  const stagesPacked = body.subarray(at, at + length);
  const key = stagesPacked.toString('latin1');
  let stagesText = unpackedStages.get(key);
  if (stagesText === undefined) keep(unpackedStages, key, (stagesText = unpackJson(stagesPacked)));
  return { payload: JSON.parse(unpackJson(body.subarray(at + length))), stages: JSON.parse(stagesText) as StageResult[] };
}

function keep<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_KEPT) map.clear();
  map.set(key, value);
}

function leb128(value: number): number[] {
  const bytes: number[] = [];
  for (; value >= 0x80; value = Math.floor(value / 0x80)) bytes.push((value & 0x7f) | 0x80);
  bytes.push(value);
  return bytes;
}
