// The passes that read a call's objects as what they do — Kubernetes manifests, SQL run from code,
// dumps made public in buckets, storage objects mailed out — behind one cheap test over the call's
// texts: each needs a mark that everyday calls (a ticket posted, a file read, a query run) rarely
// carry — a `kind`, a call's parenthesis, a public grant, a storage scheme, a bucket or an attachment;
// the passes run only when one is found.

import { assessCodeSql } from './code-sql-literals.ts';
import type { Findings } from './findings.ts';
import { assessManifests } from './k8s-manifests.ts';
import { hasAnyKey, type PayloadFields } from './payload-fields.ts';
import { assessPublicBucketDumps } from './public-bucket-dumps.ts';
import { assessStorageMailed } from './storage-mail-exfil.ts';
import { assessForeignReplication } from './foreign-replication.ts';
import { assessSqlUnloads } from './sql-unloads.ts';

/** One small pattern (few alternatives keep it fast): a call's parenthesis or backtick, a `kind`, a public grant, a storage scheme, an attachment, a bucket or an SDK object; an `attach…` key. */
const MARKS = /[(`]|kind|ublic|llUsers|\$web|(?:s3|gs|az|r2):\/\/|attach|ucket|bject|overrides/;
/** Keys that carry one of those calls by their name alone. */
const KEYS = new Set(['kind', 'acl', 'canned_acl', 'x_amz_acl', 'predefined_acl', 'object_acl', 'bucket', 'attachments', 'dry_run']);

/** Whether any text or key of the call names what the object passes look for. */
function mayHaveObjectEffects(fields: PayloadFields): boolean {
  if (hasAnyKey(fields, KEYS)) return true;
  for (const key of fields.keys) if (key.startsWith('attach')) return true;
  for (const field of fields.strings) if (field.text.length >= 8 && MARKS.test(field.text)) return true;
  return false;
}

/** Adds the findings of manifests, SQL in code, public-bucket dumps and mailed storage objects. */
export function assessObjectEffects(
  toolName: string,
  toolPath: string,
  payload: unknown,
  fields: PayloadFields,
  dryRun: boolean,
  judgeCommand: (line: string) => 'critical' | 'other',
  findings: Findings,
): void {
  if (!mayHaveObjectEffects(fields)) return;
  for (const manifest of assessManifests(payload, fields, dryRun, judgeCommand))
    findings.add(manifest.level, `manifest: \`${toolName}\` ${manifest.why}`);
  assessCodeSql(fields, findings);
  assessPublicBucketDumps(toolName, fields, findings);
  assessStorageMailed(toolName, toolPath, fields, findings);
  assessForeignReplication(toolPath, payload, fields, findings);
  assessSqlUnloads(fields, findings);
}
