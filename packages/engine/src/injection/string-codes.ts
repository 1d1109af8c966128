// Strings built from a buffer of UTF-16 codes: the decoders map text a character at a time, and
// appending one character at a time to a string costs many times more than filling a buffer.

/** The string of a buffer of UTF-16 codes. */
export function stringOfCodes(codes: Uint16Array): string {
  let out = '';
  // fromCharCode takes its codes as arguments: a few thousand at a time stay within any stack.
  for (let from = 0; from < codes.length; from += 8192)
    out += String.fromCharCode.apply(null, codes.subarray(from, from + 8192) as unknown as number[]);
  return out;
}
