// Shell commands that print a secret to their output, which reaches whoever reads the tool's
// answer: a reader (`cat`, `head`, `grep`, `base64`, `sqlite3`, an editor's view…) given a key,
// token or password store; commands whose job is to print a credential (`gcloud auth
// print-access-token`, `kubectl config view --raw`, `security find-generic-password -w`,
// `gpg --export-secret-keys`, `git credential fill`); requests to a cloud metadata service for
// role credentials; and the whole environment (`env`, `printenv`), which is a secret only when
// sent on (the pipeline rules of shell.ts judge that).

import { quote } from './findings.ts';
import { normalizePath } from './paths.ts';
import type { RuleContext } from './shell-rule-context.ts';
import { CREDENTIAL_FILE_VARIABLES, credentialEndpoint, secretFile, secretFolder } from './secret-files.ts';

/** Commands that print (part of) the files they are given. */
const READERS = new Set([
  'cat',
  'tac',
  'head',
  'tail',
  'less',
  'more',
  'most',
  'nl',
  'base64',
  'base32',
  'xxd',
  'od',
  'hexdump',
  'hd',
  'strings',
  'zcat',
  'bat',
  'batcat',
  'view',
  'vim',
  'vi',
  'nvim',
  'nano',
  'emacs',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'awk',
  'gawk',
  'sed',
  'cut',
  'sort',
  'uniq',
  'paste',
  'column',
  'fold',
  'jq',
  'yq',
  'sqlite3',
  'uuencode',
  'type',
  'gc',
  'get-content',
  'select-string',
  'more.com',
  'diff',
  'cmp',
  'comm',
  'iconv',
  'dos2unix',
  'expand',
  'pr',
  'fmt',
  'rev',
  'tr',
]);
/** Whether a command prints (part of) the files or input it is given. */
export function printsFiles(name: string): boolean {
  return READERS.has(name);
}

const ARCHIVERS = /^(?:tar|zip|7z|7za|rar|cpio|gzip|bsdtar)$/;
const SERVERS = /^(?:serve|http-server|httpd|darkhttpd|miniserve)$/;
/** Cheap gate before the metadata-endpoint pattern. */
const METADATA_HINT = /169\.254|metadata|fd00:ec2/i;

/** Public certificates look like keys by extension but hold nothing secret. */
const PUBLIC_CERTIFICATE = /(?:cert|chain|bundle|ca[-_.]|root|pub)[\w.-]*\.(?:pem|crt)$/i;

