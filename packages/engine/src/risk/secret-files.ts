// Files whose content is a secret that must not reach whoever reads a tool's answer: private
// keys, cloud and registry tokens, password stores, process environments, service-account
// tokens, browser cookie and login stores, Windows credential hives. The same path may be
// written the POSIX way (`~/.ssh/id_rsa`) or the Windows way (`%USERPROFILE%\.ssh\id_rsa`,
// `$env:USERPROFILE\.aws\credentials`, `C:\Users\bob\.kube\config`); both are read here.
// Public halves (`.pub`, `known_hosts`), templates (`.env.example`) and account lists
// (`/etc/passwd`) are not secrets.

import { credentialFile, normalizePath } from './paths.ts';

/** Home-folder prefixes as Windows shells write them; each becomes `~/`. */
const WINDOWS_HOME =
  /^(?:%(?:USERPROFILE|HOMEPATH|HOME)%|\$env:(?:USERPROFILE|HOME|HOMEPATH)|\$\{env:(?:USERPROFILE|HOME)\}|\$HOME|\$\{HOME\}|\$home|~|[A-Za-z]:[\\/](?:Users|Documents and Settings)[\\/][^\\/]+)(?=[\\/])/i;
const APPDATA = /^(?:%APPDATA%|\$env:APPDATA|\$\{env:APPDATA\})(?=[\\/])/i;
const LOCALAPPDATA = /^(?:%LOCALAPPDATA%|\$env:LOCALAPPDATA|\$\{env:LOCALAPPDATA\})(?=[\\/])/i;
const SYSTEM_ROOT = /^(?:%(?:SystemRoot|windir)%|\$env:(?:SystemRoot|windir))(?=[\\/])/i;

