// A security control switched off by an operation's name (a gRPC method, an MCP tool): the closing
// verb stops or removes (`UninstallSensor`, `disable_waf`, `guardduty.detector.delete`) and the object is a
// control, or the agent of a security product named in the path (`falcon…SensorService/UninstallSensor`).
// Controls may be named by two words (`delete_branch_protection`, `disable_audit_log`). Reading a
// control's state (`GetSensorStatus`) or removing one rule of it matches nothing.

import type { Findings } from './findings.ts';
import { pathSegmentWords } from './tool-name.ts';

const OFF_VERBS = new Set([
  'uninstall',
  'disable',
  'stop',
  'unload',
  'remove',
  'delete',
  'deactivate',
  'suspend',
  'kill',
  'unenroll',
  'decommission',
]);
const CONTROLS = new Set([
  'edr',
  'antivirus',
  'antimalware',
  'waf',
  'dlp',
  'firewall',
  'cloudtrail',
  'guardduty',
  'mfa',
  '2fa',
  'siem',
  'auditing',
]);
/** Security products whose agent or sensor is the control. */
const SECURITY_PRODUCTS = new Set([
  'falcon',
  'crowdstrike',
  'sentinelone',
  'carbonblack',
  'cylance',
  'sophos',
  'defender',
  'wazuh',
  'osquery',
  'tanium',
  'cortex',
  'edr',
]);
const AGENTS = new Set(['sensor', 'sensors', 'agent', 'agents']);
/** Controls named by two words (`delete_branch_protection`, `disable_audit_log`, `DisableSecurityDefaults`). */
const CONTROL_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['branch', 'protection'],
  ['tamper', 'protection'],
  ['push', 'protection'],
  ['secret', 'scanning'],
  ['audit', 'log'],
  ['audit', 'logging'],
  ['audit', 'trail'],
  ['security', 'defaults'],
];

/** The two-word control the words name, adjacent and in order, or undefined. */
function controlPair(words: readonly string[]): string | undefined {
  for (let i = 0; i + 1 < words.length; i++)
    for (const [first, second] of CONTROL_PAIRS) if (words[i] === first && words[i + 1] === second) return `${first} ${second}`;
  return undefined;
}

export function assessControlOperationNames(path: string, findings: Findings): void {
  const segments = pathSegmentWords(path);
  if (segments.length < 1) return;
  const last = segments[segments.length - 1];
  if (!last.some((word) => OFF_VERBS.has(word))) return;
  const tail = segments.slice(-2).flat();
  const control = tail.find((word) => CONTROLS.has(word)) ?? controlPair(tail);
  const agent = tail.find((word) => AGENTS.has(word)) !== undefined && segments.flat().find((word) => SECURITY_PRODUCTS.has(word));
  if (control !== undefined) findings.add('critical', `security control: \`${path}\` switches the ${control} off`);
  else if (agent) findings.add('critical', `security control: \`${path}\` removes the ${agent} security agent`);
}
