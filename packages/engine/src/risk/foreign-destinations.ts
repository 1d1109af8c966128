// Places that are nobody's own infrastructure: whatever a call sends there has left the
// organisation. A request catcher or tunnel (`webhook.site`, `*.pipedream.net`, `*.ngrok-free.app`,
// out-of-band test hosts), an anonymous file drop or paste site (`transfer.sh`, `file.io`), a
// dynamic-DNS name (a home machine), a rented server's default name (`vps-1.contabo.host`), a bare
// public IP address, a free personal mailbox (`@gmail.com`, `@proton.me`), a consumer cloud drive
// (`mega:`). The organisation's own hosts (`*.internal`, `corp.example`, private addresses) are not.

/** Domains whose every host is a catcher, a tunnel, a drop, a paste site or a home machine (matched with their subdomains). */
const FOREIGN_DOMAINS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /(?:^|\.)(?:webhook\.site|requestbin\.(?:com|net|io)|pipedream\.net|hookbin\.com|beeceptor\.com|requestcatcher\.com|postb\.in|webhook\.cool|ptsv[23]\.com|mockbin\.(?:org|io))$/,
    'request catcher',
  ],
  [
    /(?:^|\.)(?:ngrok(?:-free)?\.(?:app|dev|io)|ngrok\.io|trycloudflare\.com|serveo\.net|loca\.lt|localtunnel\.me|localhost\.run|lhr\.life|pinggy\.(?:link|io)|bore\.pub|telebit\.cloud)$|(?:^|\.)ngrok[\w-]*\./,
    'public tunnel',
  ],
  [
    /(?:^|\.)(?:interact\.sh|oast\.(?:fun|live|site|online|pro|me)|oastify\.com|burpcollaborator\.net|dnslog\.(?:cn|link)|ceye\.io|canarytokens\.com|requestrepo\.com|xss\.ht)$/,
    'out-of-band test host',
  ],
  [
    /(?:^|\.)(?:transfer\.sh|file\.io|0x0\.st|bashupload\.com|termbin\.com|temp\.sh|gofile\.io|catbox\.moe|litterbox\.catbox\.moe|filebin\.net|tmpfiles\.org|pixeldrain\.com|uguu\.se|sendspace\.com|wetransfer\.com|we\.tl|mega\.(?:nz|io|co\.nz)|mediafire\.com|anonfiles?\.[a-z]+|keep\.sh|oshi\.at|x0\.at|ix\.io|sprunge\.us|paste\.ee|pastebin\.com|hastebin\.com|dpaste\.(?:com|org)|paste\.rs|ghostbin\.\w+|rentry\.(?:co|org))$|(?:^|\.)anonfiles?\./,
    'anonymous file drop or paste site',
  ],
  [
    /(?:^|\.)(?:dyndns(?:-\w+)?\.(?:org|com|info|biz|tv)|duckdns\.org|no-ip\.(?:org|biz|com|info)|ddns\.net|hopto\.org|zapto\.org|sytes\.net|servebeer\.com|serveftp\.com|myftp\.(?:org|biz)|freedns\.afraid\.org|mooo\.com|dynu\.(?:net|com)|ddnss\.de|dynv6\.net|duckdns\.\w+|changeip\.com|dnsalias\.\w+|homeip\.net|myddns\.me)$/,
    'dynamic-DNS home host',
  ],
  [
    /(?:^|\.)(?:contabo\.host|vultrusercontent\.com|your-server\.de|vps\.ovh\.(?:net|ca)|members\.linode\.com|ip\.linodeusercontent\.com|hostwindsdns\.com|static\.\d+\.\d+\.\d+\.\d+\.clients\.your-server\.de)$/,
    "rented server's default name",
  ],
];

/** Free personal mailboxes: mail sent there leaves the organisation's control. */
const PERSONAL_MAIL =
  /@(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|ymail|aol|icloud|me|mac|protonmail|proton|pm|tutanota|tuta|gmx|web|mail|yandex|inbox|bk|list|qq|163|126|sina|naver|daum|rediffmail|zoho|fastmail|hushmail|mailfence|disroot|riseup|posteo|mailbox|seznam|libero|laposte|orange|free|t-online|wp|o2|onet|interia|abv)\.(?:com|ch|me|net|org|de|ru|fr|it|pl|cz|co\.uk|co\.jp|jp|cn|io|li|lu)$/i;

/** Consumer cloud drives, as rclone remotes are usually named (`mega:`, `dropbox-personal:`). */
const CONSUMER_DRIVE_REMOTE =
  /^(?:mega|pcloud|dropbox|koofr|jottacloud|opendrive|putio|yandex|fichier|1fichier|icloud|onedrive-?personal|gdrive-?personal|personal[\w-]*|private[\w-]*|home[\w-]*|my[-_]?[\w-]*|[\w-]*[-_](?:personal|private|home|me|mine|own))$/i;

/** Storage names that say the place is for sharing out or for someone else (`x-transfer-public`, `temp-share-77812`). */
const SHARING_BUCKET =
  /(?:^|[-_.])(?:public|share|shared|sharing|transfer|drop|dropzone|exfil|loot|personal|external|outside|anon|pastebin)(?:$|[-_.\d])/i;

