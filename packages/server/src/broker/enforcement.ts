// What the issue 18 routes share, built once in app.ts: the vault, the tenant enforcement state and
// the call broker.
import type { PostureCache } from '../posture/posture-cache.ts';
import type { Vault } from '../vault/vault.ts';
import type { CallBroker } from './call-broker.ts';

export interface Enforcement {
  vault: Vault;
  posture: PostureCache;
  broker: CallBroker;
}
