// What a file-system path means for risk: the root or a top-level system folder, a system file,
// a credential, a place where a write plants persistence (sudoers, authorized_keys, shell start-up
// files, cron), a block device. Paths are compared after lexical normalisation, so `/tmp/../etc`,
// `//etc/`, `~/.ssh/../.ssh/id_rsa` and `/./` cannot hide what they are.

/** Top-level folders whose recursive deletion (or permission change) wrecks a system. */
const TOP_SYSTEM_DIRS = new Set([
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'opt',
  'proc',
  'root',
  'run',
  'sbin',
  'srv',
  // The data root of many servers and containers (`/data`), where the databases and uploads live.
  'data',
  'sys',
  'usr',
  'var',
  'mnt',
  'media',
  'snap',
  'System',
  'Users',
  'Library',
  'Applications',
  'private',
]);

/** Second-level folders that are just as vital as the top-level ones. */
const DEEP_SYSTEM_DIRS = new Set([
  '/usr/bin',
  '/usr/sbin',
  '/usr/lib',
  '/usr/lib64',
  '/usr/local',
  '/usr/share',
  '/usr/include',
  '/var/lib',
  '/var/log',
  '/var/spool',
  '/var/www',
  '/var/mail',
  '/var/backups',
  '/var/opt',
  '/etc/ssh',
  '/etc/ssl',
  '/etc/pam.d',
  '/etc/systemd',
  '/etc/init.d',
  '/etc/default',
  '/etc/security',
  '/etc/sudoers.d',
  '/etc/cron.d',
  '/etc/apt',
  '/etc/network',
  '/etc/profile.d',
  '/var/lib/mysql',
  '/var/lib/postgresql',
  '/var/lib/docker',
]);

/** Shell start-up files: a line added here runs in every future shell of that user. */
const STARTUP_FILES = new Set([
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.zlogin',
  '.zlogout',
  '.cshrc',
  '.tcshrc',
  '.kshrc',
  '.mkshrc',
  '.login',
  '.inputrc',
  'config.fish',
]);

/** Files in a home folder that hold credentials. */
const HOME_CREDENTIAL_PREFIXES = [
  '.ssh/',
  '.gnupg/',
  '.aws/',
  '.azure/',
  '.kube/',
  '.docker/config.json',
  '.netrc',
  '.pgpass',
  '.git-credentials',
  '.npmrc',
  '.pypirc',
  '.config/gcloud/',
  // gh keeps its tokens in hosts.yml; config.yml holds only settings.
  '.config/gh/hosts.yml',
  '.bash_history',
  '.zsh_history',
  '.mysql_history',
  '.psql_history',
  '.vault-token',
  '.terraform.d/credentials',
];

/** File names that hold credentials wherever they are. */
// FileZilla's and WinSCP's saved sites, s3cmd's and boto's settings and rclone's remotes hold passwords and tokens.
const CREDENTIAL_NAMES =
  /^(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?|sitemanager\.xml|recentservers\.xml|winscp\.ini|\.s3cfg|\.boto|rclone\.conf|authorized_keys2?|known_hosts|shadow|gshadow|master\.passwd|sudoers|\.env(?:\.[\w.-]+)?|credentials(?:\.json|\.csv)?|\.htpasswd|wallet\.dat|[\w.-]+\.(?:pem|key|p12|pfx|kdbx|keystore|jks|ovpn))$/i;

/** Folders whose files count as system files (their upload leaks the system, their removal breaks it). */
const SYSTEM_PREFIXES = [
  '/etc/',
  '/boot/',
  '/bin/',
  '/sbin/',
  '/lib/',
  '/lib32/',
  '/lib64/',
  '/libx32/',
  '/usr/',
  '/var/log/',
  '/var/lib/',
  '/var/spool/',
  '/var/backups/',
  '/proc/',
  '/sys/',
  '/root/',
];

/** System folders whose content is routinely cleaned, so removing files there is not critical. */
const ROUTINE_CLEANUP_PREFIXES = [
  '/usr/local/',
  '/usr/src/',
  '/var/lib/apt/lists/',
  '/var/cache/',
  '/var/tmp/',
  '/tmp/',
  '/usr/share/doc/',
  '/usr/share/man/',
  '/var/lib/docker/tmp/',
];

