// Several sources of decision state the store does not load (posture, the cluster view, governance
// and trajectory policies), offered to the decision service as one: each contributes its own fields.
import type { DecisionState } from '@actiongate/engine';
import type { DecisionStateSource } from './decision-service.ts';

export function combineStateSources(...sources: DecisionStateSource[]): DecisionStateSource {
  return {
    async prepare(tenantId, call) {
      return Object.assign({}, ...(await Promise.all(sources.map((source) => source.prepare(tenantId, call)))));
    },
    ready(tenantId, call) {
      const parts: Array<Partial<DecisionState>> = [];
      for (const source of sources) {
        const part = source.ready?.(tenantId, call);
        if (part === undefined) return undefined;
        parts.push(part);
      }
      return Object.assign({}, ...parts) as Partial<DecisionState>;
    },
    current(tenantId) {
      // The decision service lays the current state over the prepared one: a source whose snapshot left
      // its cache (or that has per-call state only) leaves its prepared part in force.
      return Object.assign({}, ...sources.map((source) => source.current(tenantId) ?? {})) as Partial<DecisionState>;
    },
  };
}