/** Commands whose output is a credential: name, sub-command words, and a test on the rest. */
const PRINTERS: ReadonlyArray<readonly [string, RegExp, string]> = [
  [
    'gcloud',
    /\bauth\s+(?:application-default\s+)?print-(?:access|identity)-token\b|\bconfig\s+config-helper\b/,
    'prints a live cloud access token',
  ],
  ['az', /\baccount\s+get-access-token\b|\bad\s+sp\s+credential\s+reset\b/, 'prints a live cloud access token'],
  [
    'aws',
    /\bconfigure\s+(?:get\s+\S*(?:secret|session_token|access_key)|export-credentials)\b|\bsts\s+get-session-token\b/,
    'prints cloud credentials',
  ],
  [
    'kubectl',
    /\bconfig\s+view\b.*(?:--raw|--flatten)|\bget\s+secrets?\s+\S+.*(?:\s-o\s*|--output[=\s])\s*['"]?(?:yaml|json|jsonpath|go-template)|\bget\s+secrets?\s+.*(?:-o|--output)[=\s]*['"]?(?:yaml|json|jsonpath|go-template)/,
    'prints cluster credentials or secrets',
  ],
  ['oc', /\bwhoami\s+(?:-t|--show-token)\b|\bextract\s+secrets?\//, 'prints cluster credentials or secrets'],
  ['security', /\b(?:find-(?:generic|internet)-password\b.*\s-\w*[wg]\w*\b|dump-keychain\b.*\s-\w*d\b)/, 'prints keychain passwords'],
  ['gpg', /--export-secret-(?:sub)?keys\b/, 'exports private keys'],
  ['git', /\bcredential\s+fill\b|\bcredential-\w+\s+get\b/, 'prints stored git passwords'],
  // `vault policy read` shows a policy and `vault read sys/…` the server's state, not a secret.
  [
    'vault',
    /^(?:-\S+\s+)*(?:kv\s+get\s+\S|read\s+(?:-\S+\s+)*(?!sys\/)\S)|^(?:-\S+\s+)*(?:token\s+lookup|print\s+token)\b/,
    'prints secrets from the vault',
  ],
  // The private key in text form (`-text`) or re-encoded; `-pubout` prints only the public half.
  [
    'openssl',
    /^(?:pkey|rsa|ec|dsa|pkcs8|pkcs12)\b(?!.*\s-pubout\b)(?!(?=.*\s-noout\b)(?!.*\s-text\b)).*\s-in\s+\S*(?:\.(?:key|pem|p12|pfx)|privkey\S*)(?:\s|$)/,
    'prints a private key',
  ],
  ['op', /\b(?:read\s+op:\/\/|item\s+get\b.*--reveal)/, 'prints secrets from a password manager'],
  ['bw', /\bget\s+(?:password|item)\b/, 'prints secrets from a password manager'],
  ['pass', /\bshow\b|^\s*[\w./-]+\s*$/, 'prints a password from the store'],
  ['heroku', /\bauth:token\b|\bconfig\b.*(?:--json|-s\b|--shell)/, 'prints secrets of an app'],
  ['gh', /\bauth\s+token\b|\bauth\s+status\b.*(?:--show-token|\s-t\b)/, 'prints a GitHub token'],
  // The state holds every resource's attributes in clear, database passwords and keys included.
  ['terraform', /\bstate\s+pull\b|\bshow\s+(?:-\S+\s+)*-json\b/, 'prints infrastructure state with its secrets'],
  ['gcloud', /\bsecrets\s+versions\s+access\b/, 'prints a secret from the secret manager'],
  [
    'aws',
    /\bsecretsmanager\s+get-secret-value\b|\bssm\s+get-parameters?(?:-by-path)?\b.*--with-decryption\b/,
    'prints a secret from the secret manager',
  ],
  ['az', /\bkeyvault\s+(?:secret\s+(?:show|download)|key\s+download|certificate\s+download)\b/, 'prints a secret from the key vault'],
  ['doctl', /\bauth\s+token\b|\bkubernetes\s+cluster\s+kubeconfig\s+show\b/, 'prints a cloud token'],
  // Secret managers' CLIs: `doppler secrets` prints every value unless asked for names only.
  [
    'doppler',
    /^(?:-\S+\s+)*secrets(?:\s+(?:get|download)\b|(?!\s+(?:set|delete|upload|names)\b))(?!.*--only-names)/,
    'prints secrets from the secret manager',
  ],
  [
    'infisical',
    /\b(?:export|secrets)\b(?!\s+(?:set|delete|folders)\b)(?!.*--(?:plain-names|only-names))/,
    'prints secrets from the secret manager',
  ],
  ['chamber', /\b(?:read|export|env)\b/, 'prints secrets from the secret manager'],
  ['sops', /(?:^|\s)(?:-d|--decrypt|decrypt)\b(?!.*\s(?:-i|--in-place|--output)\b)/, 'prints decrypted secrets'],
  ['lpass', /\bshow\b/, 'prints secrets from a password manager'],
  ['gopass', /\b(?:show|cat)\b|^\s*[\w./-]+\s*$/, 'prints secrets from a password manager'],
  ['akeyless', /\bget-(?:secret-value|rotated-secret-value|dynamic-secret-value)\b/, 'prints secrets from the secret manager'],
  ['conjur', /\bvariable\s+(?:get|value)\b/, 'prints secrets from the secret manager'],
  // One variable by name: a secret by its name (`DATABASE_URL` holds the password), not `LOG_LEVEL` or `WEB_CONCURRENCY`.
  [
    'heroku',
    /\bconfig:get\s+(?:-\S+\s+)*[A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|PASS|TOKEN|KEY|CREDENTIALS?|DATABASE_URL|_URL|DSN|AUTH|PRIVATE|CERT)[A-Z0-9_]*\b|\bconfig:get\s+(?:-\S+\s+)*(?![A-Z0-9_]+\b)/,
    'prints secrets of an app',
  ],
  // An output named for a secret (`terraform output -raw db_admin_password`): the value in clear.
  [
    'terraform',
    /\boutput\s+(?:-\S+\s+)*[\w-]*(?:password|passwd|secret|token|private_key|api_key|access_key|credentials?|connection_string)[\w-]*\b/i,
    'prints a secret output of the state',
  ],
];
/** Any other CLI asked to reveal a secret: a secret noun among its sub-command words and a reveal verb (`x secrets get`, `y get-secret-value`). */
const SECRET_NOUN = /^(?:secrets?|passwords?|credentials?|get-secret-value|get-password)$/;
const REVEAL_VERB = /^(?:get|show|read|reveal|export|download|access|decrypt|dump|print|value|get-secret-value|get-password)$/;
const NAMES_ONLY =
  /^(?:--?(?:only-names|names-only|keys-only|name-only|list|help|h)|list|ls|describe|set|put|create|delete|rm|update|rotate)$/;

const PRINTER_PROGRAMS = new Set([
  ...PRINTERS.map(([program]) => program),
  'kubectl',
  'oc',
  'aws',
  'gcloud',
  'az',
  'gh',
  'fly',
  'flyctl',
  'vercel',
  'netlify',
]);

/** The first words before any option: a secret noun and a reveal verb, and nothing that only lists or writes. */
function revealsSecret(words: readonly string[]): boolean {
  const head = words.slice(0, 4);
  if (!head.some((word) => SECRET_NOUN.test(word)) || words.some((word) => NAMES_ONLY.test(word))) return false;
  return head.some((word) => REVEAL_VERB.test(word));
}

/** Adds findings when the command prints a secret; marks the summary so a later sender is exfiltration. */
export function secretReadRule(c: RuleContext): void {
  const rest = c.args.map((word) => word.text).join(' ');
  for (const [program, pattern, why] of PRINTERS) {
    if (c.name === program && pattern.test(rest)) {
      c.scan.add('critical', `shell: ${why} (${quote(`${c.name} ${rest}`)})`);
      c.summary.readsSensitive ??= { path: `${c.name} output`, why };
      return;
    }
  }
  if (!PRINTER_PROGRAMS.has(c.name) && revealsSecret(c.args.map((word) => word.text))) {
    const why = 'prints secrets from a secret store';
    c.scan.add('critical', `shell: ${why} (${quote(`${c.name} ${rest}`)})`);
    c.summary.readsSensitive ??= { path: `${c.name} output`, why };
    return;
  }
  for (const word of c.args) {
    if (METADATA_HINT.test(word.text) && credentialEndpoint(word.text)) {
      c.scan.add('critical', `shell: asks the cloud metadata service for credentials (${quote(word.text)})`);
      c.summary.readsSensitive ??= { path: word.text, why: 'cloud role credentials' };
      return;
    }
  }
  if (c.name === 'printenv' && c.args.every((word) => word.text.startsWith('-'))) environmentDump(c);
  archiveOrServeRule(c);
  archiveMemberPrintRule(c);
  if (SEARCHERS.has(c.name)) credentialHunt(c);
  if (!READERS.has(c.name)) return;
  for (const word of c.args) {
    const text = word.text;
    if (text === '' || (text.startsWith('-') && !text.includes('='))) continue;
    const path = text.startsWith('-') ? text.slice(text.indexOf('=') + 1) : text.replace(/^(?:if|in|file)=/, '');
    const why = CREDENTIAL_FILE_VARIABLES.test(path)
      ? 'credential file named by its variable'
      : (secretFile(path) ?? c.scan.secretCopies.get(normalizePath(path)));
    if (why === undefined || PUBLIC_CERTIFICATE.test(path)) continue;
    c.scan.add('critical', `shell: prints a ${why} ${quote(path)} (${c.name})`);
    c.summary.readsSensitive ??= { path, why };
    return;
  }
}

const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'git-grep']);
/** A pattern that looks for secrets: `password`, `secret`, `api_key`, `token`, `BEGIN … PRIVATE KEY`, `AKIA`. */
const SECRET_PATTERN = /passw(?:or)?d|passwd|secret|api[_-]?key|access[_-]?key|token|private key|PRIVATE KEY|AKIA|credential/i;
/** Folders searched whole, outside any project: the system's configuration, homes, the root. */
const SYSTEM_OR_HOMES = /^(?:\/|\/etc\/?|\/home\/?|\/root\/?|\/var\/?|\/opt\/?|\/srv\/?|\/Users\/?|~\/?|\$HOME\/?|C:\\?)$/;

