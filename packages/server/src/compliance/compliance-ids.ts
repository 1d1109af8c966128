// Ids of the evidence layer's objects, with their prefixes: `fw_` frameworks, `ctl_` controls,
// `cr_` control results, `pkg_` audit packages, `cert_` certificates, `anc_` anchors. Time first,
// then randomness, like the service's other ids (ids.ts), so they sort by creation.
import { randomBytes } from 'node:crypto';

export type ComplianceIdPrefix = 'fw' | 'ctl' | 'cr' | 'pkg' | 'cert' | 'anc' | 'ins';

export function complianceId(prefix: ComplianceIdPrefix, now: number): string {
  return `${prefix}_${now.toString(16).padStart(12, '0')}${randomBytes(10).toString('hex')}`;
}
