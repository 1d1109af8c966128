// Records in bulk handed to a tool that sends them (a mail, an HTTP upload, a webhook): a database
// dump given to an HTTP or upload tool leaves whatever the host (as `curl -T db.dump` does), and
// any bulk export of records (`customers_full.csv`, a folder of uploads) sent to a place nobody in
// the organisation owns — a personal mailbox, a request catcher, an anonymous drop, a bare public
// IP — is a data leak. Mail to a colleague and uploads to the organisation's own hosts are not.
// Nor are records sent to any other host or mailbox not shown to be the organisation's own (a
// partner's API, a competitor's address, a shared channel: `outside-destinations.ts`), and records
// described rather than named (`120k rows`, `SELECT * FROM patients`: `bulk-record-sets.ts`).

import { bulkDataFile } from './bulk-data-files.ts';
import { confidentialDocument } from './confidential-documents.ts';
import { bulkRecordSet } from './bulk-record-sets.ts';
import type { Findings } from './findings.ts';
import { bucketOf, foreignDestination, sharingBucket } from './foreign-destinations.ts';
import { callUrl } from './http-call-shape.ts';
import { outsideTargetOf } from './outside-destinations.ts';
import type { PayloadFields } from './payload-fields.ts';

/** Keys naming who receives a message. */
const RECIPIENT_KEY =
  /^(?:to|cc|bcc|rcpt|rcpt_to|recipients?|recipient_emails?|mail_to|send_to|to_address(?:es)?|email_to|emails?|address(?:es)?)$/;
/** Keys naming where a request goes. */
const TARGET_KEY = /^(?:url|uri|endpoint|href|webhook|webhook_url|target_url|api_url|upload_url|destination_url|host|server)$/;
/** Tool words of mail: a dump mailed to a colleague stays inside. */
const MAIL_WORDS = new Set(['mail', 'email', 'smtp', 'gmail', 'outlook', 'sendmail', 'mailer', 'mailgun', 'sendgrid', 'ses']);

/** Why a storage URL's bucket is named for sharing out or as someone's own (`https://my-stash.s3.amazonaws.com/…`), or undefined. */
function sharingStorage(url: string): string | undefined {
  const bucket = url.includes('://') ? bucketOf(url) : undefined;
  return bucket === undefined ? undefined : sharingBucket(bucket);
}

/** Why the call's target (recipient or URL) is foreign, or undefined. */
export function foreignTargetOf(fields: PayloadFields): string | undefined {
  for (const field of fields.strings) {
    if (field.text.length > 2048 || !(RECIPIENT_KEY.test(field.key) || TARGET_KEY.test(field.key))) continue;
    // A list of addresses in one string (`a@x.com, b@gmail.com`).
    for (const part of field.text.split(/[,;\s]+/).slice(0, 16)) {
      const why = part === '' ? undefined : (foreignDestination(part) ?? sharingStorage(part));
      if (why !== undefined) return `${why} \`${part.slice(0, 80)}\``;
    }
  }
  const url = callUrl(fields);
  const why = url === undefined ? undefined : (foreignDestination(url.text) ?? sharingStorage(url.text));
  return why === undefined || url === undefined ? undefined : `${why} \`${url.text.slice(0, 80)}\``;
}

/** On a tool that sends: the first bulk-data file among the candidate paths, judged by where it goes. */
export function assessBulkDataSent(
  toolName: string,
  toolWords: readonly string[],
  candidates: ReadonlyArray<{ text: string; key: string }>,
  fields: PayloadFields,
  findings: Findings,
): void {
  let foreign: string | null | undefined = null;
  for (const { text, key } of candidates) {
    const bulk = bulkDataFile(text);
    // A confidential document counts only where nobody in the organisation is (a partner may get a contract).
    const why = bulk ?? (foreign === undefined ? undefined : confidentialDocument(text));
    if (why === undefined) continue;
    if (foreign === null) foreign = foreignTargetOf(fields);
    if (bulk === undefined && foreign === undefined) continue;
    const shown = text.length > 80 ? `${text.slice(0, 79)}…` : text;
    if (foreign !== undefined) {
      findings.add('critical', `exfiltration: \`${toolName}\` sends a ${why} (\`${shown}\` in \`${key}\`) to a ${foreign}`);
      return;
    }
    if (why === 'database dump' && !toolWords.some((word) => MAIL_WORDS.has(word))) {
      findings.add('critical', `exfiltration: \`${toolName}\` sends a ${why} (\`${shown}\` in \`${key}\`) out of the machine`);
      return;
    }
    const outside = outsideTargetOf(fields);
    if (outside !== undefined) {
      findings.add('critical', `exfiltration: \`${toolName}\` sends a ${why} (\`${shown}\` in \`${key}\`) to a ${outside}`);
      return;
    }
  }
  // No file named: records described by a count, a whole-table select or `all patients`.
  const described = bulkRecordSet(fields, toolWords.includes('export') || toolWords.includes('exports'));
  if (described === undefined) return;
  const where = (foreign === null ? foreignTargetOf(fields) : foreign) ?? outsideTargetOf(fields);
  if (where !== undefined) findings.add('critical', `exfiltration: \`${toolName}\` sends a ${described} to a ${where}`);
}