/** A path in POSIX form: Windows home, profile and drive forms mapped, backslashes made slashes. */
export function posixPath(raw: string): string {
  let text = raw.trim().replace(/^["']|["']$/g, '');
  if (!text.includes('\\') && !/^[%$]|^[A-Za-z]:/.test(text)) return text;
  text = text
    .replace(WINDOWS_HOME, '~')
    .replace(APPDATA, '~/AppData/Roaming')
    .replace(LOCALAPPDATA, '~/AppData/Local')
    .replace(SYSTEM_ROOT, 'C:/Windows');
  text = text.replace(/\\/g, '/');
  const drive = /^([A-Za-z]):\//.exec(text);
  if (drive) text = `/${drive[1].toLowerCase()}/${text.slice(3)}`;
  return text;
}

/** Any Chromium-family browser's profile, wherever it is installed (snap, flatpak, portable): `…/Default/Login Data`. */
const BROWSER_STORE =
  /\/[^/]*(?:chrom(?:e|ium)|edge|brave|opera|vivaldi|yandex)[^/]*\/(?:[^/]+\/){0,5}(?:Cookies|Login Data(?: For Account)?|Web Data)$/i;

/** Secret stores beyond the credential files of paths.ts (tested on the normalised POSIX path). */
const MORE_SECRETS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/proc\/(?:self|\d+|\$[\w{}()]+|[^/]*)\/environ$/, 'process environment (its variables hold tokens)'],
  [/^\/(?:var\/)?run\/secrets\/|^\/(?:var|etc)\/secrets\//, 'mounted service secret or token'],
  [
    /\/(?:\.config\/(?:google-chrome|chromium|BraveSoftware\/[^/]+|microsoft-edge)|Library\/Application Support\/(?:Google\/Chrome|Chromium|BraveSoftware\/[^/]+|Microsoft Edge)|AppData\/Local\/(?:Google\/Chrome|Microsoft\/Edge|BraveSoftware\/[^/]+)\/User Data)\/[^/]+\/(?:Cookies|Login Data|Web Data|Network\/Cookies)$/i,
    'browser cookie or password store',
  ],
  [
    /\/(?:\.mozilla\/firefox|Library\/Application Support\/Firefox\/Profiles|AppData\/Roaming\/Mozilla\/Firefox\/Profiles)\/[^/]+\/(?:logins\.json|key[34]\.db|cookies\.sqlite)$/i,
    'browser cookie or password store',
  ],
  [/^\/c\/Windows\/System32\/config\/(?:SAM|SECURITY|SYSTEM)$/i, 'Windows credential hive'],
  [/(?:^|\/)ntds\.dit$/i, 'Active Directory password database'],
  [
    /^\/etc\/kubernetes\/(?:(?:super-)?admin|kubelet|controller-manager|scheduler)\.conf$|^\/etc\/kubernetes\/pki\/.+\.key$/,
    "cluster administrator's kubeconfig or key",
  ],
  [
    /^\/etc\/ssh\/ssh_host_\w+_key$|^\/etc\/ssl\/private\/|^\/etc\/letsencrypt\/(?:live|archive)\/[^/]+\/privkey\d*\.pem$/,
    'server private key',
  ],
  [
    /(?:^|\/)(?:\.vault-token|\.my\.cnf|\.boto|\.s3cfg|\.dockercfg|\.git-credentials|\.netrc|_netrc|\.pgpass|\.npmrc|\.pypirc|\.gem\/credentials|\.cargo\/credentials(?:\.toml)?|master\.key|hosts\.yml|accessTokens\.json|msal_token_cache\.(?:json|bin)|application_default_credentials\.json|credentials\.db|access_tokens\.db|\.terraform\.d\/credentials\.tfrc\.json)$/,
    'credential or token file',
  ],
  [
    /(?:^|\/)\.config\/(?:gcloud|gh|hub|doctl|helm\/repositories|rclone|op|configstore\/firebase-tools\.json)\/?|(?:^|\/)(?:\.wrangler\/config|\.snowsql|\.snowflake|\.oci)\/|(?:^|\/)(?:rclone\.conf|\.databrickscfg)$/,
    'CLI credential store',
  ],
  [/(?:^|\/)(?:Library\/Keychains|\.local\/share\/keyrings)\//, 'keychain'],
  // A cloud service account's key file (`service-account.json`, `gcp-sa-key.json`, `keyfile.json`): the account's private key.
  [
    /(?:^|\/)[\w.-]*service[-_]?account[\w.-]*\.json$|(?:^|\/)[\w.-]*[-_]sa[-_]key[\w.-]*\.json$|(?:^|\/)(?:gcp|gcloud|google|firebase)[-_][\w.-]*(?:key|credentials?)[\w.-]*\.json$|(?:^|\/)keyfile\.json$/i,
    'service-account key file',
  ],
];
/** Services that keep their tokens or passwords in their own configuration (tested behind a cheap hint). */
const SERVICE_CONFIG_HINT = /runner|rancher|jenkins|wireguard|NetworkManager|debian\.cnf|cloudflared|vault|wp-config/;
const SERVICE_CONFIG =
  /^\/etc\/gitlab-runner\/config\.toml$|(?:^|\/)\.gitlab-runner\/config\.toml$|^\/etc\/rancher\/(?:k3s\/k3s|rke2\/rke2)\.yaml$|^\/var\/lib\/rancher\/(?:k3s|rke2)\/server\/(?:token|node-token|cred\/)|^\/var\/lib\/jenkins\/(?:secrets\/|credentials\.xml$)|^\/etc\/wireguard\/[^/]+\.conf$|^\/etc\/NetworkManager\/system-connections\/|^\/etc\/mysql\/debian\.cnf$|(?:^|\/)\.cloudflared\/[^/]+\.json$|(?:^|\/)\.vault[-_]pass(?:word)?(?:\.txt)?$|(?:^|\/)wp-config\.php$/;
/** Terraform state keeps every resource's attributes in clear, passwords and keys included. */
const TERRAFORM_STATE = /(?:^|\/)[\w.-]*\.tfstate(?:\.backup)?$/;
/**
 * Files inside secret places that hold nothing secret: a mounted service account's namespace and CA
 * certificate, gh's settings, the Azure CLI's and gcloud's settings (defaults, cloud names, the active
 * configuration's name and account; their tokens live in other files of the same folders).
 */
const NOT_SECRET_INSIDE =
  /\/serviceaccount\/(?:namespace|ca\.crt)$|(?:^|\/)\.config\/gh\/config\.ya?ml$|(?:^|\/)\.azure\/(?:config|clouds\.config)$|(?:^|\/)\.config\/gcloud\/(?:active_config|configurations\/config_[\w-]+)$/;
/** Credential-file hits that are not secrets to print: public halves, host lists, histories. */
const NOT_PRINTED_SECRET =
  /(?:\.pub|known_hosts|authorized_keys2?|\/\.ssh\/config|\.bash_history|\.zsh_history|\.mysql_history|\.psql_history|\/\.ssh|\/\.aws|\/\.kube|\/\.gnupg|\/\.azure|\/\.docker)$/;
const TEMPLATE = /\.(?:example|sample|template|dist|defaults?|tpl)$/i;

/** Why printing this file's content leaks a secret, or undefined. Windows forms accepted. */
export function secretFile(raw: string): string | undefined {
  if (raw.length === 0 || raw.length > 1024) return undefined;
  const posix = posixPath(raw);
  if (/^[a-z][\w+.-]*:\/\//i.test(posix) && !posix.startsWith('file://')) return undefined;
  const path = normalizePath(posix);
  if (TEMPLATE.test(path) || NOT_PRINTED_SECRET.test(path)) return undefined;
  if (
    (path.endsWith('namespace') ||
      path.endsWith('.crt') ||
      path.includes('/gh/') ||
      path.includes('.azure/') ||
      path.includes('gcloud/')) &&
    NOT_SECRET_INSIDE.test(path)
  )
    return undefined;
  if (path.includes('.tfstate') && TERRAFORM_STATE.test(path)) return 'infrastructure state with its secrets';
  if (SERVICE_CONFIG_HINT.test(path) && SERVICE_CONFIG.test(path)) return 'service configuration holding its tokens or passwords';
  // The browser test runs only on paths ending like a store (most paths end otherwise).
  if ((path.endsWith('Cookies') || path.endsWith(' Data') || path.endsWith('Account')) && BROWSER_STORE.test(path))
    return 'browser cookie or password store';
  for (const [pattern, why] of MORE_SECRETS) if (pattern.test(path)) return why;
  if (/^\/etc\/(?:g?shadow|master\.passwd)$/.test(path)) return 'password hash file';
  const credential = credentialFile(path);
  if (/(?:^|\/)\.env(?:\.[\w.-]+)?$/.test(path)) return 'secrets file';
  // An application's own secrets file (Rails `config/secrets.yml`, `credentials.json`, `secrets.toml`).
  if (/(?:^|\/)(?:secrets|credentials)\.(?:ya?ml|json|toml)(?:\.enc)?$/.test(path)) return 'secrets file';
  if (credential === 'credential file' && !/(?:^|\/)(?:sudoers|passwd|group)$/.test(path)) return 'private key or credential file';
  return undefined;
}

/** Folders made of secrets: archiving, serving or syncing one hands out every key in it. */
const SECRET_FOLDER =
  /^~\/(?:\.ssh|\.aws|\.gnupg|\.kube|\.docker|\.azure|\.password-store|\.config\/gcloud|\.config\/gh|\.mozilla|\.config\/google-chrome|Library\/Keychains)$|^\/etc\/ssh$|^\/etc\/ssl\/private$|^\/(?:var\/)?run\/secrets(?:\/[^/]+)*$/;

/** Why a folder holds only secrets, or undefined. */
export function secretFolder(raw: string): string | undefined {
  if (raw.length === 0 || raw.length > 512) return undefined;
  let path = normalizePath(posixPath(raw));
  const home = /^\/(?:root|home\/[^/]+|Users\/[^/]+)(\/.*)$/.exec(path);
  if (home) path = `~${home[1]}`;
  // `~/.config` as a whole (not a folder inside it) holds the token caches of gh, gcloud, rclone and others: sending it sends them.
  if (path === '~/.config') return 'folder of token caches';
  return SECRET_FOLDER.test(path) ? 'folder of keys and credentials' : undefined;
}

/** Environment variables that name a credential file (`cat $KUBECONFIG`). */
export const CREDENTIAL_FILE_VARIABLES =
  /\$\{?(?:KUBECONFIG|AWS_SHARED_CREDENTIALS_FILE|GOOGLE_APPLICATION_CREDENTIALS|DOCKER_CONFIG|NETRC|PGPASSFILE|VAULT_TOKEN|GIT_ASKPASS)\}?/;

/** Instance-metadata and token endpoints that hand out cloud credentials to whoever asks. */
const CREDENTIAL_ENDPOINT =
  /(?:169\.254\.169\.254|\[?fd00:ec2::254\]?|metadata\.google\.internal|metadata\.azure\.com|169\.254\.170\.2)[^\s"']*?(?:security-credentials|identity-credentials|\/token\b|service-accounts\/[^/\s]+\/(?:token|identity)|oauth2\/token|\/v2\/credentials|\$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI)|169\.254\.170\.2\/v2\//i;

/** Whether a URL (or a command word holding one) asks a metadata service for credentials. */
export function credentialEndpoint(text: string): boolean {
  return text.length < 4096 && CREDENTIAL_ENDPOINT.test(text);
}

/** Whether a file inside a secret place holds only settings (`~/.azure/config`, gcloud's `active_config`), so reading it leaks nothing. */
export function settingsOnlyFile(raw: string): boolean {
  const path = normalizePath(posixPath(raw));
  return NOT_SECRET_INSIDE.test(path);
}