/** Devices that are not storage: reading or writing them is harmless. */
const HARMLESS_DEVICES = /^\/dev\/(?:null|zero|u?random|full|stdin|stdout|stderr|tty\w*|pts\/|fd\/|shm\/|tcp\/|udp\/|console$)/;
const BLOCK_DEVICE =
  /^\/dev\/(?:[shv]d[a-z]|xvd[a-z]|nvme\d|mmcblk\d|r?disk\d|dm-\d|md\d|mapper\/|loop\d|sr\d|nbd\d|mem$|kmem$|port$|disk\/|root$)/;

/**
 * Lexically normalises a path: `~` and `~user` forms become `~/…` and `/home/user/…`, `.` and
 * `..` are resolved, repeated and trailing slashes dropped. Relative paths stay relative.
 */
export function normalizePath(raw: string): string {
  let text = raw.trim();
  if (text.startsWith('file://')) text = text.slice(7);
  let prefix: '' | '/' | '~/' = '';
  if (text === '~' || text.startsWith('~/')) {
    prefix = '~/';
    text = text.slice(1);
  } else if (text.startsWith('~')) {
    const slash = text.indexOf('/');
    const user = slash < 0 ? text.slice(1) : text.slice(1, slash);
    text = (user === 'root' ? '/root' : `/home/${user}`) + (slash < 0 ? '' : text.slice(slash));
    prefix = '/';
  } else if (text.startsWith('/')) {
    prefix = '/';
  }
  const out: string[] = [];
  let leadingUp = 0;
  for (const segment of text.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0) out.pop();
      else if (prefix === '') leadingUp += 1;
      continue;
    }
    out.push(segment);
  }
  const body = out.join('/');
  if (prefix === '~/') return body === '' ? '~' : `~/${body}`;
  if (prefix === '/') return `/${body}`;
  const up = '../'.repeat(leadingUp);
  return up + body === '' ? '.' : (up + body).replace(/\/$/, '');
}

/** The part of a path inside a home folder (`~/x`, `/root/x`, `/home/u/x` give `x`), or undefined. */
function homeRelative(path: string): string | undefined {
  if (path.startsWith('~/')) return path.slice(2);
  if (path.startsWith('/root/')) return path.slice(6);
  if (path.startsWith('/home/')) {
    const slash = path.indexOf('/', 6);
    return slash < 0 ? undefined : path.slice(slash + 1);
  }
  if (path.startsWith('/Users/')) {
    const slash = path.indexOf('/', 7);
    return slash < 0 ? undefined : path.slice(slash + 1);
  }
  return undefined;
}

export function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? path : path.slice(slash + 1);
}

/**
 * Whether a recursive delete (or permission change) of this path wrecks a system: `/`, `/*`,
 * a home folder, a top-level system folder or a vital second-level one, with or without a
 * trailing glob. Returns the normalised path, or undefined.
 */
export function rootLikeTarget(raw: string): string | undefined {
  // `C:/Users/bob`, `C:\`: a Windows drive's folders are read as the root's (`/Users/bob` is a home folder).
  const drive = /^[A-Za-z]:(?=[\\/]|$)/.test(raw.trim()) ? raw.trim().slice(2).replace(/\\/g, '/') : undefined;
  let path = normalizePath(drive === undefined ? raw : drive === '' ? '/' : drive);
  // `/*`, `/.*`, `/**` delete the folder's content: as bad as the folder.
  for (let i = 0; i < 4; i++) {
    const stripped = path.replace(/\/(?:\*|\.\*|\*\*|\*\.\*|\.\[!.\]\*)$/, '');
    if (stripped === path) break;
    path = stripped === '' ? '/' : stripped;
  }
  if (path === '*' && raw.trim().startsWith('/')) path = '/';
  if (path === '/' || path === '~' || path === '/root') return path;
  if (/^\/home\/[^/]+$/.test(path) || /^\/Users\/[^/]+$/.test(path)) return path;
  if (path.startsWith('/') && path.indexOf('/', 1) < 0 && TOP_SYSTEM_DIRS.has(path.slice(1))) return path;
  if (DEEP_SYSTEM_DIRS.has(path)) return path;
  // WSL's view of a Windows drive (`/mnt/c`, `/mnt/c/Users`, `/mnt/c/Windows/System32`): the drive root or its system folders.
  if (/^\/mnt\/[a-z](?:\/(?:windows(?:\/system32)?|users|program files(?: \(x86\))?|programdata|boot))?$/i.test(path)) return path;
  // `/srv/site`, `/data/pg`: what a server serves and stores; `/opt/data`, `/mnt/backups`: a folder named for data.
  if (/^\/(?:srv|data)\/[^/]+$/.test(path) || DATA_FOLDER.test(path)) return path;
  const home = homeRelative(path);
  if (home !== undefined && (home === '.ssh' || home === '.gnupg' || home === '.config' || USER_FILE_FOLDERS.has(home))) return path;
  return undefined;
}

