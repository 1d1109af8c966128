// A security control switched off by a setting of a generic tool, however the setting is shaped: a
// key that says "disable" the control set true (`DisableRealtimeMonitoring: true`,
// `disable_audit_logging: "yes"`), a key naming the control set off (`audit_logging: "disabled"`,
// `realtime_protection_enabled: false`), or a name/value pair (`{setting: "realtime_protection",
// enabled: false}`). The controls are the ones whose loss blinds the organisation: antivirus and
// its real-time scanning, tamper protection, firewalls, audit logs and trails, threat detection,
// second factors, secret scanning; also a control's own object (`mfa: {enforcement: "off"}`).
// Turning one on, or any other setting off, matches nothing.

import type { Findings } from './findings.ts';
import { normalizeKey, type PayloadFields } from './payload-fields.ts';
import { payloadObjects } from './payload-objects.ts';
import { memoizeKeys } from './memo.ts';

/** Words (in a normalised key or setting name) of a security control. */
const CONTROL =
  /^(?:(?:real_?time|on_access|behavior|behaviour|ioav|script|archive|email|intrusion_prevention|network)_(?:monitoring|protection|scanning|inspection)(?:_\w+)?|tamper_protection|anti_?virus|anti_?spyware|anti_?malware|defender|edr|firewall|(?:unified_|mailbox_)?audit_(?:log|logs|logging|trail)(?:_ingestion)?|auditing|cloudtrail|guardduty|threat_detection|security_hub|secret_scanning|push_protection|two_factor(?:_auth\w*|_authentication)?|two_step(?:_verification|_auth\w*)?|mfa(?:_enroll(?:ment)?|_policy)?|multi_factor(?:_auth\w*)?|2fa|(?:enforced_in_?)?2_?sv|sso_enforcement|branch_protection)$/;
/** Words of a control, as a cheap first test. */
const CONTROL_WORD =
  /protection|monitoring|scanning|virus|spyware|malware|defender|firewall|audit|trail|guardduty|threat|security_hub|factor|mfa|2fa|2_?sv|two_step|edr|sso/i;
const controlWordKey = memoizeKeys((key: string) => CONTROL_WORD.test(key));
/** Values that switch a setting on, and off. */
const ON = /^(?:true|on|yes|1|enabled?|enforced?|required)$/i;
const OFF = /^(?:false|off|no|0|disabled?|none|not_?enforced|optional|inactive|deactivated)$/i;
/** Keys that hold a setting's name, and its state. */
const NAME_KEY = new Set([
  'setting',
  'name',
  'key',
  'control',
  'feature',
  'policy',
  'option',
  'parameter',
  'preference',
  'type',
  'policy_type',
]);
const STATE_KEY = new Set([
  'enabled',
  'enable',
  'state',
  'status',
  'value',
  'on',
  'active',
  'mode',
  'enforcement',
  'enforced',
  'required',
  'requirement',
]);

function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : undefined;
}

/** The control a key and value switch off, or undefined. */
function switchedOff(key: string, value: string): string | undefined {
  const disable = /^(?:disable|disabled|turn_off|stop|suspend|bypass|skip)_(\w+)$/.exec(key);
  if (disable !== null && CONTROL.test(disable[1]) && ON.test(value)) return disable[1];
  // Exchange's `AuditDisabled: $true`: the control, then the word that turns it off (a bare `audit` only in this form).
  const disabled = /^(\w+?)_(?:disabled|bypassed|turned_off)$/.exec(key);
  if (disabled !== null && (CONTROL.test(disabled[1]) || disabled[1] === 'audit') && ON.test(value)) return disabled[1];
  const named = controlOf(key);
  return named !== undefined && OFF.test(value) ? named : undefined;
}

/** The control a key or setting name is about (`require_mfa`, `realtime_protection_enabled`), or undefined. */
function controlOf(name: string): string | undefined {
  // Okta's `requireFactor`: a factor only means a second factor where the key requires one.
  if (/^(?:require|enforce)_(?:factor|second_factor|step_up)$/.test(name)) return name;
  const bare = name
    .replace(/^(?:require|enforce|enable|is)_/, '')
    .replace(/_(?:enabled|enforced|enforcement|required|requirement|state|status|on|active)$/, '');
  return CONTROL.test(bare) ? bare : undefined;
}

/** Adds a critical finding when a settings object switches a security control off. */
export function assessControlSwitchFields(payload: unknown, fields: PayloadFields, findings: Findings): void {
  // Cheap gate: some key or setting name says one of the control words (keys repeat across calls, so the answer is kept).
  let hinted = false;
  for (const key of fields.keys) if ((hinted = controlWordKey(key))) break;
  if (!hinted)
    hinted = fields.strings.some(
      (field) =>
        field.text.length <= 64 &&
        NAME_KEY.has(field.key) &&
        CONTROL_WORD.test(field.text) &&
        controlOf(normalizeKey(field.text)) !== undefined,
    );
  if (!hinted) return;
  for (const record of payloadObjects(payload)) {
    let setting: string | undefined;
    let state: string | undefined;
    for (const [rawKey, value] of Object.entries(record).slice(0, 128)) {
      const key = normalizeKey(rawKey);
      const scalar = text(value);
      // `mfa: {enforcement: "off"}`: the control named by the key, its state inside.
      if (scalar === undefined && value !== null && typeof value === 'object' && !Array.isArray(value) && controlOf(key) !== undefined) {
        const inner = Object.entries(value as Record<string, unknown>).find(
          ([name, state]) => STATE_KEY.has(normalizeKey(name)) && text(state) !== undefined && OFF.test(text(state) as string),
        );
        if (inner !== undefined) {
          findings.add(
            'critical',
            `security control: sets \`${rawKey}.${inner[0]}\` to ${String(inner[1])} (${key.replace(/_/g, ' ')} off)`,
          );
          return;
        }
      }
      if (scalar === undefined) continue;
      const control = switchedOff(key, scalar);
      if (control !== undefined) {
        findings.add('critical', `security control: sets \`${rawKey}\` to ${scalar} (${control.replace(/_/g, ' ')} off)`);
        return;
      }
      if (NAME_KEY.has(key) && scalar.length <= 64 && controlOf(normalizeKey(scalar)) !== undefined) setting = scalar;
      else if (STATE_KEY.has(key)) state = scalar;
    }
    if (setting !== undefined && state !== undefined && OFF.test(state)) {
      findings.add('critical', `security control: switches \`${setting}\` off`);
      return;
    }
  }
}
