// Secrets written out in a call's arguments rather than named by a path: a private key block, an
// AWS key pair, a live API token (GitHub, Slack, Stripe, Google), a connection URL with its
// password, or a variable that expands to one
// (`${AWS_SECRET_ACCESS_KEY}`). Handed to a tool that sends (a webhook, a chat post, an HTTP body,
// a mail), the secret leaves the machine. Fields that authenticate the call itself (headers,
// `token`, `api_key`) carry credentials by design and are not read.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { tokenSentToIssuer } from './url-query-secrets.ts';

const PRIVATE_KEY_BLOCK = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const AWS_KEY_ID = /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/;
// The secret stands alone or after a name and `=`/`:` (`AWS_SECRET_ACCESS_KEY=…`).
const AWS_SECRET = /(?:^|[^A-Za-z0-9/+=]|[A-Za-z_][=:])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/;
/** A connection URL with its password (`postgres://admin:Winter2026!@db:5432/app`); placeholders are not passwords. */
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]{1,20}:\/\/([^\s:/@'"]{1,64}):([^\s@/'"]{4,128})@([\w.-]+)/i;
const LOCAL_HOST = /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|host\.docker\.internal|[\w.-]*example\.(?:com|org|net))$/i;
/** A password told in a sentence (`the root password is Hunter2!26`, `pwd: x9$Lq…`). */
const PROSE_PASSWORD =
  /\b(?:password|passwd|passphrase|pwd|passcode)\b(?:\s+(?:for|of|to)\s+[\w.@:/-]{1,40})?\s*(?:is|=|:|->)\s*["'`]?([^\s"'`]{8,64})/i;
const PLACEHOLDER_PASSWORD =
  /^(?:pass(?:word)?|pwd|secret|changeme|example|postgres|root|admin|test|guest|demo|x+|\*+|\.+)$|^[$%<{[]|[$}>\]]$/i;
const LIVE_TOKENS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b|\bgithub_pat_\w{60,}/, 'GitHub token'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}/, 'Slack token'],
  [/\b(?:sk|rk)_live_[A-Za-z0-9]{16,}/, 'live Stripe secret key'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/, 'Google API key'],
  [/\bglpat-[A-Za-z0-9_-]{20,}/, 'GitLab token'],
];
/**
 * A variable the sending tool or a template expands, whose name says it holds a secret, standing as
 * a value on its own line (`${AWS_SECRET_ACCESS_KEY}`, `key=$DB_PASSWORD`); prose that names one
 * ("set ${API_TOKEN} in CI") sends no secret.
 */
