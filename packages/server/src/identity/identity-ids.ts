// Ids of identity records: `idn_` identities, `atk_` agent tokens, `dlg_` delegations, `chl_`
// challenge nonces, `fpg_` fast-path grants. Time-ordered like ids.ts, so they sort by creation.
import { randomBytes } from 'node:crypto';

export type IdentityIdPrefix = 'idn' | 'atk' | 'dlg' | 'chl' | 'fpg';

export function newIdentityId(prefix: IdentityIdPrefix, now = Date.now()): string {
  return `${prefix}_${now.toString(16).padStart(12, '0')}${randomBytes(10).toString('hex')}`;
}
