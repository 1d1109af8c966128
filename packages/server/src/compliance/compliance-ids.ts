// Ids of the evidence layer's objects, with their prefixes: `fw_` frameworks, `ctl_` controls,
// `cr_` control results, `pkg_` audit packages, `cert_` certificates, `anc_` anchors, `ins_`
// insurance records. Made by ids.ts, so they sort by creation.
import { newId } from '../ids.ts';

export type ComplianceIdPrefix = 'fw' | 'ctl' | 'cr' | 'pkg' | 'cert' | 'anc' | 'ins';

export function complianceId(prefix: ComplianceIdPrefix, now: number): string {
  return newId(prefix, now);
}
