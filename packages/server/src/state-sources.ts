// Several sources of decision state the store does not load (posture, the cluster view), offered
// to the decision service as one: their parts are merged, later sources over earlier ones.
import type { DecisionState } from '@actiongate/engine';
import type { DecisionStateSource } from './decision-service.ts';

export function combineStateSources(...sources: DecisionStateSource[]): DecisionStateSource {
  return {
    async prepare(tenantId) {
      return Object.assign({}, ...(await Promise.all(sources.map((source) => source.prepare(tenantId)))));
    },
    current(tenantId) {
      const parts = sources.map((source) => source.current(tenantId));
      // The decision service falls back to the prepared state only as a whole: keep it when any part left its cache.
      if (parts.some((part) => part === null)) return null;
      return Object.assign({}, ...parts) as Partial<DecisionState>;
    },
  };
}
