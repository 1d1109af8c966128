// A credential carried in a URL's query string to a host that did not issue it: a live token
// (`?api_key=sk_live_…`, `?token=ghp_…`), a variable that expands to one (`?key=$OPENAI_API_KEY`,
// `${process.env.GITHUB_TOKEN}`, `$env:AZURE_CLIENT_SECRET`), or a query object beside the URL
// (`{url, query: {apikey: "sk_live_…"}}`). Query strings are logged by every proxy and server on
// the way, and the host gets the key itself. Sent to its own issuer (`?token=xoxb-…` to
// slack.com, `?key=AIza…` to Google) it is the ordinary, if poor, way to call that API. A
// variable of unknown vendor (`$OWM_API_KEY`) counts only when the host is nobody's own (a
// catcher, a tunnel, a bare IP), or when its name is a secret no API takes in a query (an AWS
// secret key, a client secret, a password).

import type { Findings } from './findings.ts';
import { foreignHost, hostOfDestination } from './foreign-destinations.ts';
import { internalHost } from './outside-destinations.ts';
import type { PayloadFields } from './payload-fields.ts';
import { runsText } from './run-keys.ts';

/** Live tokens by their shape, with the hosts that issued them. */
const ISSUED_TOKENS: ReadonlyArray<readonly [RegExp, string, RegExp]> = [
  [/^(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}$|^github_pat_\w{60,}$/, 'GitHub token', /github/],
  [/^xox[abposr]-[A-Za-z0-9-]{10,}$/, 'Slack token', /(?:^|\.)slack(?:-edge)?\.com$/],
  [/^(?:sk|rk)_live_[A-Za-z0-9]{16,}$/, 'live Stripe secret key', /(?:^|\.)stripe\.com$/],
  [/^AIza[0-9A-Za-z_-]{35}$/, 'Google API key', /(?:^|\.)(?:googleapis\.com|google\.com|youtube\.com)$/],
  [/^glpat-[A-Za-z0-9_-]{20,}$/, 'GitLab token', /gitlab/],
  [/^(?:AKIA|ASIA)[0-9A-Z]{16}$/, 'AWS access key id', /(?:^|\.)amazonaws\.com$/],
  [/^sk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{32,}$/, 'OpenAI key', /(?:^|\.)openai\.com$/],
  [/^sk-ant-[A-Za-z0-9_-]{32,}$/, 'Anthropic key', /(?:^|\.)anthropic\.com$/],
  [/^SG\.[\w-]{16,32}\.[\w-]{32,64}$/, 'SendGrid key', /(?:^|\.)sendgrid\.(?:com|net)$/],
  [/^npm_[A-Za-z0-9]{36}$/, 'npm token', /(?:^|\.)npmjs\.(?:org|com)$/],
  [/^hf_[A-Za-z0-9]{30,}$/, 'Hugging Face token', /(?:^|\.)huggingface\.co$/],
  [/^shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}$/, 'Shopify token', /(?:^|\.)(?:myshopify|shopify)\.com$/],
  [/^ya29\.[\w-]{20,}$/, 'Google OAuth token', /(?:^|\.)(?:googleapis\.com|google\.com)$/],
  [/^dop_v1_[a-f0-9]{64}$/, 'DigitalOcean token', /(?:^|\.)digitalocean\.com$/],
  [
    /^(?:lin_api_|PMAK-|pypi-|ATATT)[\w-]{20,}$/,
    'service API token',
    /(?:^|\.)(?:linear\.app|getpostman\.com|pypi\.org|atlassian\.(?:net|com))$/,
  ],
];
/** A variable expansion in a query value: shell, PowerShell, Node, Python, Ruby, template. */
const EXPANSION =
  /\{\s*os\.environ\[["']([A-Za-z_]\w*)["']\]\s*\}|\$\{?(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?![.\w])\}?|process\.env\.([A-Za-z_][A-Za-z0-9_]*)|process\.env\[["']([A-Za-z_]\w*)["']\]|os\.environ\[["']([A-Za-z_]\w*)["']\]|os\.(?:getenv|environ\.get)\(["']([A-Za-z_]\w*)["']|ENV\[["']([A-Za-z_]\w*)["']\]|\{\{\s*(?:secrets|env)\.([A-Za-z_]\w*)\s*\}\}/;
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY|API_?KEY|ACCESS_KEY|CREDENTIAL|_KEY$|^KEY$/i;
/** Secrets no API takes in a query string: a query carrying one sends it to be read. */
const NEVER_IN_QUERY =
  /AWS_SECRET|SECRET_ACCESS_KEY|CLIENT_SECRET|PASSWORD|PASSWD|PRIVATE_KEY|DATABASE_URL|DB_PASS|SIGNING_KEY|MASTER_KEY/i;
/** Vendors a variable's name may name; the host must then be that vendor's. */
const VENDORS =
  /^(?:github|gh|gitlab|slack|stripe|openai|anthropic|google|gcp|aws|azure|twilio|sendgrid|datadog|npm|docker|heroku|cloudflare|mailgun|hubspot|shopify|notion|linear|atlassian|jira|sentry|vercel|netlify|supabase|firebase|digitalocean|huggingface|hf|pagerduty|okta|auth0|paypal|plaid|mistral|cohere|groq|replicate|pinecone)$/i;
const VENDOR_HOST: Record<string, string> = { gh: 'github', gcp: 'google', hf: 'huggingface', jira: 'atlassian' };
/** Keys of a query object beside the URL. */
const QUERY_OBJECT_KEYS = new Set(['query', 'params', 'query_params', 'querystring', 'query_string', 'search_params', 'qs']);
/** A query object written in code beside the URL (`params={'k': os.environ['X']}`, `params: {…}`). */
const CODE_PARAMS = /\b(?:params|query|searchParams|qs)\s*[=:]\s*(?:dict\()?\{([^{}]{0,600})\}/g;
/** URLs written in a command or code line. */
// A `{…}` group is kept whole: an f-string's `{os.environ['KEY']}` or a template's `${process.env.KEY}`.
const URL_IN_TEXT = /https?:\/\/(?:[^\s"'`<>{}]|\$?\{[^{}\n]{0,120}\})+/g;

/** Why a query value is a credential the host did not issue, or undefined. */
function misdirectedCredential(value: string, host: string): string | undefined {
  const clean = decodeQuery(value).trim();
  for (const [shape, why, issuer] of ISSUED_TOKENS) if (shape.test(clean)) return issuer.test(host) ? undefined : why;
  const expansion = EXPANSION.exec(clean);
  const name = expansion?.slice(1).find((group) => group !== undefined);
  if (name === undefined || !SECRET_NAME.test(name)) return undefined;
  const vendor = name.split('_')[0].toLowerCase();
  if (foreignHost(host) !== undefined) return `secret-holding variable \`${name}\``;
  if (NEVER_IN_QUERY.test(name)) return `secret-holding variable \`${name}\` (never taken in a query)`;
  if (VENDORS.test(vendor) && !host.includes(VENDOR_HOST[vendor] ?? vendor)) return `${vendor} secret \`${name}\` sent to another host`;
  return undefined;
}

function decodeQuery(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** Whether a URL sends a live token in its query only to the host that issued it (`slack.com/api/…?token=xoxb-…`). */
export function tokenSentToIssuer(text: string): boolean {
  const url = text.trim();
  if (!/^https?:\/\/\S+$/.test(url) || !url.includes('?')) return false;
  const host = hostOfDestination(url)?.toLowerCase();
  if (host === undefined) return false;
  let issued = false;
  for (const value of queryValues(url)) {
    const clean = decodeQuery(value).trim();
    for (const [shape, , issuer] of ISSUED_TOKENS) {
      if (!shape.test(clean)) continue;
      if (!issuer.test(host)) return false;
      issued = true;
    }
  }
  return issued;
}

function hasQueryObject(holder: Record<string, unknown>): boolean {
  for (const key in holder) if (QUERY_OBJECT_KEYS.has(key.toLowerCase())) return true;
  return false;
}

/** The query parameters of a URL text (`a=1&b=2`), values as written. */
function queryValues(url: string): string[] {
  const at = url.indexOf('?');
  if (at < 0) return [];
  return url
    .slice(at + 1)
    .split('#')[0]
    .split('&')
    .slice(0, 32)
    .map((pair) => pair.slice(pair.indexOf('=') + 1));
}

/** Adds a critical finding when a URL's query carries a credential to a host that did not issue it. */
export function assessUrlQuerySecrets(toolName: string, fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length > 65536 || !text.includes('://') || !runsText(field.key)) continue;
    // A query (`?`), a code query object (`params=`), or a query object beside the URL: nothing else can carry one.
    const queryObject = field.holder !== undefined && hasQueryObject(field.holder);
    if (!queryObject && !text.includes('?') && !/params|query|qs\b/.test(text)) continue;
    const urls = /^\s*https?:\/\/\S+\s*$/.test(text) ? [text.trim()] : (text.match(URL_IN_TEXT) ?? []).slice(0, 16);
    for (const url of urls) {
      const host = hostOfDestination(url)?.toLowerCase();
      if (host === undefined || internalHost(host)) continue;
      const values = queryValues(url);
      // Code that builds the query from an object (`requests.get(url, params={…})`).
      if (urls.length === 1 && text !== url)
        for (const match of text.matchAll(CODE_PARAMS)) values.push(...match[1].split(/,(?![^(\[]*[)\]])/));
      // A query object given beside the URL (`{url, query: {apikey}}`).
      if (urls.length === 1 && queryObject && field.holder !== undefined)
        for (const [key, value] of Object.entries(field.holder))
          if (QUERY_OBJECT_KEYS.has(key.toLowerCase()) && value !== null && typeof value === 'object' && !Array.isArray(value))
            for (const item of Object.values(value as Record<string, unknown>).slice(0, 32))
              if (typeof item === 'string') values.push(item);
      for (const value of values) {
        const why = misdirectedCredential(value, host);
        if (why === undefined) continue;
        findings.add('critical', `exfiltration: \`${toolName}\` sends a ${why} in a URL query to \`${host}\``);
        return;
      }
    }
  }
}
