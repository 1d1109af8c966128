// The mixed request stream of the HTTP benchmark, the same for the ceiling and the real service:
// per 10 requests, 7 low-risk calls of `normal` agents (allowed), 2 calls of brand-new agents
// (held), 1 call to a path a deny rule covers (blocked); one block of 10 in 5 carries ~4 KB
// payloads, the others ~300 bytes. Every payload is distinct (its own request id).
import { payloadOfSize } from '../lib/payloads.ts';

export interface WorkloadKeys {
  /** Agent keys of seeded `normal` agents. */
  normal: Array<{ key: string; agentId: string }>;
  /** Customer key that sends the calls of new agents (held). */
  held: string;
  /** Customer key that sends the calls on a denied path (blocked). */
  blocked: string;
}

export type Kind = 'allowed' | 'held' | 'blocked';
const SLOTS: Kind[] = ['allowed', 'allowed', 'held', 'allowed', 'allowed', 'blocked', 'allowed', 'held', 'allowed', 'allowed'];
export const LOW_RISK_PATH = '/tools/search_documents';
export const DENIED_PATH = '/tools/internal/export_all';
/** The deny rule the blocked tenth hits. */
export const DENY_RULE = { name: 'no-internal-export', effect: 'deny', match_path: '/tools/internal/' } as const;

const RID = '__RID__';
// Payload sizes before the envelope (path, agent_id): ~300 B and ~4 KB bodies on the wire.
const SMALL = JSON.stringify(payloadOfSize(230)).replace('req-00000000', RID);
const LARGE = JSON.stringify(payloadOfSize(4000)).replace('req-00000000', RID);

export interface PlannedRequest {
  kind: Kind;
  apiKey: string;
  body: string;
}

/** The n-th request of the stream; `runTag` keeps agent ids of new agents unique across runs. */
export function nthRequest(n: number, keys: WorkloadKeys, runTag: string): PlannedRequest {
  const kind = SLOTS[n % SLOTS.length];
  const template = Math.floor(n / SLOTS.length) % 5 === 4 ? LARGE : SMALL;
  const payload = template.replace(RID, `${runTag}-${n}`);
  switch (kind) {
    case 'allowed': {
      const agent = keys.normal[n % keys.normal.length];
      return { kind, apiKey: agent.key, body: `{"path":"${LOW_RISK_PATH}","agent_id":"${agent.agentId}","payload":${payload}}` };
    }
    case 'held':
      return { kind, apiKey: keys.held, body: `{"path":"${LOW_RISK_PATH}","agent_id":"new-${runTag}-${n}","payload":${payload}}` };
    case 'blocked':
      return { kind, apiKey: keys.blocked, body: `{"path":"${DENIED_PATH}","agent_id":"batch-exporter-${n % 50}","payload":${payload}}` };
  }
}