/** A folder one level under `/opt`, `/mnt`, `/media` or `/var` whose name says it holds data, databases or backups. */
const DATA_FOLDER =
  /^\/(?:opt|mnt|media|var)\/(?:[\w.-]*[-_.])?(?:data|db|dbs|database|databases|backup|backups|storage|uploads|volumes|pgdata)(?:[-_.][\w.-]*)?$/i;
/** The folders of a home where a person's own files live (not caches, downloads or projects). */
const USER_FILE_FOLDERS = new Set(['Documents', 'Desktop', 'Pictures', 'Photos', 'Music', 'Videos', 'Movies', 'OneDrive']);

/** Top-level folders whose recursive permission change breaks the system (home folders excluded: `chown -R me ~` is routine). */
const PERMISSION_CRITICAL_DIRS = new Set([
  '/',
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/proc',
  '/root',
  '/sbin',
  '/sys',
  '/usr',
  '/var',
  '/usr/bin',
  '/usr/sbin',
  '/usr/lib',
  '/var/lib',
  '/etc/ssh',
  '/etc/sudoers.d',
  '/home',
]);

/** Whether a recursive chmod/chown of this path breaks the system; returns the normalised folder. */
export function permissionCriticalTarget(raw: string): string | undefined {
  const root = rootLikeTarget(raw);
  return root !== undefined && PERMISSION_CRITICAL_DIRS.has(root) ? root : undefined;
}

/** Whether the path is a storage block device (a disk, a partition, memory). */
export function isBlockDevice(raw: string): boolean {
  const path = normalizePath(raw);
  return BLOCK_DEVICE.test(path) && !HARMLESS_DEVICES.test(path);
}

