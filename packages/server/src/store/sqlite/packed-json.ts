// JSON text stored compactly: deflate with a preset dictionary of the phrases our records repeat
// (stage lists, approval records), so even a short record shrinks to a fraction. The first byte names
// the format, so a later dictionary can be added without rewriting old values. Lossless: a journal
// record unpacks to the exact text its hash was computed over.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { DICTIONARY_V1, PAYLOAD_DICTIONARY_V1 } from './packed-json-dictionary.ts';

/** Text kept as it is. */
export const PLAIN_FORMAT = 0;
const DEFLATE_V1 = 1;
/** Issue 15: deflate with the payload keys alone (a ~240 B dictionary is primed in ~0.3 µs, the full one in ~7). */
const DEFLATE_PAYLOAD_V1 = 2;

/**
 * Issue 15: node gives each one-shot call an output buffer of `chunkSize` bytes (16 KiB by default),
 * allocated afresh and left to the garbage collector: ~6 µs of a ~25 µs pack, ~5 µs of an unpack.
 * Under half of `Buffer.poolSize` (8 KiB) it comes from node's shared pool instead. Output larger than
 * a chunk is collected chunk by chunk; the bytes are the same (packed-json.test.ts compares them).
 */
const PACK_CHUNK = 1024;
const UNPACK_CHUNK = 2048;

/** Deflate at level 1: the dictionary does most of the work, and the event loop pays for every byte. */
const OPTIONS = { level: 1, dictionary: DICTIONARY_V1, chunkSize: PACK_CHUNK };
const UNPACK_OPTIONS = { dictionary: DICTIONARY_V1, chunkSize: UNPACK_CHUNK };
const PAYLOAD_OPTIONS = { level: 1, dictionary: PAYLOAD_DICTIONARY_V1, chunkSize: PACK_CHUNK };
/**
 * A short payload with a 2 KiB window (the dictionary and up to SHORT_PAYLOAD bytes fit in its reach,
 * 2048 - 262) and a smaller hash: zlib sets up ~20 KB of state instead of ~260 KB, ~3 µs less per
 * call, the same sizes here. Any raw deflate stream inflates with the default window.
 */
const SHORT_PAYLOAD = 1500;
const SHORT_PAYLOAD_OPTIONS = { ...PAYLOAD_OPTIONS, windowBits: 11, memLevel: 4 };
const UNPACK_PAYLOAD_OPTIONS = { dictionary: PAYLOAD_DICTIONARY_V1, chunkSize: UNPACK_CHUNK };

export function packJson(json: string): Buffer {
  return packed(json, DEFLATE_V1, OPTIONS);
}

/**
 * Issue 15 (fourteenth session): a payload of at most this many bytes is kept as it is (format 0).
 * Deflating one cost ~10 µs in a loop and ~5% of the server's CPU at 16 in flight (perf: building
 * zlib's stream per call, not compressing) to save ~100 B of a ~230 B payload; format 0 was always
 * readable, so rows stored by earlier versions and by this one read alike.
 */
export const RAW_PAYLOAD_BYTES = 512;

/** A call's payload alone (decision-body.ts): kept plain when short, else only the payload part of the dictionary can help it. */
export function packPayloadJson(json: string): Buffer {
  if (plainPayloadBytes(json) !== null) return plainPackedJson(json);
  return packed(json, DEFLATE_PAYLOAD_V1, PAYLOAD_OPTIONS, SHORT_PAYLOAD_OPTIONS);
}

/** The UTF-8 length of a payload that is kept plain, or null for one that is packed. */
export function plainPayloadBytes(json: string): number | null {
  // A UTF-16 unit is at least one UTF-8 byte: only a text that might be short is measured.
  if (json.length > RAW_PAYLOAD_BYTES) return null;
  const bytes = Buffer.byteLength(json);
  return bytes <= RAW_PAYLOAD_BYTES ? bytes : null;
}

function packed(json: string, deflated: number, options: typeof OPTIONS, shortOptions = options): Buffer {
  const text = Buffer.from(json);
  const packed = deflateRawSync(text, text.length <= SHORT_PAYLOAD ? shortOptions : options);
  // Text that does not shrink (already compressed data in a payload) is kept as it is.
  const [format, content] = packed.length < text.length ? [deflated, packed] : [PLAIN_FORMAT, text];
  const out = Buffer.allocUnsafe(content.length + 1);
  out[0] = format;
  content.copy(out, 1);
  return out;
}

/** JSON kept as text, as `packJson` keeps what does not shrink: for a short record deflate costs ~20 µs to save a few bytes. */
export function plainPackedJson(json: string): Buffer {
  const text = Buffer.from(json);
  const out = Buffer.allocUnsafe(text.length + 1);
  out[0] = PLAIN_FORMAT;
  text.copy(out, 1);
  return out;
}

export function unpackJson(packed: Buffer): string {
  if (packed[0] === DEFLATE_V1) return inflateRawSync(packed.subarray(1), UNPACK_OPTIONS).toString('utf8');
  if (packed[0] === PLAIN_FORMAT) return packed.subarray(1).toString('utf8');
  if (packed[0] === DEFLATE_PAYLOAD_V1) return inflateRawSync(packed.subarray(1), UNPACK_PAYLOAD_OPTIONS).toString('utf8');
  throw new Error(`unknown packed JSON format ${packed[0]}`);
}
