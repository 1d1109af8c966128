// Ids of identity records: `idn_` identities, `atk_` agent tokens, `dlg_` delegations, `chl_`
// challenge nonces, `fpg_` fast-path grants, `edg_` acting edges. Made by ids.ts, so they sort by creation.
import { newId } from '../ids.ts';

export type IdentityIdPrefix = 'idn' | 'atk' | 'dlg' | 'chl' | 'fpg' | 'edg';

export function newIdentityId(prefix: IdentityIdPrefix, now = Date.now()): string {
  return newId(prefix, now);
}