/** `grep -r password /etc`, `rg -i 'api_key' ~`: a recursive search for secrets over the system or the homes prints what it finds. */
function credentialHunt(c: RuleContext): void {
  const texts = c.args.map((word) => word.text);
  const recursive =
    c.name !== 'grep' || texts.some((text) => /^-[a-zA-Z]*[rR][a-zA-Z]*$|^--(?:recursive|dereference-recursive)$/.test(text));
  if (!recursive || texts.some((text) => /^-[a-zA-Z]*[lLc][a-zA-Z]*$|^--(?:files-with-matches|count)$/.test(text))) return;
  const operands = texts.filter((text) => !text.startsWith('-'));
  if (!operands.some((text) => SECRET_PATTERN.test(text)) || !operands.slice(1).some((text) => SYSTEM_OR_HOMES.test(text))) return;
  const why = 'secrets found by searching the system or the home folders';
  c.scan.add('critical', `shell: prints ${why} (${quote(`${c.name} ${texts.join(' ')}`)})`);
  c.summary.readsSensitive ??= { path: `${c.name} output`, why };
}

/** Archivers and file servers given a whole secret folder (`tar cz ~/.ssh`, `python3 -m http.server -d ~/.ssh`). */
function archiveOrServeRule(c: RuleContext): void {
  if (!ARCHIVERS.test(c.name) && !SERVERS.test(c.name) && !c.name.startsWith('python') && c.name !== 'php') return;
  const texts = c.args.map((word) => word.text);
  // A file server given the whole file system, the home folders or /etc serves the secrets inside them too.
  const serving = SERVERS.test(c.name) || texts.some((word) => /^http\.server$|^SimpleHTTPServer$/.test(word));
  const wide = serving ? texts.find((text) => /^(?:\/|~\/?|\/root\/?|\/home\/?|\/Users\/?|\/etc\/?)$/.test(text)) : undefined;
  const folder = texts.find((text) => secretFolder(text) !== undefined) ?? wide;
  if (folder === undefined) return;
  const why = secretFolder(folder) ?? (folder === wide ? 'folder holding every secret below it' : 'secret folder');
  if (ARCHIVERS.test(c.name)) {
    c.summary.readsSensitive ??= { path: folder, why };
    // Where the archive goes: a named file keeps the secret (a later upload sends it); stdout prints it.
    const fileOption = texts.findIndex((text) => /^-[a-zA-Z]*f$|^--file$/.test(text));
    const named =
      c.name === 'tar' && /^[a-zA-Z]*f[a-zA-Z]*$/.test(texts[0] ?? '') && !texts[0].startsWith('-')
        ? texts[1]
        : fileOption >= 0
          ? texts[fileOption + 1]
          : c.name === 'tar'
            ? undefined
            : texts.find((text) => !text.startsWith('-'));
    if (named !== undefined && named !== '-' && named !== folder) c.scan.secretCopies.set(normalizePath(named), why);
    else if (c.site.inPipe || named === '-') c.scan.add('critical', `shell: archives a ${why} ${quote(folder)} to its output (${c.name})`);
  } else if (c.args.some((word) => /^http\.server$|^SimpleHTTPServer$/.test(word.text)) || SERVERS.test(c.name)) {
    c.scan.add('critical', `shell: serves a ${why} ${quote(folder)} over the network (${c.name})`);
  }
}

