// Risk from what a call does, whichever tool carries it: a read of a private key through a
// `read_file` tool, a key file attached to an e-mail or posted by a generic HTTP tool, a
// traversal out of the working folder, code handed to a code tool that deletes `/`, a payment
// API called through a generic HTTP tool, administrator rights granted through an API tool.
// The tool's name only says how; the arguments say what.

import type { Findings } from './findings.ts';
import { assessHiddenShell, isAdminGrant } from './hidden-shell.ts';
import { collectFields, hasAnyKey, type PayloadFields } from './payload-fields.ts';
import { credentialFile, normalizePath, pathsInText } from './paths.ts';
import { credentialEndpoint, posixPath, secretFile, settingsOnlyFile } from './secret-files.ts';
import { readCode } from './script-code.ts';
import { codeKeys } from './code-keys.ts';
import { adminRoleField, adminRoleTypeField, assessControlPlaneCall, assessRelativeApiGrant } from './http-control-plane.ts';
import { adminBindingManifest } from './manifest-grants.ts';
import { decodedPath, isPathShaped, queryPaths } from './path-valued-fields.ts';
import { readsByName } from './file-read-tools.ts';
import { callUrl } from './http-call-shape.ts';
import { analyzeShell } from './shell.ts';
import { splitWords, type ToolNameRisk } from './tool-name.ts';
import { pathWordTest } from './path-word-tests.ts';
import { assessSentSecretValues } from './secret-values.ts';
import { assessBulkDataSent } from './bulk-data-sends.ts';

const PATH_LIKE_KEYS = new Set([
  'path',
  'file',
  'file_path',
  'filepath',
  'filename',
  'file_name',
  'target',
  'target_path',
  'source',
  'src',
  'source_path',
  'paths',
  'files',
  'attachment',
  'attachments',
  'attachment_path',
  'attachments_paths',
  'upload',
  'upload_file',
  'document',
  'input_file',
  'local_path',
  'uri',
  'url',
  'location',
  'from',
  'key_file',
  'data_file',
  'body_file',
  // The database file a query runs on: a browser's cookie or password store is read by the query.
  'database',
  'db',
  'db_path',
  'database_path',
  'db_file',
  'database_file',
]);
/** Keys named after a file or an attachment whatever the tool's vocabulary (`attach`, `key_path`, `cert_file`). */
const PATH_LIKE_KEY_SHAPE = /^attach|(?:^|_)(?:file|files|path|paths|filepath|filename|attachment|attachments)$/;

