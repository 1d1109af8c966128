// PowerShell cmdlets take their settings as parameters (`Set-AdminAuditLogConfig
// -UnifiedAuditLogIngestionEnabled $false`, `New-InboxRule -ForwardTo x@y.ru`, `Set-SPOTenant
// -SharingCapability …`). Each cmdlet's parameters are read as one settings object, so the rules that
// judge settings objects (a control switched off, mail forwarded out, sharing opened to anyone)
// judge them however the setting was written.

import type { Findings } from './findings.ts';
import { collectFields } from './payload-fields.ts';
import { assessControlSwitchFields } from './control-switch-fields.ts';
import { assessMailForwardingRules } from './mail-forwarding-rules.ts';
import { assessTenantSharingSettings } from './tenant-sharing-settings.ts';

/** A cmdlet that sets or creates something, at the start of a command. */
const CMDLET = /(?:^|[\s;|&({])((?:Set|New|Add|Enable|Disable|Update|Register)-[A-Za-z]\w{2,60})\b([^\n;|]*)/g;
const HINT = /\b(?:Set|New|Add|Enable|Disable|Update|Register)-[A-Za-z]\w+[^\n;|]*\s-[A-Za-z]/;
/** `-Name value`, `-Name:value`, `-Name 'a','b'`, or a bare switch `-Name`. */
const PARAMETER = /(?:^|\s)-([A-Za-z]\w{0,80})(?::|\s+)?((?:'[^']*'|"[^"]*"|[^\s'"-][^\s,]*)(?:\s*,\s*(?:'[^']*'|"[^"]*"|[^\s,'"]+))*)?/g;
const MAX_CMDLETS = 16;
const MAX_PARAMETERS = 32;

function plain(value: string): string {
  const text = value.trim();
  if (/^\$true$/i.test(text)) return 'true';
  if (/^\$false$/i.test(text)) return 'false';
  return text
    .split(/\s*,\s*/)
    .map((part) => part.replace(/^['"]|['"]$/g, ''))
    .join(',');
}

/** Each setting cmdlet of a command text with its parameters as an object (`{cmdlet, Name: value}`). */
export function cmdletSettings(text: string): Array<Record<string, string>> {
  if (text.length > 65536 || !HINT.test(text)) return [];
  const found: Array<Record<string, string>> = [];
  CMDLET.lastIndex = 0;
  for (const match of text.matchAll(CMDLET)) {
    if (found.length >= MAX_CMDLETS) break;
    const settings: Record<string, string> = { cmdlet: match[1] };
    let count = 0;
    for (const parameter of match[2].matchAll(PARAMETER)) {
      if (++count > MAX_PARAMETERS) break;
      settings[parameter[1]] = parameter[2] === undefined ? 'true' : plain(parameter[2]);
    }
    if (count > 0) found.push(settings);
  }
  return found;
}

/** Judges every setting cmdlet of a command as the settings object it writes. */
export function assessCmdletSettings(text: string, findings: Findings): void {
  for (const settings of cmdletSettings(text)) {
    const fields = collectFields(settings);
    assessControlSwitchFields(settings, fields, findings);
    assessMailForwardingRules(settings, fields.keys, findings);
    assessTenantSharingSettings(settings, fields, findings);
  }
}
