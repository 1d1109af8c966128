// Security controls switched off, whichever tool carries the call: the cloud's audit trail stopped
// (CloudTrail, AWS Config, Azure activity-log settings), threat detection deleted (GuardDuty,
// Security Hub, Defender for Cloud), the endpoint's antivirus or EDR disabled (Defender by cmdlet,
// registry or service, a security agent unloaded, Gatekeeper and SIP off), Windows audit policy or
// the Security log cleared, database auditing off, a firewall switched off by netsh or PowerShell,
// sign-in protection removed (an MFA or two-step requirement set false, an identity policy
// deactivated), repository secret scanning or a WAF switched off. Each blinds the organisation to
// what follows, so a human decides. Turning a control on, reading its state or listing it matches nothing.

import type { Findings } from './findings.ts';
import { normalizeKey, type PayloadFields } from './payload-fields.ts';
import { runsText } from './run-keys.ts';

/** Literal hints (case as written in the wild) that gate the patterns, grouped by first letter so one scan tests them all. */
const HINT =
  /c(?:loudtrail|onfigservice|onfiguration_recorder|srutil)|C(?:loudTrail|onfigurationRecorder|lear-EventLog)|guardduty|GuardDuty|s(?:ecurityhub|top_logging|ecurity pricing|pctl|ecret_scanning|ysdig|inks)|S(?:ecurityHub|ense\b|entinel|ecurityDefaults)|d(?:elete_trail|elete_detector|isable_security_hub|iagnostic-settings)|a(?:uditpol|dvfirewall|udit|qua)|w(?:evtutil|azuh)|M(?:pPreference|FA)|W(?:indows Defender|inDefend)|l(?:aunchctl|ifecycle\/deactivate)|_protection|protected_branch|unprotect_branch|f(?:alconctl|alco)|NetFirewallProfile|opmode|AUDIT|\/(?:waf|protection)|2(?:sv|fa)|mfa|webhookconfiguration|pod-security|gatekeeper|kyverno|t(?:wo_factor|wistlock|etragon)|neuvector|Dlp|Retention\w*Policy|CaseHold|waf-(?:config|policy)/;

