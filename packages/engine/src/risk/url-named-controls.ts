// A security control named by the resource a request writes, switched off by a state field of the
// body: `PATCH …/policies/identitySecurityDefaultsEnforcementPolicy {isEnabled: false}`, `PUT
// …/mfa/settings {enabled: false}`, `PATCH …/auditLogSettings {state: "disabled"}`. The body alone says
// only "off"; the URL says what is off. Reads, and the same resources switched on, match nothing.

import type { Findings } from './findings.ts';
import { callMethod, callUrl } from './http-call-shape.ts';
import { normalizeKey, type PayloadFields } from './payload-fields.ts';
import { payloadObjects } from './payload-objects.ts';

/** Controls named in the last three segments of a URL's path (after camelCase is split); a ruleset protects branches. */
const CONTROL_IN_URL =
  /(?:^|_)(?:security_defaults|mfa|2fa|2sv|two_factor|two_step|multi_factor|audit_log\w*|auditing|waf|firewall|secret_scanning|push_protection|branch_protection|defender|antivirus|real_time_protection|tamper_protection|threat_detection|conditional_access|rulesets?)(?:_|$)/;
const STATE_KEYS = new Set([
  'enabled',
  'is_enabled',
  'enable',
  'state',
  'status',
  'value',
  'enforcement',
  'enforced',
  'required',
  'active',
  'mode',
]);
const OFF = /^(?:false|off|no|0|disabled?|none|not_?enforced|inactive|evaluate)$/i;

/** The words of the last three segments of a URL's path (`conditionalAccess/policies/{id}`), joined by `_`. */
function pathTail(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  return path
    .split('/')
    .filter((part) => part !== '')
    .slice(-3)
    .map(normalizeKey)
    .join('_');
}

export function assessUrlNamedControls(payload: unknown, fields: PayloadFields, findings: Findings): void {
  const url = callUrl(fields);
  if (url === undefined) return;
  const method = callMethod(fields);
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  const tail = pathTail(url.text.trim());
  const control = CONTROL_IN_URL.exec(tail)?.[0].replace(/^_|_$/g, '');
  if (control === undefined) return;
  for (const record of payloadObjects(payload)) {
    for (const [key, value] of Object.entries(record).slice(0, 64)) {
      if (!STATE_KEYS.has(normalizeKey(key))) continue;
      if ((typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') && OFF.test(String(value).trim())) {
        findings.add(
          'critical',
          `security control: the request sets \`${key}\` to ${String(value)} on \`${url.text.slice(0, 100)}\` (${control.replace(/_/g, ' ')} off)`,
        );
        return;
      }
    }
  }
}