/** `env` or `printenv` with no arguments prints every variable: a secret only when sent on. */
export function environmentDump(c: { summary: { readsSensitive?: { path: string; why: string } } }): void {
  c.summary.readsSensitive ??= { path: 'the environment', why: 'process environment' };
}

/**
 * Archive tools that print members to their output (`unzip -p backup.zip home/ops/.ssh/id_rsa`,
 * `tar -xOf b.tar etc/shadow`, `7z e -so b.7z .aws/credentials`): a secret member is printed like a file.
 */
function archiveMemberPrintRule(c: RuleContext): void {
  const texts = c.args.map((word) => word.text);
  let members: string[];
  if (c.name === 'unzip' && texts.some((text) => /^-\w*[pc]\w*$/.test(text))) {
    members = texts.filter((text) => !text.startsWith('-')).slice(1);
  } else if (
    c.name === 'tar' &&
    texts.some((text) => /^-?[a-zA-Z]*O[a-zA-Z]*$/.test(text) || text === '--to-stdout') &&
    texts.some((text) => /^-?[a-zA-Z]*x/.test(text) || text === '--extract' || text === '--get')
  ) {
    // The archive follows the `f` option; the rest are members.
    const operands = texts.filter((text) => !text.startsWith('-') && !/^[a-zA-Z]+$/.test(text));
    members = operands.slice(1);
  } else if (/^7z[ar]?$/.test(c.name) && texts.includes('-so') && /^[ex]$/.test(texts[0] ?? '')) {
    members = texts
      .slice(1)
      .filter((text) => !text.startsWith('-'))
      .slice(1);
  } else return;
  for (const member of members) {
    // Members are stored without their leading `/` (`home/ops/.ssh/id_rsa`, `etc/shadow`).
    const why = secretFile(member.startsWith('/') || member.startsWith('~') ? member : `/${member}`) ?? secretFile(member);
    if (why === undefined || PUBLIC_CERTIFICATE.test(member)) continue;
    c.scan.add('critical', `shell: prints a ${why} ${quote(member)} out of an archive (${c.name})`);
    c.summary.readsSensitive ??= { path: member, why };
    return;
  }
}
