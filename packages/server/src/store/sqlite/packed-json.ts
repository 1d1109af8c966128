// JSON text stored compactly: deflate with a preset dictionary of the phrases our records repeat
// (stage lists, approval records), so even a short record shrinks to a fraction. The first byte names
// the format, so a later dictionary can be added without rewriting old values. Lossless: a journal
// record unpacks to the exact text its hash was computed over.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { DICTIONARY_V1 } from './packed-json-dictionary.ts';

const PLAIN = 0;
const DEFLATE_V1 = 1;

/** Deflate at level 1: the dictionary does most of the work, and the event loop pays for every byte. */
const OPTIONS = { level: 1, dictionary: DICTIONARY_V1 };

export function packJson(json: string): Buffer {
  const text = Buffer.from(json);
  const packed = deflateRawSync(text, OPTIONS);
  // Text that does not shrink (already compressed data in a payload) is kept as it is.
  const [format, content] = packed.length < text.length ? [DEFLATE_V1, packed] : [PLAIN, text];
  const out = Buffer.allocUnsafe(content.length + 1);
  out[0] = format;
  content.copy(out, 1);
  return out;
}

export function unpackJson(packed: Buffer): string {
  if (packed[0] === DEFLATE_V1) return inflateRawSync(packed.subarray(1), { dictionary: DICTIONARY_V1 }).toString('utf8');
  if (packed[0] === PLAIN) return packed.subarray(1).toString('utf8');
  throw new Error(`unknown packed JSON format ${packed[0]}`);
}
