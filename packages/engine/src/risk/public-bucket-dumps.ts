// A database dump or a secrets file made public in object storage: `pg_dump | aws s3 cp -
// s3://b/x --acl public-read`, `gsutil cp -a public-read dump.sql gs://b/`, `gsutil acl ch -u
// AllUsers:R …`, an SDK `put_object(…, ACL='public-read')` of a dump, an upload tool given
// `acl: "public-read"` and a `.sql.gz` file. Anyone can then download it. Website assets made public
// (`aws s3 sync ./dist … --acl public-read`) carry no dump and are left alone. A bucket whose name
// says it is public counts as a public grant. Exports of records (`customers.parquet`) count like dumps, and so
// does a bucket named for records opened to everyone (`put-bucket-acl --acl public-read`, its public access
// block deleted, a policy for `"Principal": "*"`).

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { secretFile } from './secret-files.ts';
import { bulkDataFile } from './bulk-data-files.ts';

/** A public ACL or grant, written as a flag, an SDK argument or a field value. */
const PUBLIC_GRANT =
  /--acl[=\s]+['"]?public-read|(?:^|\s)-a\s+['"]?public-read|\bacl\s+ch\s+(?:-\S+\s+)*-u\s+['"]?(?:AllUsers|allUsers)\b|\ballUsers:(?:objectViewer|R|READ)\b|\bAllUsers:R\b|--public-access\s+(?:blob|container)\b|\bACL['"]?\s*[=:]\s*['"]public-read|\bdelete-public-access-block\b|\bBlockPublic(?:Acls|Policy)=false\b|"Principal"\s*:\s*"\*"|\bx-amz-acl\s*:\s*public-read|--predefined-acl[=\s]+publicRead\b|\bpublicRead\b/i;
const PUBLIC_BUCKET =
  /\b(?:s3|gs|az|r2):\/\/[\w.-]*\bpublic\b[\w.-]*|\bcontainer-name[=\s]+['"]?(?:\$web|public)\b|https?:\/\/[\w.-]*\bpublic\b[\w.-]*\.(?:s3[\w.-]*\.amazonaws\.com|blob\.core\.windows\.net)|storage\.googleapis\.com\/[\w.-]*\bpublic\b/i;
const PUBLIC_VALUE = /^\s*(?:public-read(?:-write)?|publicRead)\s*$/i;
const ACL_KEYS = new Set(['acl', 'canned_acl', 'x_amz_acl', 'predefined_acl', 'object_acl']);
/** What a dump is: a dumper, or a file named like one. */
const DUMPER =
  /\b(?:pg_dump(?:all)?|mysqldump|mariadb-dump|mongodump|mongoexport|redis-cli\s+(?:-\S+\s+)*--rdb|sqlite3\s+\S+\s+['"]?\.dump)\b/;
const DUMP_FILE = /[\w.-]*(?:\.sql|\.dump|\.bak|\.archive|\.bson|\.rdb|\.sqlite3?|\.db)(?:\.(?:gz|bz2|xz|zst|zip))?\b/i;

function carriesDump(text: string): string | undefined {
  const dumper = DUMPER.exec(text)?.[0];
  if (dumper !== undefined) return dumper;
  const file = DUMP_FILE.exec(text)?.[0];
  if (file !== undefined) return file;
  for (const word of text.split(/[\s'"=,()]+/).slice(0, 256)) {
    if (word.includes('/') && secretFile(word) !== undefined) return word;
    // Records in bulk: an export file (`customers.parquet`), or a bucket named for them (`s3://acme-customer-data`).
    const bucket = /^(?:s3|gs|az):\/\/([\w.-]+)/.exec(word)?.[1];
    if (bucket !== undefined ? bulkDataFile(`/${bucket}`) !== undefined : word.includes('.') && isRecordsFile(word)) return word;
  }
  // The bucket, or an Azure container (`az storage container set-permission --name db-backups`), named for records.
  const named = /--(?:bucket|container-name|container|name)[=\s]+['"]?([\w.-]+)/.exec(text)?.[1];
  if (named !== undefined && bulkDataFile(`/${named}`) !== undefined) return named;
  return undefined;
}

/** Fields that name what an upload sends. */
const SOURCE_KEYS = new Set(['file', 'source', 'src', 'path', 'local_path', 'file_path', 'filename', 'local_file']);

/** A file of records (`exports/customers.csv`), not a folder: a package name (`@aws-sdk/client-s3`) is no data. */
function isRecordsFile(word: string): boolean {
  const why = bulkDataFile(word);
  return why !== undefined && why !== 'folder of records';
}

/** Adds a critical finding when the call makes a dump or a secret public in a bucket. */
export function assessPublicBucketDumps(toolName: string, fields: PayloadFields, findings: Findings): void {
  let grant = false;
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length > 65536) continue;
    if (
      (ACL_KEYS.has(field.key) && PUBLIC_VALUE.test(text)) ||
      ((text.includes('ublic') || text.includes('llUsers')) && PUBLIC_GRANT.test(text))
    ) {
      grant = true;
      break;
    }
  }
  if (!grant) {
    if (!fields.strings.some((field) => field.text.includes('ublic') || field.text.includes('$web'))) return;
    // A bucket named public (`s3://acme-public-assets/`) is read by anyone: a dump written to it (named after the dump
    // or piped from a dumper) is published; one copied out of it (`aws s3 cp s3://public-data/x.db .`) is not.
    for (const field of fields.strings) {
      const bucket = field.text.length < 65536 && /public|\$web/i.test(field.text) ? PUBLIC_BUCKET.exec(field.text) : null;
      if (bucket === null) continue;
      const dumper = DUMPER.exec(field.text);
      const file = DUMP_FILE.exec(field.text);
      // Records written to it: an export named before the bucket (`az storage blob upload --file patients.csv
      // --container-name $web`), or given as the upload's source in another field (`{file: "…/customers.xlsx", bucket: "gs://…-public"}`).
      const records =
        field.text
          .slice(0, bucket.index)
          .split(/[\s'"=,()]+/)
          .slice(0, 256)
          .some((word) => word.includes('.') && isRecordsFile(word)) ||
        isRecordsFile(/--(?:file|source|src)[=\s]+['"]?([^\s'"]+)/.exec(field.text)?.[1] ?? '') ||
        fields.strings.some(
          (other) => other !== field && SOURCE_KEYS.has(other.key) && other.text.length < 1024 && isRecordsFile(other.text),
        );
      if (dumper !== null || (file !== null && file.index < bucket.index) || records)
        findings.add(
          'critical',
          `exfiltration: \`${toolName}\` writes a database dump or records to a public bucket (\`${bucket[0].slice(0, 60)}\`)`,
        );
      return;
    }
    return;
  }
  for (const field of fields.strings) {
    if (field.text.length > 65536 || ACL_KEYS.has(field.key)) continue;
    const dump = carriesDump(field.text);
    if (dump === undefined) continue;
    findings.add(
      'critical',
      `exfiltration: \`${toolName}\` makes a database dump, records or a secret public in object storage (\`${dump.slice(0, 60)}\`)`,
    );
    return;
  }
}
