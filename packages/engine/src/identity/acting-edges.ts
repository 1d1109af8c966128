// Acting edges: `source` may act for `target` (a relation such as `acts_for`, with evidence and the
// actions it allows). Whether one identity may act as another is a path of live edges from the
// actual identity to the claimed one; what it may do along that path is the intersection of the
// edges' actions. Pure: the server loads the live edges and asks.

export interface ActingEdge {
  id: string;
  source: string;
  target: string;
  relation: string;
  allowedActions: readonly string[];
}

/** Longest chain of edges followed (the same bound as a delegation chain). */
export const MAX_ACTING_HOPS = 8;

export type ActingPath =
  { ok: true; edges: ActingEdge[]; allowedActions: string[] } | { ok: false; reason: 'no_path' | 'no_common_action'; detail: string };

/**
 * The shortest chain of `edges` by which `actual` may act as `claimed` (breadth first, at most
 * `MAX_ACTING_HOPS` edges), with the actions every edge of it allows. The same identity needs no
 * edge. A chain whose edges share no action allows nothing and is refused.
 */
export function actingPath(edges: readonly ActingEdge[], actual: string, claimed: string): ActingPath {
  if (actual === claimed) return { ok: true, edges: [], allowedActions: [] };
  const bySource = new Map<string, ActingEdge[]>();
  for (const edge of edges) {
    const list = bySource.get(edge.source) ?? [];
    list.push(edge);
    bySource.set(edge.source, list);
  }
  const cameBy = new Map<string, ActingEdge | null>([[actual, null]]);
  let frontier = [actual];
  for (let hop = 0; hop < MAX_ACTING_HOPS && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const edge of bySource.get(node) ?? []) {
        if (cameBy.has(edge.target)) continue;
        cameBy.set(edge.target, edge);
        if (edge.target === claimed) return finish(cameBy, claimed);
        next.push(edge.target);
      }
    }
    frontier = next;
  }
  return {
    ok: false,
    reason: 'no_path',
    detail: `no live edge chain (at most ${MAX_ACTING_HOPS} hops) lets \`${actual}\` act for \`${claimed}\``,
  };
}

function finish(cameBy: Map<string, ActingEdge | null>, claimed: string): ActingPath {
  const path: ActingEdge[] = [];
  for (let edge = cameBy.get(claimed); edge; edge = cameBy.get(edge.source)) path.unshift(edge);
  let actions = [...new Set(path[0]!.allowedActions)];
  for (const edge of path.slice(1)) actions = actions.filter((action) => edge.allowedActions.includes(action));
  if (actions.length === 0) {
    return {
      ok: false,
      reason: 'no_common_action',
      detail: `the edges ${path.map((e) => e.id).join(' → ')} share no allowed action`,
    };
  }
  return { ok: true, edges: path, allowedActions: actions.sort() };
}