const CONTROL_OFF: ReadonlyArray<[RegExp, string]> = [
  [
    /\bcloudtrail\s+(?:stop-logging|delete-trail)\b|\b(?:stop_logging|delete_trail)\s*\(|\b(?:StopLogging|DeleteTrail)Command\b/,
    'stops or deletes the CloudTrail audit trail',
  ],
  [
    /\bguardduty\s+(?:delete-detector|disassociate-from-(?:master|administrator)-account|update-detector\b[^\n;|&]*--no-enable)\b|\bdelete_detector\s*\(|\bDeleteDetectorCommand\b/,
    'deletes or disables the GuardDuty threat detector',
  ],
  [/\bsecurityhub\s+disable-security-hub\b|\bdisable_security_hub\s*\(|\bDisableSecurityHubCommand\b/, 'switches Security Hub off'],
  [
    /\bconfigservice\s+(?:stop|delete)-configuration-recorder\b|\b(?:stop|delete)_configuration_recorder\s*\(|\b(?:Stop|Delete)ConfigurationRecorderCommand\b/,
    'stops the AWS Config recorder',
  ],
  [/\bmonitor\s+diagnostic-settings\s+(?:subscription\s+)?delete\b/, 'deletes an Azure activity-log export'],
  [
    /\bsecurity\s+pricing\s+create\b[^\n;|&]*--tier\s+['"]?free\b/i,
    'downgrades Defender for Cloud to the free tier (threat protection off)',
  ],
  [
    /\bauditpol(?:\.exe)?\s+\/(?:clear|remove)\b|\bauditpol(?:\.exe)?\s+\/set\b[^\n;|&]*\/success:disable[^\n;|&]*\/failure:disable/i,
    'clears the Windows audit policy',
  ],
  [
    /\bwevtutil(?:\.exe)?\s+(?:cl|clear-log)\s+['"]?(?:Security|System)\b|\bClear-EventLog\b[^\n;|]*\bSecurity\b/i,
    'clears the Windows Security or System event log',
  ],
  [/\bSet-MpPreference\b[^\n;|]*-Disable\w+\s+(?:\$true|1)\b/i, 'switches Microsoft Defender protection off'],
  [
    /\bAdd-MpPreference\b[^\n;|]*-Exclusion(?:Path|Process)\s+['"]?(?:[A-Za-z]:\\?|\\|\*)['"]?(?:\s|$|;)/i,
    'excludes a whole drive from Microsoft Defender',
  ],
  [
    /Windows Defender[^\n]*\/v\s+["']?Disable\w+["']?[^\n]*\/d\s+1\b|\bDisableAntiSpyware\b[^\n]*\/d\s+1\b/i,
    'disables Microsoft Defender by policy',
  ],
  [
    /\b(?:sc(?:\.exe)?\s+(?:stop|delete|config)|Stop-Service|Set-Service)\s+(?:-Name\s+)?['"]?(?:WinDefend|Sense|WdNisSvc|wscsvc|MpsSvc)\b/i,
    'stops a Windows security service',
  ],
  [
    /\blaunchctl\s+(?:unload|bootout|remove|disable)\b[^\n;|&]*(?:crowdstrike|falcon|sentinel|defender|jamf\.protect|santa|carbonblack|cbdefense|cylance|sophos|xprotect|wdav)/i,
    'unloads the endpoint security agent',
  ],
  [/\bfalconctl\s+(?:-d|uninstall|unload)\b|\bsentinelctl\s+(?:unload|unprotect)\b/i, 'unloads the endpoint security agent'],
  [
    /\bspctl\s+(?:--master-disable|--global-disable|--disable)\b|\bcsrutil\s+disable\b/,
    'switches Gatekeeper or System Integrity Protection off',
  ],
  [
    /\bnetsh\s+(?:advfirewall\s+set\s+\w+\s+state\s+off|firewall\s+set\s+opmode\s+(?:mode=)?disable)\b/i,
    'switches the Windows firewall off',
  ],
  [/\bSet-NetFirewallProfile\b[^\n;|]*-Enabled\s+(?:False|\$false|0)\b/i, 'switches the Windows firewall off'],
  [
    /\bALTER\s+(?:SERVER|DATABASE)\s+AUDIT(?:\s+SPECIFICATION)?\s+\[?[\w-]+\]?\s+WITH\s*\(\s*STATE\s*=\s*OFF\b|\bDROP\s+(?:SERVER|DATABASE)\s+AUDIT\b|\bNOAUDIT\s+ALL\b/i,
    'switches database auditing off',
  ],
  [
    /\bpgaudit\.log\s*(?:=|TO)\s*'?none\b|\baudit_trail\s*=\s*'?none\b|\bSET\s+GLOBAL\s+audit_log\w*\s*=\s*'?(?:OFF|0)\b|\bSET\s+GLOBAL\s+audit_log_policy\s*=\s*'?NONE\b|\bSET\s+GLOBAL\s+server_audit_logging\s*=\s*'?(?:OFF|0)\b|\bUNINSTALL\s+(?:PLUGIN\s+(?:audit_log|server_audit)|SONAME\s+'(?:audit_log|server_audit)[\w.]*')/i,
    'switches database auditing off',
  ],
  [/\b2sv\s+enforce\s+off\b/i, 'switches two-step verification enforcement off'],
  [
    // The admission controller that enforces cluster policy (Gatekeeper, Kyverno, OPA, Pod Security) removed.
    /\bdelete\s+(?:-\S+\s+)*(?:validating|mutating)webhookconfigurations?(?:\.admissionregistration\.k8s\.io)?\s+(?:-\S+\s+)*\S*(?:gatekeeper|kyverno|opa|policy|policies|psa|pod-security|admission)|\b(?:kubectl|oc)\s+(?:\S+\s+)*?delete\s+(?:ns|namespaces?)\s+(?:gatekeeper-system|kyverno|opa|falco)\b|\bhelm\s+(?:uninstall|delete)\s+(?:-\S+\s+)*(?:gatekeeper|kyverno|falco)\b/i,
    'removes the admission controller that enforces cluster policy',
  ],
  [
    // Pod Security admission set to `privileged` (or its enforce label removed): the namespace admits any pod, host mounts and root included.
    /\blabel\b[^\n;|&]*\bpod-security\.kubernetes\.io\/enforce(?:=["']?privileged\b|-(?=\s|$))|\bpod-security\.kubernetes\.io\/enforce["']?\s*:\s*["']?privileged\b/i,
    'switches Pod Security enforcement off for a namespace (privileged)',
  ],
  [/\blogging\s+sinks\s+delete\b[^\n;|&]*(?:--organization|audit)/i, 'deletes an organisation audit-log export (Cloud Logging sink)'],
  [
    /identitySecurityDefaultsEnforcementPolicy[\s\S]{0,200}["']?isEnabled["']?\s*:\s*false\b/,
    'switches the Entra security defaults (MFA for everyone) off',
  ],
  [
    /(?:-X\s*DELETE|--method[=\s]+DELETE)\b[^\n;|&]*\/branches\/[^\s/]+\/protection\b|\/branches\/[^\s/]+\/protection\b[^\n;|&]*(?:-X\s*DELETE|--method[=\s]+DELETE)\b/i,
    'removes a branch protection',
  ],
  [
    /\bdelete\s+(?:daemonsets?|ds|deployments?|deploy|namespace|ns|helmrelease)\b[^\n;|&]*\b(?:falco|sysdig|aqua|twistlock|neuvector|tetragon|crowdstrike|falcon-sensor|wazuh)\b|\b(?:falco|sysdig|aqua|neuvector|tetragon|wazuh)\b[^\n;|&]*\bdelete\s+(?:daemonsets?|ds|deployments?|namespace|ns)\b/i,
    "deletes the cluster's runtime security agent",
  ],
  [/\/api\/v1\/policies\/[\w-]+\/lifecycle\/deactivate\b/, 'deactivates an identity provider policy (sign-in or MFA)'],
  // Microsoft Purview by cmdlet: a data-loss-prevention, retention or eDiscovery hold policy removed or switched off.
  [
    /\b(?:Remove|Disable)-(?:Dlp\w*(?:Policy|Rule)|Retention\w*(?:Policy|Rule)|CaseHold(?:Policy|Rule))\b|\bSet-(?:Dlp\w*Policy|Retention\w*Policy|CaseHoldPolicy)\b[^\n;|]*-(?:Enabled\s*:?\s*\$false|Mode\s+Disable)/i,
    'removes or switches off a data-loss-prevention, retention or legal hold policy',
  ],
  // Azure's application gateway WAF by CLI: `waf-config set --enabled false`, a WAF policy's state set Disabled.
  [
    /\bwaf-config\s+set\b[^\n;|&]*--enabled\s+false\b|\bwaf-policy\b[^\n;|&]*--state\s+Disabled\b/i,
    'switches the web application firewall off',
  ],
  // An SDK or generic tool's operation (`delete_branch_protection(`, GitLab's `unprotect_branch(`, `remove_protected_branch(`).
  [
    /\b(?:delete|remove|disable)_(?:branch_protection|protected_branch|branch_protection_rule)\s*\(|\bunprotect_branch\s*\(/,
    'removes a branch protection',
  ],
];

/** SQL turns off only audits, a URL only a policy, a WAF or a protection: two `includes` spare the full hint scan there. */
const SQL_FIELD = new Set(['sql', 'query', 'statement', 'statements', 'stmt', 'sql_query', 'raw_sql']);
const URL_FIELD = new Set(['url', 'uri', 'endpoint', 'href']);

function worthScanning(key: string, text: string): boolean {
  if (SQL_FIELD.has(key)) return (text.includes('udit') || text.includes('UDIT')) && HINT.test(text);
  if (URL_FIELD.has(key)) return (text.includes('/lifecycle/') || text.includes('/waf') || text.includes('/protection')) && HINT.test(text);
  return HINT.test(text);
}

/** A key that says MFA or two-step verification is required or enforced. */
const MFA_KEY =
  /^(?:mfa|two_?factor|2fa|2sv|multi_factor)(?:_\w+)?_(?:required|enforced|enforcement|requirement(?:_enabled)?|enabled)$|^(?:require|enforce)_(?:mfa|2fa|2sv|two_factor|multi_factor)\w*$/;
/** Repository security features (`security_and_analysis`) and web application firewalls. */
const SCANNING_KEY = /^(?:secret_scanning\w*|dependabot_security_updates|code_scanning\w*|advanced_security)$/;

/** Adds critical findings for calls that switch a security control off. */
export function assessSecurityControls(fields: PayloadFields, payload: unknown, findings: Findings): void {
  let hinted = false;
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length < 8 || text.length > 65536 || !runsText(field.key) || !worthScanning(field.key, text)) continue;
    hinted = true;
    for (const [pattern, why] of CONTROL_OFF) if (pattern.test(text)) findings.add('critical', `security control: ${why}`);
  }
  for (const array of fields.arrays) {
    if (array.items.length < 2 || array.items.length > 64) continue;
    const line = array.items.join(' ');
    if (!HINT.test(line)) continue;
    hinted = true;
    for (const [pattern, why] of CONTROL_OFF) if (pattern.test(line)) findings.add('critical', `security control: ${why}`);
  }
  // Settings given as keys: `{mfa_required: false}`, `{security_and_analysis: {secret_scanning: {status: "disabled"}}}`, a WAF `{value: "off"}`.
  for (const key of fields.keys) {
    // Most keys name no second factor: two `includes` spare the pattern.
    if (!key.includes('f') && !key.includes('2')) continue;
    if (MFA_KEY.test(key) && offValue(fields, payload, key))
      findings.add('critical', `security control: sets \`${key}\` off (sign-in without a second factor)`);
  }
  if (fields.keys.has('status'))
    for (const field of fields.strings) {
      if (field.key !== 'status' || !SCANNING_KEY.test(field.parentKey) || field.text.trim().toLowerCase() !== 'disabled') continue;
      findings.add('critical', `security control: switches repository ${field.parentKey.replace(/_/g, ' ')} off`);
    }
  // An HTTP tool's DELETE of a branch protection (`{method: "DELETE", url: ".../branches/main/protection"}`).
  if (
    hinted &&
    fields.strings.some((field) => field.key === 'method' && /^delete$/i.test(field.text.trim())) &&
    fields.strings.some((field) => /\/branches\/[^\s/]+\/protection\b/.test(field.text))
  )
    findings.add('critical', 'security control: removes a branch protection');
  if (
    hinted &&
    fields.strings.some((field) => /\/settings\/waf\b/.test(field.text)) &&
    fields.strings.some((f) => f.key === 'value' && /^off$/i.test(f.text))
  )
    findings.add('critical', 'security control: switches the web application firewall off');
}

/** Adds a finding for each control a text of code switches off. */
export function assessSecurityControlText(text: string, findings: Findings): void {
  if (text.length > 65536 || !HINT.test(text)) return;
  for (const [pattern, why] of CONTROL_OFF) if (pattern.test(text)) findings.add('critical', `security control: ${why}`);
}

/** Whether the key holds false, 0 or an off word somewhere in the payload (booleans are read from the payload itself). */
function offValue(fields: PayloadFields, payload: unknown, key: string): boolean {
  for (const field of fields.strings) if (field.key === key && /^(?:false|off|disabled?|no|none|0)$/i.test(field.text.trim())) return true;
  for (const scalar of fields.scalars) if (scalar.key === key && scalar.value === 0) return true;
  return holdsFalse(payload, key, 0);
}

function holdsFalse(value: unknown, key: string, depth: number): boolean {
  if (depth > 6 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.slice(0, 64).some((item) => holdsFalse(item, key, depth + 1));
  for (const [name, inner] of Object.entries(value as Record<string, unknown>).slice(0, 128)) {
    if (inner === false && normalizeKey(name) === key) return true;
    if (holdsFalse(inner, key, depth + 1)) return true;
  }
  return false;
}
