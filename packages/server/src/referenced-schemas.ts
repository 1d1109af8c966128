// The shared schemas a schema reaches through `$ref`, transitively. fast-json-stringify checks and
// indexes every shared schema it is given on every response schema it compiles (~300 of them, for
// each route and status); given only those the schema refers to, it builds the same serializer.

/** The id part of a `$ref` (`DecisionRecord#/properties/x` → `DecisionRecord`); '' for a local `#…`. */
function refId(ref: string): string {
  const hash = ref.indexOf('#');
  return hash === -1 ? ref : ref.slice(0, hash);
}

function collectRefs(node: unknown, into: string[]): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, into);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') into.push(value);
    // Literal values are data, not schemas.
    else if (key !== 'const' && key !== 'default' && key !== 'examples' && key !== 'enum') collectRefs(value, into);
  }
}

/**
 * The entries of `shared` that `schema` reaches; all of `shared` when a reference names no entry
 * (an id nested inside another schema, a URL): then nothing is left out that could be needed.
 */
export function referencedSchemas<T>(schema: unknown, shared: Record<string, T>): Record<string, T> {
  const picked: Record<string, T> = {};
  const queue: unknown[] = [schema];
  while (queue.length > 0) {
    const refs: string[] = [];
    collectRefs(queue.pop(), refs);
    for (const ref of refs) {
      const id = refId(ref);
      if (id === '' || id in picked) continue;
      if (!Object.hasOwn(shared, id)) return shared;
      picked[id] = shared[id]!;
      queue.push(shared[id]);
    }
  }
  return picked;
}
