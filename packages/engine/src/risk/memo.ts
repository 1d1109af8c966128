// A small bounded memo for pure functions of a string (the shell and SQL analyses). Agents repeat
// the same commands and queries; parsing each once keeps the decision path fast. Entries are
// evicted oldest-first; the memo never changes a result, only how fast it comes.

/** Remembers up to `capacity` results of `compute`, keyed by its string argument. */
export function memoize<T>(compute: (key: string) => T, capacity = 512, maxKeyLength = 8192): (key: string) => T {
  const cache = new Map<string, T>();
  return (key: string): T => {
    if (key.length > maxKeyLength) return compute(key);
    const hit = cache.get(key);
    if (hit !== undefined) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const value = compute(key);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  };
}

/**
 * Remembers answers about payload keys and tool paths, which repeat across calls and are few: a
 * plain map, emptied when full, so a hit costs one lookup (no reordering).
 */
export function memoizeKeys<T>(compute: (key: string) => T, capacity = 1024): (key: string) => T {
  const cache = new Map<string, T>();
  return (key: string): T => {
    let value = cache.get(key);
    if (value !== undefined || cache.has(key)) return value as T;
    value = compute(key);
    if (key.length <= 256) {
      if (cache.size >= capacity) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}
