// Objects fetched from cloud storage and mailed out in the same call: a shell line that copies
// `s3://…` or `gs://…` and hands the file to `mail -A`/`mutt -a`; code that reads an object
// (`get_object`, `download_blob`) and sends a message (`smtplib`, `nodemailer`, SES); a workflow
// whose one step downloads from a bucket and whose other sends mail with attachments; a mail
// tool whose attachments are bucket URLs. The bucket's data leaves for a mailbox nobody governs.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { splitWords } from './tool-name.ts';

/** A read of an object from cloud storage. */
const STORAGE_READ =
  /\b(?:s3|gs|az|abfss?|wasbs?|r2|oss|cos):\/\/[\w.-]+\/\S|\.blob\.core\.windows\.net\/|\bstorage\.googleapis\.com\/|\.s3[.-][\w.-]*amazonaws\.com\/|\b(?:get_object|download_file|download_fileobj|download_blob|download_as_bytes|download_as_string|GetObjectCommand|getObject)\b|\bgsutil\s+(?:-m\s+)?(?:cp|cat)\s+gs:|\baz\s+storage\s+blob\s+download\b|\brclone\s+(?:copy|cat)\s+\w+:/;
/** A message sent with a file attached: by a mail command, or by code that both attaches and sends. */
const SHELL_MAIL_ATTACH =
  /\b(?:mailx?|s-nail)\b[^|;&\n]*\s-[aA]\s|\bmutt\b[^|;&\n]*\s-a\s|\bswaks\b[^|;&\n]*--attach|\bsendemail\b[^|;&\n]*\s-a\s/;
const CODE_ATTACH = /\b(?:add_attachment|attach_file|attach|MIMEApplication|MIMEBase)\s*\(|\battachments\s*[:=]/;
const CODE_SEND = /\b(?:smtplib|nodemailer|send_raw_email|SendRawEmailCommand|sendgrid|mailgun|send_message|sendMail)\b/;
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const MAIL_WORDS = /(?:^|[._\s-])(?:e?mail|gmail|outlook|smtp|ses|send_?mail|mailer)(?:$|[._\s-])/i;
const ATTACHMENT_KEYS = /^attach|attachments?$/;
/** Cheap test before the storage patterns: a scheme, an SDK word or a storage word. */
const STORAGE_GATE = /:\/\/|object|Object|blob|download|gsutil|rclone|storage|bucket/;
const MAIL_TOOL_WORDS = new Set(['email', 'mail', 'gmail', 'outlook', 'smtp', 'ses', 'sendmail', 'mailer']);
const STEP_ACTION_KEYS = new Set(['action', 'tool', 'step', 'type', 'op', 'operation', 'name', 'uses', 'call']);
const STORAGE_ACTION =
  /(?:^|[._\s-])(?:s3|gcs|storage|bucket|blob|object)[._\s-]*(?:get|download|read|fetch|copy|cp)|(?:get|download|read|fetch)[._\s-]*(?:object|blob|file_from_bucket)/i;

/** Adds a critical finding when the call mails out what it fetched from cloud storage. */
export function assessStorageMailed(toolName: string, toolPath: string, fields: PayloadFields, findings: Findings): void {
  // Storage first: most calls name no bucket, and the mail tests are not run for them.
  const storage = fields.strings.some(
    (field) =>
      field.text.length <= 65536 &&
      STORAGE_GATE.test(field.text) &&
      (STORAGE_READ.test(field.text) || (STEP_ACTION_KEYS.has(field.key) && STORAGE_ACTION.test(field.text))),
  );
  if (!storage) return;
  let mailed = false;
  let stepMail = false;
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length > 65536) continue;
    if (!mailed && (SHELL_MAIL_ATTACH.test(text) || (CODE_ATTACH.test(text) && CODE_SEND.test(text)))) mailed = true;
    if (!stepMail && STEP_ACTION_KEYS.has(field.key) && MAIL_WORDS.test(text)) stepMail = true;
  }
  // A mail tool (`/tools/email/send`, named in any segment), or a workflow step that mails, attaches through an attachments field.
  if (!mailed && [...fields.keys].some((key) => ATTACHMENT_KEYS.test(key)))
    mailed = stepMail || splitWords(toolPath).some((word) => MAIL_TOOL_WORDS.has(word));
  if (mailed && fields.strings.some((field) => field.text.length <= 65536 && ADDRESS.test(field.text)))
    findings.add('critical', `exfiltration: \`${toolName}\` mails out objects fetched from cloud storage`);
}