const SECRET_VARIABLE =
  /^\s*(?:[\w.-]{1,40}\s*[=:]\s*)?["']?\$\{?\{?\s*(?:env\.)?[A-Z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ACCESS_KEY|CREDENTIALS?)[A-Z0-9_]*\s*\}?\}?["']?\s*$/m;
/** Fields that authenticate the call itself. */
const AUTH_KEYS =
  /^(?:headers?|authorization|auth|token|access_token|api_key|apikey|x_api_key|bearer|password|secret|client_secret|credentials?|cookie|signature|key)$/;
const CHEAP_GATE =
  /-----BEGIN|LS0tLS1CRUdJTi|AKIA|ASIA|_[A-Za-z0-9]{20}|xox|_live_|AIza|glpat-|\$|:\/\/[^\s@/]*:[^\s@/]*@|[Pp]ass|PASS|[Pp]wd|PWD/;
/** A name that says secret or token, followed by `=` or `:` (tested only on texts with one of them). */
const NAMED_GATE = /(?:SECRET|TOKEN|[Ss]ecret|[Tt]oken|API_KEY|ACCESS_KEY|PRIVATE_KEY)[\w"']*\s*[=:]/;
/** A PEM block in base64 (`client-key-data: LS0tLS1CRUdJTi…` in a kubeconfig): decoded to see whether it is a private key. */
const ENCODED_PEM = /LS0tLS1CRUdJTi[A-Za-z0-9+/]{8,120}/;
/**
 * A value written after a name that says it is a secret (`AWS_SECRET_ACCESS_KEY=wJalr…`,
 * `DB_PASSWORD=Pr0d-S3cret!`, `"api_token": "9f8e…"`): letters mixed with digits or signs, not a
 * variable, a placeholder or a word.
 */
const NAMED_SECRET =
  /(?:^|[^A-Za-z0-9])([A-Za-z0-9_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE_KEY|API_KEY|ACCESS_KEY)[A-Za-z0-9_]*)["']?\s*[=:]\s*["']?([^\s"'$<{,;]{8,200})/gi;
/** Names about a secret rather than holding one (`page_token`, `token_type`, `password_file`, `secret_name`). */
const NOT_A_SECRET_NAME = /page|next|csrf|xsrf|type|name|url|uri|file|path|_id\b|expir|length|count|policy|reset|hint/i;

/** Keys whose fields are what a call sends. */
const SENT_CONTENT_KEYS = new Set(['body', 'json', 'data', 'payload', 'content', 'form', 'request_body', 'message', 'fields']);

/** What secret a text carries, or undefined. */
export function secretValueIn(text: string): string | undefined {
  if (text.length > 65536) return undefined;
  if (!CHEAP_GATE.test(text)) return (text.includes('=') || text.includes(':')) && NAMED_GATE.test(text) ? namedSecret(text) : undefined;
  if (PRIVATE_KEY_BLOCK.test(text)) return 'private key';
  if (AWS_KEY_ID.test(text) && AWS_SECRET.test(text.replace(AWS_KEY_ID, ''))) return 'AWS access key pair';
  for (const [pattern, why] of LIVE_TOKENS) if (pattern.test(text)) return why;
  if (SECRET_VARIABLE.test(text)) return 'secret-holding variable';
  const encoded = text.includes('LS0tLS1CRUdJTi') ? ENCODED_PEM.exec(text)?.[0] : undefined;
  if (encoded !== undefined && /^-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY/.test(Buffer.from(encoded, 'base64').toString('latin1')))
    return 'private key (base64)';
  const named = namedSecret(text);
  if (named !== undefined) return named;
  const told = PROSE_PASSWORD.exec(text)?.[1];
  if (told !== undefined && /\d|[^\w\s]/.test(told) && /[A-Za-z]/.test(told) && !PLACEHOLDER_PASSWORD.test(told))
    return 'password written in the text';
  const url = text.includes('://') ? URL_PASSWORD.exec(text) : null;
  // A local development default (`postgres://postgres:postgres@localhost`) is no one's secret.
  if (url !== null && !PLACEHOLDER_PASSWORD.test(url[2]) && url[2] !== url[1] && !LOCAL_HOST.test(url[3]))
    return 'connection URL with its password';
  return undefined;
}

/** A value written after a name that says it is a secret, or undefined. */
function namedSecret(text: string): string | undefined {
  for (const match of text.matchAll(NAMED_SECRET)) {
    const value = match[2];
    if (NOT_A_SECRET_NAME.test(match[1])) continue;
    if (
      /[A-Za-z]/.test(value) &&
      /\d|[^\w]/.test(value) &&
      !PLACEHOLDER_PASSWORD.test(value) &&
      !/^(?:x+|\*+|redacted|none|null|true|false)$/i.test(value)
    )
      return 'secret written after its name';
  }
  return undefined;
}

/** On a tool that sends: a secret written in what it sends is exfiltration. */
export function assessSentSecretValues(toolName: string, fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    // A `key` inside what is sent (`body: {key: "-----BEGIN…"}`) is content, not the call's own credential.
    if ((AUTH_KEYS.test(field.key) && !SENT_CONTENT_KEYS.has(field.parentKey)) || AUTH_KEYS.test(field.parentKey)) continue;
    const why = secretValueIn(field.text);
    // A token in the query of a call to the API that issued it authenticates that call.
    if (why === undefined || tokenSentToIssuer(field.text)) continue;
    findings.add('critical', `exfiltration: \`${toolName}\` sends a ${why} written in \`${field.key || 'its payload'}\``);
    return;
  }
}
