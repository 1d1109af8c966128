// Data smuggled out base64-encoded in a request: a query value (`?d=QVdTX1NFQ1JF…`) or a
// parameter field of a call to a URL. The value is decoded and read: secret content (a private key,
// an AWS key pair, a live token, `PASSWORD=…` lines, account or shadow lines, a connection URL with
// its password) or records of people (several addresses, card numbers, rows of fields) is
// exfiltration whatever the host; any readable text of some length sent encoded
// to a bare public IP address is too, since nothing there is a service one calls by name.

import type { Findings } from './findings.ts';
import { hasAnyKey, type PayloadFields } from './payload-fields.ts';
import { secretValueIn } from './secret-values.ts';

const BASE64 = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;
const ABSOLUTE_URL = /^\s*https?:\/\//i;
const SECRET_LINES =
  /^\s*(?:export\s+)?[A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)[A-Z0-9_]*\s*[=:]\s*\S{4,}|^[\w.-]+:[x*!$][^:\n]*:\d+:\d+:|^\s*aws_secret_access_key\s*=|^[\w.-]+:\$\w+\$/im;
const PERSONAL_RECORDS =
  /[\w.+-]+@[\w-]+\.[\w.-]+[\s\S]*[\n,;|][\s\S]*[\w.+-]+@[\w-]+\.[\w.-]+|\b(?:\d[ -]?){15,16}\b|(?:^[^\n]*[,;:\t|][^\n]*\n){2,}/m;
/** Objects that hold a request's query parameters (a file's base64 `content` sent to an API is not one). */
const QUERY_HOLDERS = new Set(['params', 'query', 'query_params', 'qs', 'search_params', 'querystring', 'query_string', 'get_params']);
const MAX_VALUES = 32;
const MIN_IP_TEXT = 32;

function isUrl(text: string): boolean {
  const first = text.charCodeAt(0);
  return (first === 104 || first === 72 || first === 32) && text.length < 65536 && ABSOLUTE_URL.test(text);
}

/** The text a base64 value stands for when it is readable, else undefined. */
function decodedText(value: string): string | undefined {
  if (value.length < 16 || value.length > 16384 || !BASE64.test(value)) return undefined;
  // Words and identifiers are base64-shaped too: an encoding has mixed case or digits and no long plain runs.
  if (!/[0-9+/=]/.test(value) && !/[a-z][A-Z]|[A-Z]{2}[a-z]/.test(value)) return undefined;
  let text: string;
  try {
    text = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  } catch {
    return undefined;
  }
  if (text.length < 8) return undefined;
  let printable = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 32 && code < 127) || code === 10 || code === 13 || code === 9) printable++;
  }
  return printable / text.length >= 0.95 ? text : undefined;
}

/** A public IPv4 address as the host (not a private, loopback or link-local one). */
function barePublicIp(url: string): boolean {
  const host = /^\s*https?:\/\/(?:[^@/\s]*@)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}(?:[:/?#]|$)/i.exec(url);
  if (host === null) return false;
  const [a, b] = [Number(host[1]), Number(host[2])];
  return !(a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || a === 0);
}

/** Adds a critical finding when a call to a URL carries secret or bulk text base64-encoded. */
export function assessEncodedQuerySecrets(toolName: string, fields: PayloadFields, findings: Findings): void {
  // Only a URL with a query, or parameters beside one, can carry a value: most calls have neither.
  const query =
    fields.strings.some((field) => field.text.charCodeAt(0) === 104 && field.text.includes('?')) || hasAnyKey(fields, QUERY_HOLDERS);
  if (!query) return;
  const urls = fields.strings.filter((field) => isUrl(field.text));
  if (urls.length === 0) return;
  const toIp = urls.some((field) => barePublicIp(field.text));
  const values: Array<{ name: string; value: string }> = [];
  for (const field of urls) {
    const query = field.text.indexOf('?');
    if (query < 0) continue;
    for (const [name, value] of new URLSearchParams(field.text.slice(query + 1).replace(/#.*$/, ''))) values.push({ name, value });
  }
  // Parameters given as fields beside the URL (`{url, params: {v: "…"}}`).
  for (const field of fields.strings)
    if (QUERY_HOLDERS.has(field.parentKey) && !ABSOLUTE_URL.test(field.text) && field.text.length >= 16)
      values.push({ name: field.key, value: field.text.trim() });
  for (const { name, value } of values.slice(0, MAX_VALUES)) {
    const text = decodedText(value);
    if (text === undefined) continue;
    const secret = secretValueIn(text) ?? (SECRET_LINES.test(text) ? 'secret lines' : undefined);
    if (secret !== undefined) {
      findings.add('critical', `exfiltration: \`${toolName}\` sends a ${secret} base64-encoded in \`${name}\``);
      return;
    }
    // Records of people (e-mail addresses, card numbers, lines of fields) are data leaving, whatever the host.
    if (text.length >= MIN_IP_TEXT && PERSONAL_RECORDS.test(text)) {
      findings.add(
        'critical',
        `exfiltration: \`${toolName}\` sends records (addresses, card numbers or rows) base64-encoded in \`${name}\``,
      );
      return;
    }
    if (toIp && text.length >= MIN_IP_TEXT) {
      findings.add('critical', `exfiltration: \`${toolName}\` sends base64-encoded text in \`${name}\` to a bare IP address`);
      return;
    }
  }
}