/** A bare IPv4 address outside private, loopback, link-local and shared ranges. */
function publicIpv4(host: string): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (match === null) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  if (a === 10 || a === 127 || a === 0 || a >= 224) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 169 && b === 254) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  return true;
}

/** Why a host is outside anyone's own infrastructure, or undefined. */
export function foreignHost(raw: string): string | undefined {
  const host = raw.trim().toLowerCase().replace(/\.$/, '');
  if (host === '' || host.length > 253) return undefined;
  if (publicIpv4(host)) return 'bare public IP address';
  if (!host.includes('.')) return undefined;
  for (const [pattern, why] of FOREIGN_DOMAINS) if (pattern.test(host)) return why;
  return undefined;
}

/** The host a destination names: a URL, `user@host:path`, `host:path`, `user@host`, or a bare host. */
export function hostOfDestination(text: string): string | undefined {
  const trimmed = text.trim();
  const url = /^[a-z][\w+.-]*:\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/?#\s]+)/i.exec(trimmed);
  if (url !== null) return url[1];
  const remote = /^(?:[\w.+-]+@)?([\w-]+(?:\.[\w-]+)+)(?::|$)/.exec(trimmed);
  return remote === null ? undefined : remote[1];
}

/** Why a destination (URL, `host:path`, mail address) is foreign, or undefined. */
export function foreignDestination(text: string): string | undefined {
  if (text.length > 2048) return undefined;
  const mail = /^[^\s@<>"']+@[\w.-]+\.[a-z]{2,}$/i.test(text.trim()) ? personalMailbox(text) : undefined;
  if (mail !== undefined) return mail;
  const host = hostOfDestination(text);
  return host === undefined ? undefined : foreignHost(host);
}

/** Why a mail address is a free personal mailbox (or on a foreign host), or undefined. */
export function personalMailbox(raw: string): string | undefined {
  const address = raw
    .trim()
    .replace(/^.*<([^>]+)>\s*$/, '$1')
    .toLowerCase();
  if (address.length > 254 || !address.includes('@')) return undefined;
  if (PERSONAL_MAIL.test(address)) return 'personal mailbox';
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return foreignHost(domain);
}

/** Why an rclone-style remote (`mega:stash`) is a consumer drive, or undefined. */
export function consumerDriveRemote(text: string): string | undefined {
  const match = /^([\w-]{2,40}):(?!\/\/)/.exec(text.trim());
  return match !== null && CONSUMER_DRIVE_REMOTE.test(match[1]) ? 'consumer cloud drive' : undefined;
}

/**
 * Storage endpoints written as https URLs: S3 virtual-hosted and path style, Google Cloud Storage, and
 * Azure storage accounts (the account owns every container under it, so it stands for the bucket).
 */
const STORAGE_URL =
  /^https:\/\/(?:([\w.-]{3,63})\.s3[.-](?:[\w-]+\.)?amazonaws\.com|s3[.-](?:[\w-]+\.)?amazonaws\.com\/([\w.-]{3,63})|storage\.googleapis\.com\/([\w.-]{3,63})|([a-z0-9]{3,24})\.(?:blob|dfs)\.core\.windows\.net)(?:[/?]|$)/i;

/** The bucket of a storage URL (`s3://b/k`, `gs://b`, `az://`, `r2://`, `https://b.s3.amazonaws.com/k`, `https://acct.blob.core.windows.net/c`), or undefined. */
export function bucketOf(text: string): string | undefined {
  const trimmed = text.trim();
  const scheme = /^(?:s3|s3a|gs|az|r2|b2|oss|cos|wasbs?|abfss?):\/\/([\w.-]{3,63})/i.exec(trimmed)?.[1];
  if (scheme !== undefined || !trimmed.startsWith('https://')) return scheme?.toLowerCase();
  const match = STORAGE_URL.exec(trimmed);
  return match === null ? undefined : (match[1] ?? match[2] ?? match[3] ?? match[4]).toLowerCase();
}

/** The sharing words inside a name that cannot hold separators (Azure storage accounts: `mypersonalstore01`). */
const SHARING_INSIDE = /public|share|transfer|dropzone|exfil|loot|personal|private|external|outside/i;

/** Why a bucket's name says it shares out (`public`, `share`, `drop`, `transfer`), or undefined. */
export function sharingBucket(bucket: string): string | undefined {
  if (SHARING_BUCKET.test(bucket)) return 'storage named for sharing out';
  // `my-stash-jd`, `my_backup`: named as someone's own, as rclone remotes are (`my-…`).
  if (/^my[-_]/i.test(bucket)) return "storage named as someone's own";
  return !/[-_.]/.test(bucket) && SHARING_INSIDE.test(bucket) ? 'storage named for sharing out' : undefined;
}

/**
 * Whether two buckets belong to different owners by their leading name (`acme-prod-pii` and
 * `x-transfer-public`): organisations prefix their buckets with their own name.
 */
export function differentOwners(source: string, destination: string): boolean {
  const owner = (bucket: string): string => bucket.split(/[-_.]/)[0];
  return owner(source) !== owner(destination);
}