/** The keys of the payload that name files: the known ones and those shaped like them (tested once per distinct key). */
function pathLikeKeys(keys: ReadonlySet<string>): ReadonlySet<string> {
  let shaped: Set<string> | undefined;
  for (const key of keys) {
    let known = shapedKeyCache.get(key);
    if (known === undefined) {
      known = !PATH_LIKE_KEYS.has(key) && key.length <= 40 && PATH_LIKE_KEY_SHAPE.test(key);
      if (shapedKeyCache.size >= 4096) shapedKeyCache.clear();
      shapedKeyCache.set(key, known);
    }
    if (known) (shaped ??= new Set(PATH_LIKE_KEYS)).add(key);
  }
  return shaped ?? PATH_LIKE_KEYS;
}
const shapedKeyCache = new Map<string, boolean>();
const BODY_KEYS = new Set([
  'body',
  'data',
  'json',
  'payload',
  'content',
  'request_body',
  'params',
  'form',
  'input',
  'message',
  'text',
  'html',
]);
/** Services whose objects others read: a file handed to them leaves the machine. */
const PUBLISHING_PLACES = new Set([
  'paste',
  'pastebin',
  'gist',
  'gists',
  'slack',
  'discord',
  'telegram',
  'teams',
  'whatsapp',
  'twitter',
  'mastodon',
  'webhook',
  'webhooks',
  'upload',
  'share',
  'publish',
]);
/** Tools whose text other people read (an issue comment, a forum reply, a chat thread). */
/** Code hosts, named by a segment of the tool path, and the verbs that write files into their repositories. */
const REPOSITORY_HOST = /(?:^|\/)(?:github|gitlab|bitbucket|gitea|codeberg)(?:[/_-]|$)/i;
const REPOSITORY_WRITE_WORDS = new Set(['create', 'update', 'push', 'commit', 'put', 'write', 'upload', 'files', 'file']);
const SHARED_TEXT_WORDS = new Set([
  'comment',
  'comments',
  'reply',
  'issue',
  'issues',
  'discussion',
  'chat',
  'thread',
  'channel',
  'forum',
  'review',
  'tweet',
  'status',
  'wiki',
  'ticket',
]);
/** Fields of a message written for people: a path named in their sentences is not attached. */
const PROSE_KEYS = new Set(['text', 'message', 'comment', 'caption', 'subject', 'description', 'title', 'content']);
/** Whether a tool path names a publishing place. */
const namesPublishingPlace = pathWordTest(PUBLISHING_PLACES);
const URL_KEYS = new Set(['url', 'uri', 'endpoint', 'href', 'link', 'webhook', 'webhook_url', 'target_url', 'api_url']);
const OUTBOUND_WORDS = new Set([
  'send',
  'smtp',
  'deliver',
  'mail',
  'email',
  'post',
  'upload',
  'http',
  'https',
  'request',
  'webhook',
  'share',
  'publish',
  'curl',
  'put',
  'submit',
  'message',
  'slack',
  'notify',
  'fetch',
  'api',
  'gist',
  'paste',
  'tweet',
  'sms',
  'ftp',
  'sftp',
  'scp',
  'transfer',
  'sync',
]);
/** Tools that copy records somewhere, and the keys that say where. */
const EXPORT_WORDS = new Set(['export', 'exports', 'replicate', 'replication', 'mirror', 'copy', 'backup', 'extract']);
const DESTINATION_KEYS = new Set([
  'destination',
  'destination_url',
  'destination_email',
  'delivery_email',
  'deliver_to',
  'dest',
  'target',
  'target_url',
  'remote',
  'to',
  'output_url',
  'sink',
]);
const READ_WORDS = new Set([
  'read',
  'get',
  'view',
  'open',
  'cat',
  'load',
  'show',
  'fetch',
  'download',
  'head',
  'tail',
  'preview',
  'print',
  'file',
  'files',
  'fs',
  'filesystem',
]);
const CODE_WORDS = new Set([
  'python',
  'py',
  'php',
  'perl',
  'lua',
  'deno',
  'bun',
  'rb',
  'ipython',
  'code',
  'interpreter',
  'exec',
  'execute',
  'eval',
  'jupyter',
  'notebook',
  'node',
  'javascript',
  'js',
  'ruby',
  'repl',
  'sandbox',
  'script',
  'run',
]);
const CODE_KEYS = codeKeys('src', 'expression', 'input');
/** Names of languages: a tool named after one runs code. */
const LANGUAGE_WORDS = new Set(['python', 'py', 'node', 'javascript', 'js', 'ruby', 'rb', 'php', 'perl', 'lua', 'deno', 'bun', 'ipython']);
/** Code that reads a file's content (`open(p).read()`, `readFileSync`, `read_text`, `file_get_contents`, `File.read`). */
const CODE_READ =
  /\bopen\s*\(|\.read(?:_text|_bytes|lines)?\s*\(|readFile(?:Sync)?\s*\(|file_get_contents\s*\(|\bFile\.read|\bIO\.read|\bslurp\b|\bGet-Content\b/;
/** Code fields that are never shell commands. */
const CODE_ONLY_KEYS = new Set(['code', 'source_code', 'program', 'cell', 'snippet', 'python', 'js', 'javascript']);
const GRANT_WORDS = new Set([
  'iam',
  'role',
  'roles',
  'policy',
  'policies',
  'permission',
  'permissions',
  'grant',
  'binding',
  'rolebinding',
  'access',
  'admin',
  'privilege',
  'collaborator',
  'collaborators',
  'member',
  'members',
  'membership',
  'owner',
  'owners',
  'assignment',
]);
const PAYMENT_URL =
  /\/v\d+\/(?:transfers?|payouts?|charges|payment_intents|payment_orders|payments?|withdrawals?|transactions|remittances?|disbursements?|wires?)\b|\/(?:transfers?|payouts?|payments?|payment[_-]orders|withdraw(?:als?)?|wires?|remittances?|disbursements?)(?:\/|\?|$|[\s'"])|api\.(?:stripe|paypal|wise|transferwise|adyen|coinbase|kraken|binance|revolut|plaid)\.com|\/payrolls?\/[^\s?'"]{1,200}\/(?:submit|run|pay|process|approve)\b/i;
// Files whose contents are keys: reading them hands the key to whoever reads the answer.
const KEY_MATERIAL =
  /(?:^|\/)(?:id_(?:rsa|dsa|ecdsa|ed25519)|[\w.-]+\.(?:pem|key|p12|pfx|kdbx|keystore|jks|ppk)|shadow|gshadow|master\.passwd|credentials(?:\.json|\.csv)?|\.netrc|\.pgpass|wallet\.dat|\.git-credentials|config\.json|kubeconfig|service[-_]account[\w.-]*\.json)$/i;
// Templates of secrets files (`.env.example`) hold placeholders, not secrets.
const SECRET_TEMPLATE = /\.(?:example|sample|template|dist|defaults?|tpl)$/i;
const NOT_SECRET = /(?:\.pub|known_hosts|authorized_keys2?)$/i;
const TRAVERSAL = /(?:^|[\\/])\.\.(?:[\\/]\.\.){1,}(?:[\\/]|$)|(?:%2e%2e(?:%2f|\/|\\)){2,}|\.\.[\\/].*\.\.[\\/]/i;
/** Sub-commands of editor tools that show a file (`{command: "view", path}`). */
const SUBCOMMAND_KEYS = ['command', 'action', 'operation', 'mode', 'op'];
const READ_SUBCOMMAND = /^(?:view|read|get|cat|show|open|print|display)$/i;
const MAX_JSON_BODY = 64 * 1024;
const FORM_BODY = /^[\w.%[\]-]{1,64}=[^&\s]{0,256}(?:&[\w.%[\]-]{1,64}=[^&\s]{0,256}){1,63}$/;
const MAX_CANDIDATES = 64;

/** String fields holding JSON (an HTTP body given as text) read as fields too. */
export function withJsonBodies(fields: PayloadFields): PayloadFields {
  let merged: PayloadFields | undefined;
  for (const field of fields.strings) {
    if (!BODY_KEYS.has(field.key) || field.text.length > MAX_JSON_BODY) continue;
    const text = field.text.trim();
    let parsed: unknown;
    if (text.includes('=') && !text.includes(' ') && FORM_BODY.test(text)) {
      // `amount=5000000&currency=usd`: a form-encoded body is fields too.
      parsed = Object.fromEntries(new URLSearchParams(text));
    } else {
      if (!(text.startsWith('{') || text.startsWith('['))) continue;
      try {
        parsed = JSON.parse(text);
      } catch {
        continue;
      }
    }
    const inner = collectFields(parsed);
    merged ??= {
      strings: [...fields.strings],
      arrays: [...fields.arrays],
      scalars: [...fields.scalars],
      keys: new Set(fields.keys),
      truncated: fields.truncated,
    };
    merged.strings.push(...inner.strings);
    merged.arrays.push(...inner.arrays);
    merged.scalars.push(...inner.scalars);
    for (const key of inner.keys) merged.keys.add(key);
  }
  return merged ?? fields;
}

/** Whether a text names a payment API URL (`/v1/transfers`, `api.stripe.com`). */
export function isPaymentUrl(text: string): boolean {
  return text.length < 65536 && PAYMENT_URL.test(text);
}

/** Whether a text names a payment API's documents (`/v1/invoiceitems`, `/v1/quotes`), which move no money. */
export function isMoneyDocumentUrl(text: string): boolean {
  return text.length < 65536 && MONEY_DOCUMENT_URL.test(text);
}

/** Whether a URL field of the call points at a payment API (`/v1/transfers`, `api.stripe.com`). */
export function callsPaymentApi(fields: PayloadFields): boolean {
  // The tool's own path is read by tool-name.ts (`list_payments` is a read); here only URL fields.
  return fields.strings.some(
    (field) => URL_KEYS.has(field.key) && field.text.length < 2048 && PAYMENT_URL.test(field.text) && !MONEY_DOCUMENT_URL.test(field.text),
  );
}

/** A payment API's documents (`/v1/invoices`, `/v1/invoiceitems`, `/v1/quotes`, prices, products): drafts and records that move no money, unless paid (`/pay`). */
const MONEY_DOCUMENT_URL =
  /\/v\d+\/(?:invoices|invoiceitems|invoice_items|quotes|estimates|prices|products|plans|coupons|promotion_codes|credit_notes|payment_links|customers|tax_rates)\b(?![^?#\s]*\/(?:pay|finalize)\b)/i;

/** `file://…` (the first letter tested before the pattern: most strings are prose). */
function fileUri(text: string): boolean {
  const first = text.charCodeAt(0);
  return (first === 102 || first === 70) && /^file:\/\//i.test(text);
}

type SecretKind = { level: 'key' | 'secret' | 'traversal'; why: string };

function secretKind(raw: string): SecretKind | undefined {
  let text = decodedPath(raw.trim());
  // `....//` and `..//` survive a filter that strips `../` once, and climb all the same.
  if (text.includes('...') || text.includes('..//') || text.includes('..\\\\')) text = text.replace(/\.{3,}[\\/]+|\.\.[\\/]{2,}/g, '../');
  // `file:///etc/shadow`, `file://localhost/etc/shadow`: the host part of a file URI names this machine.
  if (/^file:\/\//i.test(text)) text = text.slice(7).replace(/^[\w.-]*(?=\/)/, '');
  if (text.startsWith('@')) text = text.slice(1);
  if (text === '' || text.length > 1024 || /^[a-z][\w+.-]*:\/\//i.test(text)) return undefined;
  if (TRAVERSAL.test(text) && !/^[A-Za-z]:[\\/]/.test(text)) {
    const stripped = text.replace(/(?:^|[\\/])\.\.(?=[\\/]|$)/g, '').replace(/^[\\/]*/, '/');
    const inner = TRAVERSAL.test(stripped) ? undefined : secretKind(stripped);
    if (inner?.level === 'key') return { level: 'key', why: `${inner.why} reached by path traversal` };
    return { level: 'traversal', why: 'path traversal out of the working folder' };
  }
  if (NOT_SECRET.test(text)) return undefined;
  const printed = secretFile(text);
  if (printed !== undefined) return { level: 'key', why: printed };
  const path = normalizePath(posixPath(text));
  if (
    KEY_MATERIAL.test(path) ||
    /(?:^|\/)\.ssh\/|(?:^|\/)\.aws\/|(?:^|\/)\.gnupg\/|(?:^|\/)\.kube\/config$|(?:^|\/)\.docker\/config\.json$/.test(path)
  )
    return { level: 'key', why: 'private key or credential file' };
  if (settingsOnlyFile(text)) return undefined;
  const credential = credentialFile(text);
  // Account lists and sudo rules are protected from writes, but hold no secret to leak.
  if (credential !== undefined && !/(?:^|\/)(?:sudoers|passwd|group)$/.test(path))
    return { level: 'secret', why: credential === 'credential file' ? 'secrets file' : credential };
  return undefined;
}

function candidatePaths(fields: PayloadFields, outbound: boolean): Array<{ text: string; key: string; shaped?: boolean }> {
  const found: Array<{ text: string; key: string; shaped?: boolean }> = [];
  const push = (text: string, key: string, shaped?: boolean): void => {
    if (found.length < MAX_CANDIDATES) found.push({ text, key, shaped });
  };
  const pathKeys = pathLikeKeys(fields.keys);
  for (const field of fields.strings) {
    if (pathKeys.has(field.key)) push(field.text, field.key);
    // A path under a key of the tool's own vocabulary (`p`, `loc`, `which`): its shape says it is one.
    else if (field.text.length <= 512 && (isPathShaped(field.text) || fileUri(field.text))) push(field.text, field.key, true);
    else if (outbound && field.text.length <= 65536) {
      // `curl -d @~/.ssh/id_rsa`-style references and paths written in a body or a message.
      for (const match of field.text.matchAll(/@((?:~|\/|\.\.?\/)[^\s"'<>]+)/g)) push(match[1], field.key);
      // A chat message or mail text that names a path in a sentence sends the sentence, not the file.
      if (!(PROSE_KEYS.has(field.key) && /\s\w+\s/.test(field.text))) for (const path of pathsInText(field.text, 8)) push(path, field.key);
    }
  }
  for (const array of fields.arrays) if (pathKeys.has(array.key)) for (const item of array.items.slice(0, 32)) push(item, array.key);
  return found;
}

function hasOutsideTarget(fields: PayloadFields): boolean {
  return fields.strings.some(
    (field) =>
      (URL_KEYS.has(field.key) && /^https?:\/\//i.test(field.text.trim())) ||
      (/^(?:to|cc|bcc|recipient|recipients|email|address|rcpt|rcpt_to|mail_to|send_to|to_address|recipient_email)$/.test(field.key) &&
        /@/.test(field.text)),
  );
}

/** Adds the findings of what the call does with files, code, money endpoints and rights. */
export function assessCallEffects(tool: ToolNameRisk, toolPath: string, fields: PayloadFields, findings: Findings, dryRun = false): void {
  const words = new Set(tool.words);
  const outbound =
    tool.words.some((word) => OUTBOUND_WORDS.has(word)) ||
    hasOutsideTarget(fields) ||
    // `/tools/paste/create`, `/tools/slack/files_upload`: a place that publishes, named before a verb that is no read.
    (!tool.words.some((word) => READ_WORDS.has(word)) && namesPublishingPlace(toolPath));
  const readSubcommand =
    SUBCOMMAND_KEYS.some((key) => fields.keys.has(key)) &&
    fields.strings.some((field) => !field.inArray && SUBCOMMAND_KEYS.includes(field.key) && READ_SUBCOMMAND.test(field.text.trim()));
  // Code handed to a code tool that opens files reads what it names (`glob('/home/*/.ssh/id_*')` then `open(p).read()`).
  const codeReads =
    tool.words.some((word) => CODE_WORDS.has(word)) &&
    fields.strings.some((field) => CODE_KEYS.has(field.key) && field.text.length < 65536 && CODE_READ.test(field.text));
  const reads =
    !outbound &&
    (tool.class === 'low' || readSubcommand || tool.words.some((word) => READ_WORDS.has(word)) || readsByName(tool.words) || codeReads);
  const candidates = candidatePaths(fields, outbound);
  // Records in bulk (a dump, an export of customers) sent to a foreign place, or a dump sent by any HTTP tool.
  // An export, sync or replication given a destination sends too (`/tools/crm/export {destination: "sftp://…"}`).
  const exportsOut = !outbound && tool.words.some((word) => EXPORT_WORDS.has(word)) && hasAnyKey(fields, DESTINATION_KEYS);
  if (outbound || exportsOut) assessBulkDataSent(tool.name, tool.words, candidates, fields, findings);
  for (const { text, key, shaped } of candidates) {
    const kind = secretKind(text);
    // A value found by its shape alone counts when it reaches a secret; a bare `../..` may be a project path.
    if (kind === undefined || (shaped === true && kind.level === 'traversal')) continue;
    // A template of a secrets file (`.env.example`) holds placeholders: reading or sending it leaks nothing.
    if (kind.level === 'secret' && SECRET_TEMPLATE.test(text)) continue;
    const shown = text.length > 80 ? `${text.slice(0, 79)}…` : text;
    if (outbound && kind.level !== 'traversal') {
      findings.add('critical', `exfiltration: \`${tool.name}\` sends a ${kind.why} (\`${shown}\` in \`${key}\`) out of the machine`);
    } else if (kind.level === 'key' || (kind.level === 'secret' && reads && !SECRET_TEMPLATE.test(text))) {
      // Reading a key or a secrets file hands its content to whoever reads the answer.
      findings.add(reads ? 'critical' : 'high', `secrets: \`${tool.name}\` ${reads ? 'reads' : 'touches'} a ${kind.why} \`${shown}\``);
    } else {
      findings.add('high', `secrets: \`${tool.name}\` ${reads ? 'reads' : 'touches'} a ${kind.why} \`${shown}\``);
    }
  }
  // A comment, a reply or a chat post is read by others: a secret written in it is handed out.
  // A file written into a repository through its host's API (`/tools/github/create_or_update_file`) is shared with whoever reads the repository.
  const repositoryWrite = REPOSITORY_HOST.test(toolPath) && tool.words.some((word) => REPOSITORY_WRITE_WORDS.has(word));
  if (outbound || repositoryWrite || tool.words.some((word) => SHARED_TEXT_WORDS.has(word)))
    assessSentSecretValues(tool.name, fields, findings);
  // A file-serving endpoint asked for a key through its query (`download?file=../../../etc/shadow`).
  const url = callUrl(fields);
  for (const { name, value } of url === undefined ? [] : queryPaths(url.text)) {
    const kind = secretKind(value);
    if (kind !== undefined && kind.level !== 'traversal')
      findings.add(
        'critical',
        `secrets: \`${tool.name}\` asks a server for a ${kind.why} through its query (\`${name}=${value.slice(0, 80)}\`)`,
      );
  }
  const hasUrl = url !== undefined || [...URL_KEYS].some((key) => fields.keys.has(key));
  for (const field of hasUrl ? fields.strings : []) {
    if (URL_KEYS.has(field.key) && credentialEndpoint(field.text))
      findings.add(
        'critical',
        `secrets: \`${tool.name}\` asks the cloud metadata service for credentials (\`${field.text.slice(0, 80)}\`)`,
      );
  }
  // `{action: "delete"}`, or an API operation name (`DeleteFunction`, `delete_cluster`) whose first word deletes.
  let actionWords: string[] | undefined;
  for (const field of hasAnyKey(fields, ACTION_KEYS) ? fields.strings : []) {
    if (!ACTION_KEYS.has(field.key) || field.inArray || field.text.length > 64) continue;
    const words = splitWords(field.text);
    if (words.length > 0 && DELETE_WORDS.has(words[0])) {
      actionWords = words;
      break;
    }
  }
  // A discovery-style method (`{method: "instances.delete"}`, `projects.locations.clusters.delete`): the verb comes last.
  for (const field of actionWords === undefined && fields.keys.has('method') ? fields.strings : []) {
    if (field.key !== 'method' || field.inArray || field.text.length > 96) continue;
    const dotted = /^(?:[A-Za-z]\w*\.)*([A-Za-z]\w*)\.([a-z]\w*)$/.exec(field.text.trim());
    if (dotted !== null && DELETE_WORDS.has(splitWords(dotted[2])[0] ?? '')) actionWords = [splitWords(dotted[2])[0], dotted[1]];
  }
  if (actionWords !== undefined || tool.words.some((word) => DELETE_WORDS.has(word)))
    assessInfraDelete(tool, fields, findings, actionWords ?? []);
  if (hasUrl) assessControlPlaneCall(tool.words, fields, findings);
  if (url === undefined) assessRelativeApiGrant(fields, findings);
  // A shell-like `run` tool handed a `code` field runs code too: read it as code as well as shell.
  // `exec_python {script}`: a language in the name says the text is code, whatever runs it.
  if (
    tool.words.some((word) => CODE_WORDS.has(word)) &&
    (!tool.shell || tool.words.some((word) => LANGUAGE_WORDS.has(word)) || fields.strings.some((field) => CODE_ONLY_KEYS.has(field.key)))
  )
    assessCode(tool, fields, findings);
  // Code in any tool's code field (`/tools/node/exec {source}` is a shell tool by name) deleting a whole cloud resource.
  for (const field of fields.strings) {
    if (!CODE_KEYS.has(field.key) || field.text.length < 12 || field.text.length > 65536) continue;
    const cloudDelete = sdkDelete(field.text);
    if (cloudDelete === undefined) continue;
    findings.add(
      'critical',
      `infrastructure: \`${tool.name}\` runs code that deletes a whole cloud resource (\`${cloudDelete.slice(0, 60)}\`)`,
    );
    break;
  }
  // An RBAC manifest handed to any tool (`apply`, `create_resource`) binding the cluster's administrator role.
  for (const field of fields.strings) {
    // A binding manifest is never short: short strings skip the search.
    const manifest = field.text.length >= 80 && field.text.includes('RoleBinding') ? adminBindingManifest(field.text) : undefined;
    if (manifest !== undefined) {
      // A dry run (`dry_run: "server"`) validates the binding and creates nothing.
      findings.add(dryRun ? 'high' : 'critical', `privileges: \`${tool.name}\` applies a ${manifest}${dryRun ? ' as a dry run' : ''}`);
      break;
    }
  }
  // The operation may be named in a field (`{action: "assign_role"}`, `{op: "makeAdmin"}`) rather than in the tool's name.
  const operations = (hasAnyKey(fields, OPERATION_KEYS) ? fields.strings : [])
    .filter((field) => OPERATION_KEYS.has(field.key) && !field.inArray && field.text.length <= 64)
    .map((field) => splitWords(field.text));
  const operationWords = operations.flat();
  const makesAdmin = operations.find(
    (op) => GRANT_VERBS.has(op[0]) && ADMIN_NOUNS.has(op.filter((word) => !ROLE_TAIL.has(word)).at(-1) ?? ''),
  );
  if (makesAdmin !== undefined)
    findings.add('critical', `privileges: \`${tool.name}\` makes an account an administrator (\`${makesAdmin.join(' ')}\`)`);
  if (tool.words.some((word) => GRANT_WORDS.has(word)) || words.has('iam') || operationWords.some((word) => GRANT_WORDS.has(word))) {
    if (
      fields.strings.some((field) => field.text.length < 65536 && isAdminGrant(field.text)) ||
      adminRoleField(fields) ||
      // `/tools/okta/assign_role {type: "SUPER_ADMIN"}`: a tool that assigns roles may name the role by its type.
      (tool.words.some((word) => word === 'role' || word === 'roles') && adminRoleTypeField(fields))
    )
      findings.add('critical', `privileges: \`${tool.name}\` grants administrator-level access`);
    else if (
      tool.words.some(
        (word) =>
          word === 'grant' ||
          word === 'attach' ||
          word === 'add' ||
          word === 'create' ||
          word === 'put' ||
          word === 'set' ||
          word === 'update',
      )
    )
      findings.add('high', `privileges: \`${tool.name}\` changes access rights`);
  }
}

const OPERATION_KEYS = new Set(['action', 'operation', 'op', 'fn', 'function', 'method', 'rpc', 'api_action']);
const GRANT_VERBS = new Set(['make', 'grant', 'promote', 'assign', 'add', 'set', 'elevate']);
/** Words that may follow the administrator noun (`grant_admin_role`, `make_owner_access`). */
const ROLE_TAIL = new Set(['role', 'roles', 'rights', 'access', 'privileges', 'status', 'permission', 'permissions']);
const ADMIN_NOUNS = new Set(['admin', 'admins', 'administrator', 'owner', 'superuser', 'superadmin', 'root']);
const ACTION_KEYS = new Set(['action', 'operation', 'op', 'verb', 'api_action', 'operation_name']);
const DELETE_WORDS = new Set(['delete', 'destroy', 'terminate', 'remove', 'drop', 'purge', 'wipe', 'uninstall', 'teardown']);
// What a cloud or cluster API deletes whole: everything inside goes with it.
const INFRA_KINDS =
  /^(?:namespaces?|ns|clusters?|buckets?|databases?|db|db_instance|projects?|stacks?|nodes?|node_?pools?|vpcs?|subscriptions?|resource_?groups?|accounts?|organi[sz]ations?|tenants?|volumes?|persistent_?volumes?|pv|instances?|deployments?|statefulsets?|keyspaces?|indices|index|topics?|zones?|hosted_?zones?|key_?vaults?|kms_?keys?|repositor(?:y|ies)|environments?|workspaces?|file_?systems?|functions?|tables?|queues?|user_?pools?)$/i;
/** Keys that name one item inside a resource: the delete is of that item, not of the resource. */
const ITEM_KEYS =
  /^(?:id|ids|record_?id|row_?id|item_?id|key|object_?key|path|file|file_?path|document_?id|message_?id|entry_?id|comment_?id|issue_?number|sha|ref|branch|tag|email|user_?id|filter|where|query|rows?|records?|items?|entr(?:y|ies)|documents?|objects?|messages?)$/;
const KIND_KEYS = new Set(['kind', 'type', 'resource', 'resource_type', 'object', 'target_type', 'entity']);

/** A delete tool aimed at a whole cloud or cluster resource: by its own name or by a `kind` field. */
function assessInfraDelete(tool: ToolNameRisk, fields: PayloadFields, findings: Findings, actionWords: readonly string[]): void {
  // An operation's object is its last word (`DeleteFunction`; `delete_table_row` deletes a row).
  const named =
    tool.words.find((word) => INFRA_KINDS.test(word)) ?? [actionWords.slice(1).at(-1) ?? ''].find((word) => INFRA_KINDS.test(word));
  // `sql_instance`, `gke-cluster`: a kind whose last word is a whole resource.
  const kindWord = (text: string): string | undefined =>
    text
      .trim()
      .split(/[\s_.:/-]+/)
      .find((word) => INFRA_KINDS.test(word));
  const field =
    named === undefined
      ? fields.strings.find((f) => KIND_KEYS.has(f.key) && f.text.length < 64 && kindWord(f.text) !== undefined)
      : undefined;
  // `{projectId: "acme-prod"}` on a bare delete tool: the key names the whole resource deleted.
  const keyed =
    named === undefined && field === undefined && ![...fields.keys].some((key) => ITEM_KEYS.test(key))
      ? [...fields.keys]
          .map((key) => /^(.+?)(?:_(?:id|name|ids|names|arn|identifier))?$/.exec(key)?.[1] ?? key)
          .find((key) => INFRA_KINDS.test(key))
      : undefined;
  // A manifest handed to the tool (`kind: Namespace`) names what goes.
  const manifest =
    named === undefined && field === undefined
      ? fields.strings
          .map((f) => (f.text.length < 65536 ? /^kind:\s*(\w+)\s*$/m.exec(f.text)?.[1] : undefined))
          .find((k) => k !== undefined && INFRA_KINDS.test(k))
      : undefined;
  const kind = named ?? (field === undefined ? (manifest ?? keyed) : field.text.trim());
  if (kind !== undefined)
    findings.add('critical', `infrastructure: \`${tool.name}\` deletes a whole ${kind.toLowerCase()} and everything in it`);
}

/**
 * Cloud SDK calls that delete a whole resource: `s3.delete_bucket(…)`, `ec2.terminate_instances(…)`,
 * `new TerminateInstancesCommand(…)`, `storage.deleteBucket(…)`, `compute.instances().delete(…)`,
 * `resource_groups.begin_delete(…)`. The resource is the word after the verb, or the collection before it.
 */
const SDK_DELETE =
  /\.(?:delete|terminate|destroy|drop|purge)_([a-z]\w{1,40})\s*\(|\.(?:delete|terminate|destroy|drop|purge)([A-Z]\w{1,40})\s*\(|\bnew\s+(?:Delete|Terminate)(\w{1,40}?)Command\s*\(|\.([a-z]\w{1,40})(?:\(\))?\.(?:begin_)?(?:delete|terminate|destroy)\s*\(/g;
const SDK_DRY_RUN = /\b(?:DryRun|dry_run|dryRun)\s*[=:]\s*(?:True|true)\b/;

/** The whole resource a cloud SDK call in code deletes, or undefined. */
function sdkDelete(code: string): string | undefined {
  if (!/delete|terminate|destroy|drop|purge/i.test(code) || SDK_DRY_RUN.test(code)) return undefined;
  for (const match of code.matchAll(SDK_DELETE)) {
    const name = match[1] ?? match[2] ?? match[3] ?? match[4];
    const words = splitWords(name);
    const kind = INFRA_KINDS.test(name) ? name : words.find((_, i) => INFRA_KINDS.test(words.slice(i).join('_')));
    if (kind !== undefined) return `${match[0].replace(/\s*\($/, '')}`;
  }
  return undefined;
}

function assessCode(tool: ToolNameRisk, fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    if (!CODE_KEYS.has(field.key) || field.text.length < 4) continue;
    const code = readCode(field.text);
    for (const item of code.deletes) findings.add('critical', `code: \`${tool.name}\` runs code that deletes ${item.why} \`${item.path}\``);
    for (const item of code.writes)
      findings.add('critical', `code: \`${tool.name}\` runs code that writes to ${item.why} \`${item.path}\``);
    if (code.forkBomb) findings.add('critical', `code: \`${tool.name}\` runs a fork bomb`);
    for (const item of code.secretReads)
      findings.add('critical', `code: \`${tool.name}\` runs code that reads a ${item.why} \`${item.path}\``);
    if (code.decodesAndRuns)
      findings.add('critical', `code: \`${tool.name}\` runs code that decodes text and executes it (what runs is hidden)`);
    if (code.runsFetched !== undefined) findings.add('critical', `code: \`${tool.name}\` runs code that ${code.runsFetched}`);
    if (code.socket && code.spawnsShell) findings.add('critical', `code: \`${tool.name}\` runs code that wires a socket to a shell`);
    if (code.network && code.sensitivePaths.length > 0)
      findings.add(
        'critical',
        `code: \`${tool.name}\` runs code that sends ${code.sensitivePaths[0].why} \`${code.sensitivePaths[0].path}\` over the network`,
      );
    for (const command of code.shellCommands) {
      findings.merge(analyzeShell(command));
      assessHiddenShell(command, findings);
    }
  }
}