/** Why writing this path plants persistence or damages the system, or undefined when it does not. */
export function criticalWriteTarget(raw: string): string | undefined {
  // `C:\Users\ana\AppData\…\Startup\x.bat`: Windows separators read as slashes.
  const path = normalizePath(raw.includes('\\') ? raw.replace(/\\/g, '/') : raw);
  const name = baseName(path);
  if (path === '/etc/sudoers' || path.startsWith('/etc/sudoers.d/')) return 'sudoers';
  if (/^authorized_keys2?$/.test(name)) return 'SSH authorized_keys';
  const home = homeRelative(path);
  if (home !== undefined && home.startsWith('.ssh/')) return 'SSH configuration';
  if (STARTUP_FILES.has(name)) return 'shell start-up file';
  if (
    /^\/etc\/(?:profile|bash\.bashrc|bashrc|zshrc|zprofile|zshenv|environment|csh\.cshrc|csh\.login)$/.test(path) ||
    /^\/etc\/(?:profile\.d|zsh)\//.test(path)
  )
    return 'shell start-up file';
  if (/^\/etc\/(?:passwd|shadow|group|gshadow|master\.passwd)$/.test(path)) return 'account database';
  if (/^\/etc\/(?:crontab|anacrontab)$/.test(path) || /^\/etc\/cron\.[\w]+\//.test(path) || path.startsWith('/var/spool/cron/'))
    return 'cron schedule';
  if (path.startsWith('/etc/ld.so.')) return 'dynamic loader configuration';
  if (
    path === '/etc/rc.local' ||
    /^\/etc\/(?:init\.d|rc\d\.d|systemd|xdg\/autostart)\//.test(path) ||
    /^\/(?:usr\/)?lib\/systemd\//.test(path) ||
    (home !== undefined && /^\.config\/(?:systemd|autostart)\//.test(home)) ||
    // macOS launchd jobs start at login or boot; the Windows Startup folder runs what it holds at logon.
    /^\/(?:System\/)?Library\/(?:LaunchAgents|LaunchDaemons)\//.test(path) ||
    (home !== undefined && /^Library\/LaunchAgents\//.test(home)) ||
    /\/Start Menu\/Programs\/Startup\//i.test(path)
  )
    return 'service or autostart definition';
  if (path.startsWith('/etc/ssh/')) return 'SSH daemon configuration';
  if (/^\/etc\/(?:pam\.d|security)\//.test(path)) return 'authentication configuration';
  if (path.startsWith('/boot/')) return 'boot files';
  if (/^\/(?:usr\/)?(?:s?bin|lib(?:32|64|x32)?)\//.test(path)) return 'system binaries';
  if (path === '/proc/sysrq-trigger') return 'kernel trigger';
  if (
    /^\/proc\/sys\/kernel\/(?:randomize_va_space|yama\/ptrace_scope|kptr_restrict|dmesg_restrict|modules_disabled|core_pattern)$/.test(path)
  )
    return 'kernel protection switch';
  if (isBlockDevice(path)) return 'block device';
  return undefined;
}

/** Whether the path is inside a system folder (writes there need root and change the system). */
export function isSystemPath(raw: string): boolean {
  const path = normalizePath(raw);
  if (SYSTEM_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  return /^\/(?:etc|usr|var\/log|var\/lib|boot|bin|sbin|lib\d*|proc|sys)$/.test(path);
}

/**
 * Why removing this path breaks the system or destroys evidence (a system file, a log, a
 * credential, a start-up file), or undefined. Routine cleanup folders (`/var/cache`,
 * `/var/lib/apt/lists`, `/usr/local`) are not included.
 */
export function protectedDeleteTarget(raw: string): string | undefined {
  const path = normalizePath(raw);
  if (ROUTINE_CLEANUP_PREFIXES.some((prefix) => path.startsWith(prefix))) return undefined;
  // Enabled-site links of web servers are removed routinely; the site itself stays.
  if (/^\/etc\/(?:nginx|apache2|httpd)\/(?:sites|conf|mods)-enabled\//.test(path)) return undefined;
  if (path.startsWith('/var/log/')) return 'system log';
  const write = criticalWriteTarget(path);
  if (write !== undefined) return write;
  if (credentialFile(path) !== undefined) return 'credential file';
  if (SYSTEM_PREFIXES.some((prefix) => path.startsWith(prefix)) && !path.startsWith('/root/')) return 'system file';
  return undefined;
}

/** Why the path holds credentials (SSH keys, cloud credentials, password hashes), or undefined. */
export function credentialFile(raw: string): string | undefined {
  const path = normalizePath(raw);
  const home = homeRelative(path);
  if (home !== undefined && HOME_CREDENTIAL_PREFIXES.some((prefix) => home.startsWith(prefix) || home === prefix.replace(/\/$/, ''))) {
    return 'credential file';
  }
  if (path === '/etc/passwd' || path === '/etc/group') return 'account database';
  if (CREDENTIAL_NAMES.test(baseName(path))) return 'credential file';
  return undefined;
}

/**
 * Why sending this file elsewhere leaks something that must stay on the machine (a credential
 * or a system file), or undefined.
 */
export function sensitiveFile(raw: string): string | undefined {
  const credential = credentialFile(raw);
  if (credential !== undefined) return credential;
  const path = normalizePath(raw);
  // Programs and libraries are system files but no secret: sending them elsewhere leaks nothing.
  if (/^\/(?:usr\/(?:local\/)?)?(?:s?bin|lib(?:32|64|x32|exec)?)\//.test(path)) return undefined;
  if (SYSTEM_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1))) return 'system file';
  return undefined;
}

/** Whether the text looks like an absolute or home path (not a URL, not a flag). */
export function looksLikePath(text: string): boolean {
  return (text.startsWith('/') || text.startsWith('~') || text.startsWith('./') || text.startsWith('../')) && !text.includes('://');
}

/** Absolute or home paths named anywhere in free text (code, a config line), at most `max`. */
export function pathsInText(text: string, max = 32): string[] {
  const found: string[] = [];
  const re = /(?:^|[\s"'`(=,:<>@])((?:~|\/)[\w.\-/*~+@%]*)/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text)) !== null && found.length < max) {
    const candidate = match[1];
    // `//host/path` is the rest of a URL, not a local path.
    if (candidate.startsWith('//')) continue;
    if (candidate.length > 1 || candidate === '/') found.push(candidate);
  }
  return found;
}
