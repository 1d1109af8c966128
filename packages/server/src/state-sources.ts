// Several sources of decision state the store does not load (posture, the cluster view, governance
// and trajectory policies), offered to the decision service as one: each contributes its own fields.
import type { DecisionState } from '@actiongate/engine';
import type { DecisionStateSource } from './decision-service.ts';

export function combineStateSources(...sources: DecisionStateSource[]): DecisionStateSource {
  return {
    async prepare(tenantId, call) {
      return Object.assign({}, ...(await Promise.all(sources.map((source) => source.prepare(tenantId, call)))));
    },
    // Issue 15: `ready` and `current` run on every decision; each part is laid on one object in
    // turn (the same fields, later sources winning), without an array of parts and a spread call.
    ready(tenantId, call) {
      const merged: Partial<DecisionState> = {};
      for (const source of sources) {
        const part = source.ready?.(tenantId, call);
        if (part === undefined) return undefined;
        Object.assign(merged, part);
      }
      return merged;
    },
    current(tenantId) {
      // The decision service lays the current state over the prepared one: a source whose snapshot left
      // its cache (or that has per-call state only) leaves its prepared part in force.
      const merged: Partial<DecisionState> = {};
      for (const source of sources) {
        const part = source.current(tenantId);
        if (part) Object.assign(merged, part);
      }
      return merged;
    },
  };
}
