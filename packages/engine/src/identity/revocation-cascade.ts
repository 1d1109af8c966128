// What a revocation takes down with it: the revoked identity's descendants (by parent), every
// delegation given by or to any of them and every delegation derived from those, and every token
// held by any of them or carrying a revoked delegation in its chain. Pure: the store loads the
// tenant's graph, calls this, and marks the result revoked in the same transaction.

export interface CascadeGraph {
  identities: ReadonlyArray<{ id: string; parentId: string | null }>;
  delegations: ReadonlyArray<{ id: string; parentId: string | null; delegatorId: string | null; delegateId: string }>;
  tokens: ReadonlyArray<{ id: string; identityId: string; chain: readonly string[] }>;
}

export interface CascadeRoots {
  identityIds?: readonly string[];
  delegationIds?: readonly string[];
}

export interface Cascade {
  identityIds: string[];
  delegationIds: string[];
  tokenIds: string[];
}

/** Everything the revocation of `roots` reaches in `graph` (the roots included), each list sorted. */
export function revocationCascade(graph: CascadeGraph, roots: CascadeRoots): Cascade {
  const identities = new Set<string>();
  const childrenOf = new Map<string, string[]>();
  for (const identity of graph.identities) {
    if (identity.parentId === null) continue;
    const list = childrenOf.get(identity.parentId) ?? [];
    list.push(identity.id);
    childrenOf.set(identity.parentId, list);
  }
  const stack = [...(roots.identityIds ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (identities.has(id)) continue;
    identities.add(id);
    stack.push(...(childrenOf.get(id) ?? []));
  }

  const delegations = new Set<string>(roots.delegationIds ?? []);
  for (const delegation of graph.delegations) {
    if (identities.has(delegation.delegateId) || (delegation.delegatorId !== null && identities.has(delegation.delegatorId))) {
      delegations.add(delegation.id);
    }
  }
  // Derived delegations fall with their parent, however deep (a fixed point: chains are short).
  let grew = true;
  while (grew) {
    grew = false;
    for (const delegation of graph.delegations) {
      if (!delegations.has(delegation.id) && delegation.parentId !== null && delegations.has(delegation.parentId)) {
        delegations.add(delegation.id);
        grew = true;
      }
    }
  }

  const tokens = graph.tokens
    .filter((token) => identities.has(token.identityId) || token.chain.some((id) => delegations.has(id)))
    .map((token) => token.id);
  return { identityIds: [...identities].sort(), delegationIds: [...delegations].sort(), tokenIds: tokens.sort() };
}
