// Tool-path scopes of agent tokens, delegations and fast-path grants. A scope names one tool path
// exactly (`/tools/send_email`), or a whole subtree when it ends with `/` (`/tools/fs/` covers
// `/tools/fs/read` and `/tools/fs/dir/list`). No wildcards: what a scope covers is plain to read.
// Paths are compared in the canonical form of the tool rules, so `/tools/fs/../shell` is not under
// `/tools/fs/`. Capabilities that are not paths (`invoices:read`) compare as they are.
import { normalizeToolPath } from '../rules/normalize-path.ts';

/** The canonical form of a scope: a normalized path (keeping a trailing `/`), or the name as it is. */
export function canonicalScope(scope: string): string {
  if (!scope.startsWith('/')) return scope;
  const path = normalizeToolPath(scope);
  return scope.endsWith('/') && path !== '/' ? `${path}/` : path;
}

/** True when `scope` covers `path`: the same path, or a path under a scope ending with `/`. */
export function scopeCovers(scope: string, path: string): boolean {
  const s = canonicalScope(scope);
  const p = path.startsWith('/') ? normalizeToolPath(path) : path;
  if (s.endsWith('/')) return p.startsWith(s) && p.length > s.length;
  return p === s;
}

/** True when `scope` covers everything `other` covers (a subtree covers its own sub-subtrees). */
export function scopeContains(scope: string, other: string): boolean {
  const s = canonicalScope(scope);
  const o = canonicalScope(other);
  if (s === o) return true;
  return s.endsWith('/') && o.startsWith(s);
}

/** The first scope of `scopes` that covers `path`, or undefined. */
export function coveringScope(scopes: readonly string[], path: string): string | undefined {
  return scopes.find((scope) => scopeCovers(scope, path));
}

/**
 * The intersection of two scope sets: every path covered by both. For each pair, the narrower one
 * survives when one contains the other; disjoint pairs add nothing. Redundant entries are dropped.
 */
export function intersectScopes(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  for (const x of a) {
    for (const y of b) {
      if (scopeContains(x, y)) out.push(y);
      else if (scopeContains(y, x)) out.push(x);
    }
  }
  return minimalScopes(out);
}

/** `scopes` without duplicates and without entries another entry already contains, sorted. */
export function minimalScopes(scopes: readonly string[]): string[] {
  const unique = [...new Set(scopes.map(canonicalScope))].sort();
  return unique.filter((scope) => !unique.some((other) => other !== scope && scopeContains(other, scope)));
}

/** True when every path `child` covers is covered by `parent`. */
export function scopesWithin(child: readonly string[], parent: readonly string[]): boolean {
  return child.every((scope) => parent.some((p) => scopeContains(p, scope)));
}
