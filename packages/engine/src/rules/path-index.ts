// An index of tool rules by path pattern, so finding the rules for a call costs about the depth of
// its path, not the number of rules: exact patterns in a map, subtree patterns (`/a/`) in a map
// keyed by their prefix, and `*` patterns in a trie by segment.
import { normalizeToolPath } from './normalize-path.ts';

interface TrieNode<R> {
  children: Map<string, TrieNode<R>>;
  /** Rules whose pattern ends exactly here. */
  exact: R[];
  /** Rules whose pattern ends here with `/` (a subtree). */
  subtree: R[];
}

const node = <R>(): TrieNode<R> => ({ children: new Map(), exact: [], subtree: [] });

export class PathIndex<R extends { match_path: string }> {
  private readonly exact = new Map<string, R[]>();
  private readonly subtree = new Map<string, R[]>();
  private readonly wildcard: TrieNode<R> = node();
  private hasWildcards = false;

  constructor(rules: readonly R[]) {
    for (const rule of rules) this.add(rule);
  }

  private add(rule: R): void {
    const isSubtree = rule.match_path.endsWith('/');
    const pattern = normalizeToolPath(rule.match_path);
    const segments = pattern.split('/');
    if (segments.includes('*')) {
      this.hasWildcards = true;
      let at = this.wildcard;
      for (const segment of segments) {
        let next = at.children.get(segment);
        if (!next) at.children.set(segment, (next = node()));
        at = next;
      }
      (isSubtree ? at.subtree : at.exact).push(rule);
      return;
    }
    const map = isSubtree ? this.subtree : this.exact;
    const list = map.get(pattern);
    if (list) list.push(rule);
    else map.set(pattern, [rule]);
  }

  /** Rules whose pattern matches the path (already normalised), in no particular order. */
  lookup(path: string): R[] {
    const found: R[] = [...(this.exact.get(path) ?? [])];
    const parts = path === '/' ? [] : path.split('/').slice(1);
    // Subtree patterns cover strictly deeper paths: try the root and every proper ancestor.
    if (parts.length > 0) found.push(...(this.subtree.get('/') ?? []));
    let prefix = '';
    for (let i = 0; i < parts.length - 1; i++) {
      prefix += '/' + parts[i];
      const rules = this.subtree.get(prefix);
      if (rules) found.push(...rules);
    }
    if (this.hasWildcards) this.walk(this.wildcard, path.split('/'), 0, found);
    return found;
  }

  private walk(at: TrieNode<R>, segments: string[], depth: number, found: R[]): void {
    if (depth === segments.length) {
      found.push(...at.exact);
      return;
    }
    if (at.subtree.length && depth < segments.length) found.push(...at.subtree);
    const segment = segments[depth];
    const literal = at.children.get(segment);
    if (literal) this.walk(literal, segments, depth + 1, found);
    const star = at.children.get('*');
    if (star && segment !== '') this.walk(star, segments, depth + 1, found);
  }
}
