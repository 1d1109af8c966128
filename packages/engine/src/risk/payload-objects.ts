// Every object of a payload, with JSON text under any key read as the object it encodes (a
// stringified policy document, a request body): the rules that judge a settings object by its
// fields together (a firewall rule, a policy statement) read them here. Iterative and capped.

const MAX_OBJECTS = 512;
const MAX_DEPTH = 10;
const MAX_JSON_TEXT = 65536;

/** The objects of a payload (arrays are walked, not returned), nearest the top first. */
export function payloadObjects(payload: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const stack: Array<{ value: unknown; depth: number }> = [{ value: payload, depth: 0 }];
  let visited = 0;
  while (stack.length > 0 && out.length < MAX_OBJECTS && ++visited <= 4 * MAX_OBJECTS) {
    const { value, depth } = stack.shift() as { value: unknown; depth: number };
    if (depth > MAX_DEPTH) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text.length < 2 || text.length > MAX_JSON_TEXT || !(text.startsWith('{') || text.startsWith('['))) continue;
      try {
        stack.push({ value: JSON.parse(text), depth: depth + 1 });
      } catch {
        // Not JSON: prose or code.
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 64)) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    const record = value as Record<string, unknown>;
    out.push(record);
    for (const inner of Object.values(record).slice(0, 128)) stack.push({ value: inner, depth: depth + 1 });
  }
  return out;
}

/** The scalar values under an object, at most `depth` levels down (an array is a level), with their normalised keys (array items keep the array's key). */
export function scalarsUnder(
  record: Record<string, unknown>,
  normalize: (key: string) => string,
  depth = 3,
): Array<{ key: string; value: string | number | boolean }> {
  const out: Array<{ key: string; value: string | number | boolean }> = [];
  const stack: Array<{ value: unknown; key: string; depth: number }> = [{ value: record, key: '', depth: 0 }];
  while (stack.length > 0 && out.length < 256) {
    const frame = stack.pop() as { value: unknown; key: string; depth: number };
    const value = frame.value;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out.push({ key: frame.key, value });
      continue;
    }
    if (value === null || typeof value !== 'object' || frame.depth >= depth) continue;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 64)) stack.push({ value: item, key: frame.key, depth: frame.depth + 1 });
      continue;
    }
    for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 128))
      stack.push({ value: inner, key: normalize(key), depth: frame.depth + 1 });
  }
  return out;
}
