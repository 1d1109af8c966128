// Warehouse unloads written in SQL: Snowflake `COPY INTO 's3://…' FROM table`, Redshift `UNLOAD
// ('select …') TO 's3://…'`, BigQuery `EXPORT DATA OPTIONS (uri = 'gs://…') AS SELECT …`. The rows
// leave for the bucket the statement names; when that bucket is named for sharing out or as
// someone's own (`ext-drop-33`, `my-stash`), it is exfiltration. Named stages (`@stage`) and the
// organisation's own buckets are left alone.

import { quote, type Findings } from './findings.ts';
import { bucketOf, sharingBucket } from './foreign-destinations.ts';
import type { PayloadFields } from './payload-fields.ts';

const UNLOAD = /\bCOPY\s+INTO\s+'|\bUNLOAD\s*\(|\bEXPORT\s+DATA\b/i;
const DESTINATION =
  /\bCOPY\s+INTO\s+'((?:s3|gcs|gs|azure):\/\/[^']{1,1024})'|\bTO\s+'(s3:\/\/[^']{1,1024})'|\buri\s*=\s*'(gs:\/\/[^']{1,1024})'/gi;

/** Adds a critical finding when a SQL statement unloads rows to a bucket named for sharing out. */
export function assessSqlUnloads(fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    if (field.text.length > 65536 || !field.text.includes('://') || !UNLOAD.test(field.text)) continue;
    for (const match of field.text.matchAll(DESTINATION)) {
      const url = (match[1] ?? match[2] ?? match[3])
        .replace(/^gcs:/i, 'gs:')
        .replace(/^azure:\/\/([^.]+)\.blob\.core\.windows\.net/i, 'https://$1.blob.core.windows.net');
      const bucket = bucketOf(url);
      const why = bucket === undefined ? undefined : sharingBucket(bucket);
      if (why === undefined) continue;
      findings.add('critical', `exfiltration: SQL unloads rows to a ${why} ${quote(url)}`);
      return;
    }
  }
}
