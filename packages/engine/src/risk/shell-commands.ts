// Rules for one simple command, after its words are evaluated and its wrappers removed: recursive
// deletes of `/` and system folders, disk formatting and raw device writes, permission changes on
// `/`, shells and interpreters (`bash -c`, `python -c`, a download run by an interpreter), writes
// that plant persistence (sudoers, authorized_keys, shell start-up files, cron), database clients
// given destructive SQL, and the ordinary high-risk commands (rm, kill, package installs, forced
// pushes). Network rules live in shell-network-rules.ts. Each rule adds a finding with its
// reason; the command's summary feeds the pipeline rules of shell.ts.

import { internalHost } from './outside-destinations.ts';
import { quote } from './findings.ts';
import {
  baseName,
  criticalWriteTarget,
  isSystemPath,
  looksLikePath,
  normalizePath,
  permissionCriticalTarget,
  protectedDeleteTarget,
  rootLikeTarget,
  sensitiveFile,
} from './paths.ts';
import { analyzeSql } from './sql.ts';
import { assessSqlTricks, openExecutableComments } from './sql-tricks.ts';
import { codeRule, staticPath, writeTarget, type RuleContext } from './shell-rule-context.ts';
import {
  anyCommandExfiltration,
  mailRule,
  networkCommandRules,
  remoteCopyRule,
  transferClientRule,
  uploadRule,
} from './shell-network-rules.ts';
import { hasFlag, optionValues, parseOptions, type ParsedOptions } from './shell-options.ts';
import { plainSummary, type CommandSite, type CommandSummary, type ShellScan } from './shell-scan.ts';
import type { Word } from './shell-words.ts';
import { commandName, unwrapCommand } from './shell-wrappers.ts';
import { environmentDump, secretReadRule } from './shell-secret-reads.ts';
import { protectionRule } from './shell-protection-rules.ts';
import { foreignCopyRule, sshForeignHost } from './shell-foreign-copies.ts';
import { accountRule } from './shell-account-rules.ts';
import { containerExecRule } from './shell-container-exec.ts';
import { configCommandLines } from './config-management-acts.ts';
import { databaseDropRule } from './database-drop-commands.ts';
import { hostMountRule } from './shell-host-mounts.ts';
import { computedCommandRule, resolveCommandForms, resolveGlobArguments } from './shell-command-forms.ts';
import { secretFile, secretFolder } from './secret-files.ts';
import { publishedPlace } from './published-places.ts';
import { decodeFilter } from './shell-decoders.ts';
import { gitConfigCommands } from './git-config-commands.ts';
import { typedCommandLines } from './typed-command-lines.ts';
import { packageUrlInstallRule } from './package-url-installs.ts';
import { archiveRemovalRule } from './archive-removals.ts';
import { writtenRunnableRunRule } from './written-runnable-runs.ts';
import { listingOutput } from './listing-outputs.ts';
import { downloadedPackageInstallRule } from './downloaded-package-installs.ts';
import { downloadedArchiveRule, inDownloadedFolder } from './downloaded-archives.ts';

const set = (...items: string[]): ReadonlySet<string> => new Set(items);

/** Shells: `-c` runs a command string, no argument runs standard input. */
export const SHELLS = set(
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'csh',
  'tcsh',
  'fish',
  'rbash',
  'yash',
  'posh',
  'ksh93',
  'elvish',
);

/** Interpreters of other languages, with the options that take inline code. */
const CODE_OPTIONS: Record<string, ReadonlySet<string>> = {
  python: set('-c'),
  perl: set('-e', '-E'),
  ruby: set('-e'),
  php: set('-r', '-B', '-R', '-E'),
  node: set('-e', '--eval', '-p', '--print'),
  deno: set(),
  bun: set('-e', '--eval'),
  lua: set('-e'),
  tclsh: set(),
  wish: set(),
  jrunscript: set('-e'),
  jjs: set(),
  julia: set('-e', '--eval', '-E', '--print'),
  rscript: set('-e'),
  r: set('-e'),
  pwsh: set('-c', '-command', '-Command', '-encodedcommand', '-EncodedCommand'),
  powershell: set('-c', '-command', '-Command'),
  osascript: set('-e'),
  expect: set('-c'),
  groovy: set('-e'),
  irb: set(),
  jshell: set(),
  gawk: set(),
  awk: set(),
};

/** Options of interpreters that take a value which is not code. */
const INTERPRETER_VALUE_OPTIONS = set('-m', '-W', '-X', '-I', '-M', '-r', '--require', '-f', '-l', '-v', '-F', '-i', '-x');

/** The language family of an interpreter name (`python3.11` is `python`), or undefined. */
export function interpreterFamily(name: string): string | undefined {
  if (/^python[\d.]*$/.test(name) || name === 'pypy' || name === 'pypy3') return 'python';
  if (/^perl[\d.]*$/.test(name)) return 'perl';
  if (/^ruby[\d.]*$/.test(name)) return 'ruby';
  if (/^php[\d.]*$/.test(name) || name === 'php-cli') return 'php';
  if (name === 'node' || name === 'nodejs') return 'node';
  if (/^lua(?:jit|[\d.]*)$/.test(name)) return 'lua';
  if (name === 'gawk' || name === 'awk' || name === 'mawk' || name === 'nawk') return 'awk';
  if (name in CODE_OPTIONS) return name;
  return undefined;
}

/** Package managers and the sub-commands that install or remove software. */
const PACKAGE_MANAGERS: Record<string, ReadonlySet<string>> = {
  apt: set('install', 'remove', 'purge', 'upgrade', 'dist-upgrade', 'full-upgrade', 'autoremove', 'reinstall'),
  'apt-get': set('install', 'remove', 'purge', 'upgrade', 'dist-upgrade', 'autoremove', 'reinstall'),
  aptitude: set('install', 'remove', 'purge', 'upgrade'),
  yum: set('install', 'remove', 'erase', 'update', 'upgrade', 'localinstall', 'reinstall'),
  dnf: set('install', 'remove', 'erase', 'update', 'upgrade', 'reinstall'),
  zypper: set('install', 'in', 'remove', 'rm', 'update', 'up'),
  apk: set('add', 'del'),
  pacman: set('-S', '-R', '-U', '-Syu', '-Sy', '-Rs'),
  brew: set('install', 'uninstall', 'reinstall', 'upgrade'),
  snap: set('install', 'remove'),
  pip: set('install', 'uninstall'),
  pip3: set('install', 'uninstall'),
  pipx: set('install', 'uninstall'),
  npm: set('install', 'i', 'add', 'uninstall', 'remove', 'ci', 'update'),
  yarn: set('add', 'remove', 'install', 'global'),
  pnpm: set('add', 'install', 'i', 'remove'),
  gem: set('install', 'uninstall'),
  cargo: set('install', 'uninstall'),
  go: set('install', 'get'),
  conda: set('install', 'remove'),
  dpkg: set('-i', '--install', '-r', '--remove', '-P', '--purge'),
  rpm: set('-i', '-U', '-e', '-ivh', '-Uvh', '--install', '--upgrade', '--erase'),
  flatpak: set('install', 'uninstall'),
};
/** Options that name an output file on many commands (`-o out`, `--output=out`). */
const OUTPUT_OPTION = /^(?:-o|--output(?:-document|-file)?|--out(?:file|File)?|--log-?file|-fprintf|--dump-bin)$/;
/** Options whose value is a command the program runs (`--rsh-command`, `--password-command`, `-e` of rsync). */
const COMMAND_OPTION =
  /^--?[\w-]*(?:-command|-cmd|-program|-exec|_command)(?:=(.*))?$|^--(?:on-download-complete|on-download-error|to-command|use-compress-program|checkpoint-action=exec)(?:=(.*))?$/i;

/** Expands one level of shell braces (`/{etc,usr}` gives `/etc`, `/usr`), at most 16 results. */
function expandBraces(text: string): string[] {
  if (text.length > 512 || !text.includes('{')) return [text];
  const match = /^([^{]*)\{([^{},]*(?:,[^{},]*)+)\}(.*)$/.exec(text);
  if (!match) return [text];
  return match[2]
    .split(',')
    .slice(0, 16)
    .map((alternative) => match[1] + alternative + match[3]);
}

/** A remote command that is a shell reading its script from the input (`bash -s`, `sudo sh`, `/bin/bash -se`). */
const REMOTE_SHELL_ON_INPUT = /^\s*(?:sudo\s+(?:-\S+\s+)*)?(?:\/(?:usr\/)?bin\/)?(?:bash|sh|zsh|dash|ksh)(?:\s+-[a-z]+)*\s*$/;

/** Analyses one simple command. */
export function analyzeCommand(argv: Word[], site: CommandSite, scan: ShellScan): CommandSummary {
  if (argv.length === 0) return plainSummary('');
  // `!rm -rf ~/x` in a notebook cell read as shell: IPython runs the rest of the line as a shell command.
  if (/^![A-Za-z_./]/.test(argv[0].text)) argv = [{ ...argv[0], text: argv[0].text.slice(1) }, ...argv.slice(1)];
  if (argv[0].fromDownload) {
    scan.add('critical', `shell: runs downloaded content as a command (${quote(argv.map((word) => word.text).join(' '))})`);
  }
  const unwrapped = unwrapCommand(argv);
  if (unwrapped.wrappers.includes('sudo') || unwrapped.wrappers.includes('doas')) {
    scan.add('high', `shell: runs as root (${unwrapped.wrappers.includes('sudo') ? 'sudo' : 'doas'})`);
  }
  if (unwrapped.rootShell) {
    scan.add('high', 'shell: opens a root shell');
    // `sudo -s <<< "…"`, `echo … | sudo su`: the root shell runs what its input holds.
    if (site.stdinFromDownload) scan.add('critical', 'shell: download piped into a root shell');
    if (site.stdinText !== undefined) scan.nested(site.stdinText, 'root shell input');
  }
  if (unwrapped.remote) {
    const leaked = argv.find((word) => word.sensitiveRead !== undefined);
    if (leaked !== undefined) scan.add('critical', `shell: sends ${leaked.sensitiveRead} to another host (ssh)`);
  }
  const foreignHost = unwrapped.remote ? sshForeignHost(argv) : undefined;
  // `ssh db1 'bash -s' <<'EOF' … EOF`, `ssh db1 <<EOF … EOF`: the remote shell reads its script from the input.
  if (
    unwrapped.remote &&
    site.stdinText !== undefined &&
    (unwrapped.shellString === undefined || REMOTE_SHELL_ON_INPUT.test(unwrapped.shellString))
  )
    scan.nested(site.stdinText, 'ssh input');
  if (unwrapped.shellString !== undefined) {
    scan.nested(unwrapped.shellString, unwrapped.wrappers.at(-1) ?? 'wrapper');
    return { ...plainSummary(unwrapped.wrappers.join(' ')), foreignHost };
  }
  if (unwrapped.lookupOnly || unwrapped.argv.length === 0) {
    const summary = plainSummary(unwrapped.wrappers.join(' '));
    // `env` alone prints every variable, tokens included.
    if (!unwrapped.lookupOnly && unwrapped.wrappers.at(-1) === 'env') environmentDump({ summary });
    return summary;
  }
  const forms = resolveCommandForms(unwrapped.argv, scan);
  if (forms !== undefined) {
    scan.aliasDepth += 1;
    try {
      const summaries = forms.map((form) => analyzeCommand(form, site, scan));
      return summaries[0];
    } finally {
      scan.aliasDepth -= 1;
    }
  }
  // `cat /e?c/sh*ow`: the glob's secret or system target is judged as well as the glob as written.
  const globbed = scan.aliasDepth < 2 ? resolveGlobArguments(unwrapped.argv) : undefined;
  if (globbed !== undefined) {
    scan.add('high', `shell: an argument is a glob, read as ${globbed.map((word) => word.text).join(' ')}`);
    scan.aliasDepth += 2;
    try {
      analyzeCommand(globbed, site, scan);
    } finally {
      scan.aliasDepth -= 2;
    }
  }
  const args = unwrapped.argv.slice(1);
  if (unwrapped.argsFromInput && site.stdinText !== undefined) {
    // `echo / | xargs rm -rf`: the input's words become arguments.
    for (const piece of site.stdinText.split(/\s+/).filter(Boolean).slice(0, 64)) {
      args.push({ text: piece, dynamic: false, fromDownload: false, splitsOnIfs: false, processSubstitution: false });
    }
  }
  const head = unwrapped.argv[0];
  const name = commandName(head.text);
  scan.noteCommand(name);
  // `curl … | xargs -0 bash -c`: the download becomes the arguments of a shell or interpreter, its code.
  if (unwrapped.argsFromInput && site.stdinFromDownload && (SHELLS.has(name) || interpreterFamily(name) !== undefined || name === 'eval'))
    scan.add('critical', `shell: download handed by xargs to ${name} as its arguments`);
  if (head.dynamic && name.includes('$')) {
    scan.add('high', `shell: command name computed at run time (${quote(head.text)})`);
    computedCommandRule(head, args, scan);
  }
  const summary = plainSummary(name);
  const context: RuleContext = { name, head, args, site, scan, summary, argsFromInput: unwrapped.argsFromInput };
  if (scan.functionStack.includes(name) && (site.inPipe || site.background)) {
    scan.add('critical', `shell: fork bomb (function ${quote(name)} spawns copies of itself)`);
  }
  if (scan.downloaded.has(normalizePath(head.text)) || (head.text.includes('/') && scan.downloaded.has(commandName(head.text)))) {
    scan.add('critical', `shell: runs a downloaded file (${quote(head.text)})`);
  }
  const unpacked = inDownloadedFolder({ scan }, head.text);
  if (unpacked !== undefined)
    scan.add('critical', `shell: runs a file unpacked from a download into ${quote(unpacked)} (${quote(head.text)})`);
  const written = head.text.includes('/') ? scan.writtenFiles.get(normalizePath(head.text)) : undefined;
  if (written !== undefined) scan.nested(written, `script ${head.text}`);
  runRules(context);
  // `echo … | base64 -d`, `| xxd -r -p`, `| rev`, `| tr …`: what the filter prints is known text.
  if (site.stdinText !== undefined && summary.output === undefined) {
    const decoded = decodeFilter(
      name,
      args.map((word) => word.text),
      site.stdinText,
    );
    if (decoded !== undefined) summary.output = decoded;
  }
  secretReadRule(context);
  outputOptionWrites(context);
  commandOptions(context);
  inlineCode(context);
  anyCommandExfiltration(context);
  return summary;
}

function runRules(c: RuleContext): void {
  const { name } = c;
  remoteCopyRule(c);
  foreignCopyRule(c);
  // Before the interpreter rules: `bun add github:…` installs as npm does.
  packageUrlInstallRule(c);
  downloadedPackageInstallRule(c);
  if (SHELLS.has(name)) return shellRule(c);
  const family = interpreterFamily(name);
  if (family !== undefined) return interpreterRule(c, family);
  if (
    name.startsWith('mkfs') ||
    name === 'mke2fs' ||
    name === 'mkswap' ||
    name === 'wipefs' ||
    name === 'blkdiscard' ||
    name === 'mkdosfs'
  ) {
    // A file system made inside an image file (`mkfs.ext4 disk.img`) wipes only that file.
    // Option values (`-F 32`, `-n EFI`) are no targets: the call names a device or an image file, or neither.
    const targets = c.args.map((word) => word.text).filter((text) => text !== '' && !text.startsWith('-'));
    const imageOnly =
      targets.some((text) => /\.(?:img|image|iso|raw|qcow2|vhdx?|vmdk|bin|fs|ext[234])$/i.test(text)) &&
      !targets.some((text) => text.startsWith('/dev/') || text.includes('$') || text.startsWith('/proc/'));
    // `wipefs /dev/sdb` without `-a`/`-o` only lists the signatures it would erase; `--no-act` erases nothing.
    const erases = c.args.some((word) => /^-[a-zA-Z]*[ao][a-zA-Z]*$|^--(?:all|offset)(?:=|$)/.test(word.text));
    const noAct = name === 'wipefs' && c.args.some((word) => /^-[a-zA-Z]*n[a-zA-Z]*$|^--no-act$/.test(word.text));
    const listsOnly = name === 'wipefs' && !erases;
    if (listsOnly || noAct) c.scan.add('high', `shell: lists the signatures on a disk (${name}${noAct ? ' --no-act' : ''})`);
    else if (imageOnly) c.scan.add('high', `shell: makes a file system inside an image file (${name})`);
    else c.scan.add('critical', `shell: formats or wipes a disk (${name})`);
    return;
  }
  if (protectionRule(c) || accountRule(c)) return;
  containerExecRule(c);
  // `ansible all -m shell -a 'rm -rf /srv/*'`, `salt '*' cmd.run …`, `puppet apply -e "file {…: ensure => absent}"`: what every target host runs.
  const managed = configCommandLines(
    c.name,
    c.args.map((word) => word.text),
  );
  for (const line of managed ?? []) c.scan.nested(line, `${c.name} task`);
  databaseDropRule(c);
  hostMountRule(c);
  archiveRemovalRule(c);
  downloadedArchiveRule(c);
  // `ln -s / /tmp/r`: a later path through the link is a path under its target.
  if (name === 'ln') symlinkRule(c);
  writtenRunnableRunRule(c);
  // `find /home -maxdepth 1 | xargs rm -rf`: an unfiltered listing in a pipe prints its folder's entries.
  if ((name === 'find' || name === 'ls') && c.site.inPipe && c.summary.output === undefined) {
    const listed = listingOutput(
      name,
      c.args.map((word) => word.text),
      c.scan.cwd,
    );
    if (listed !== undefined) c.summary.output = listed;
  }
  // `npm pkg set scripts.preinstall="…"`, `tmux send-keys '…' Enter`, `az vm run-command invoke --scripts "…"`: lines run later or elsewhere.
  if (/^(?:npm|pnpm|yarn|tmux|screen|az)$/.test(name))
    for (const line of typedCommandLines(
      name,
      c.args.map((word) => word.text),
    ))
      c.scan.nested(line, `${name} command line`);
  // `vim -es -c ':!rm -rf /etc' -c ':qa!'`, `vi +'!sh -c …'`: an editor's `:!` command is a shell line.
  if (/^(?:vi|vim|nvim|ex|view|vimdiff|gvim)$/.test(name)) for (const line of editorShellEscapes(c.args)) c.scan.nested(line, `${name} :!`);
  // `echo 'rm -rf /' | at now + 1 minute`: at and batch read the job's shell lines from standard input.
  if ((name === 'at' || name === 'batch') && !c.args.some((word) => word.text === '-f' || /^-[lrdc]$/.test(word.text))) {
    if (c.site.stdinFromDownload) c.scan.add('critical', `shell: download queued as an ${name} job`);
    if (c.site.stdinText !== undefined) c.scan.nested(c.site.stdinText, `${name} job`);
  }
  // `trap 'rm -rf /srv' EXIT`: the handler runs when the signal comes (at exit, surely).
  if (name === 'trap' && c.args.length >= 2 && !c.args[0].text.startsWith('-')) c.scan.nested(c.args[0].text, 'trap handler');
  // `sftp host <<< "put ~/.ssh/id_rsa"`: the batch lines are commands of the session.
  if (/^(?:sftp|ftp|tftp|lftp|smbclient)$/.test(name) && c.site.stdinText !== undefined) c.scan.nested(c.site.stdinText, `${name} batch`);
  switch (name) {
    case 'rm':
    case 'unlink':
    case 'rmdir':
    case 'srm':
    case 'shred':
    case 'wipe':
    case 'trash':
    case 'trash-put':
    case 'gio':
      return removeRule(c);
    case 'find':
      return findRule(c);
    case 'dd':
      return ddRule(c);
    case 'chmod':
    case 'chown':
    case 'chgrp':
    case 'setfacl':
      return permissionRule(c);
    case 'tee':
      return teeRule(c);
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln':
    case 'rsync':
      return copyRule(c);
    case 'sed':
    case 'perl-i':
      return sedRule(c);
    case 'truncate':
      return truncateRule(c);
    case 'echo':
    case 'printf':
      return echoRule(c);
    case 'cat':
    case 'head':
    case 'tail':
    case 'less':
    case 'more':
    case 'base64':
    case 'xxd':
    case 'od':
    case 'strings':
    case 'tac':
    case 'nl':
    case 'zcat':
    case 'gzip':
    case 'tar':
    case 'zip':
    case '7z':
    case 'bzip2':
    case 'xz':
      return readRule(c);
    case 'kill':
    case 'pkill':
    case 'killall':
    case 'killall5':
    case 'skill':
      return killRule(c);
    case 'eval':
      return evalRule(c);
    case 'source':
    case '.':
      return sourceRule(c);
    case 'alias':
      return aliasRule(c);
    case 'git':
      return gitRule(c);
    case 'sshfs':
    case 'mount':
      return mountRule(c);
    case 'parted':
    case 'fdisk':
    case 'sfdisk':
    case 'sgdisk':
    case 'gdisk':
    case 'cfdisk':
      return partitionRule(c);
    case 'shutdown':
    case 'reboot':
    case 'halt':
    case 'poweroff':
    case 'init':
    case 'telinit':
      c.scan.add('high', `shell: stops or restarts the machine (${name})`);
      return;
    case 'history':
      if (c.args.some((word) => word.text === '-c' || word.text === '-w')) c.scan.add('high', 'shell: rewrites shell history');
      writeTargets(
        c,
        c.args.filter((_word, index) => index > 0 && /^-[aw]$/.test(c.args[index - 1].text)),
        'history',
      );
      return;
    case 'smbclient':
    case 'lftp':
      return transferClientRule(c);
    case 'mail':
    case 'mailx':
    case 'mutt':
    case 'sendmail':
    case 's-nail':
    case 'neomutt':
    case 'swaks':
      return mailRule(c);
    case 'put':
    case 'mput':
      // A line of an interactive ftp/sftp/tftp/smbclient session.
      return uploadRule(c);
    case 'cd':
    case 'pushd': {
      const target = c.args.find((word) => !word.text.startsWith('-'));
      const text = target === undefined ? '~' : staticPath(target);
      if (text === undefined || target?.dynamic) c.scan.cwd = undefined;
      else
        c.scan.cwd = normalizePath(
          text.startsWith('/') || text.startsWith('~') || c.scan.cwd === undefined ? text : `${c.scan.cwd}/${text}`,
        );
      return;
    }
    case 'psql':
    case 'mysql':
    case 'mariadb':
    case 'sqlite3':
    case 'sqlcmd':
    case 'clickhouse-client':
    case 'cockroach':
    case 'duckdb':
    case 'snowsql':
    case 'bq':
      return databaseClientRule(c);
    case 'redis-cli':
    case 'valkey-cli':
    case 'keydb-cli':
      if (c.args.some((word) => /^(?:flushall|flushdb)$/i.test(word.text)))
        c.scan.add('critical', `shell: wipes a Redis database (${name} ${c.args.find((word) => /^flush/i.test(word.text))?.text})`);
      else c.scan.add('high', `shell: runs a database command (${name})`);
      return;
    case 'mongo':
    case 'mongosh': {
      const script = c.args.map((word) => word.text).join(' ');
      if (/dropDatabase\s*\(|\.drop\s*\(\s*\)|deleteMany\s*\(\s*\{\s*\}\s*\)/.test(script))
        c.scan.add('critical', `shell: drops MongoDB data (${name})`);
      else c.scan.add('high', `shell: runs a database command (${name})`);
      return;
    }
    case 'terraform':
    case 'tofu':
    case 'pulumi':
      // Destroying infrastructure deletes servers, databases and their data: a human decides.
      if (
        c.args.some((word) => word.text === 'destroy') ||
        (c.args.some((word) => word.text === 'apply') && c.args.some((word) => word.text === '-destroy'))
      ) {
        // `terraform destroy -help` prints its usage; `pulumi destroy --preview-only` only shows the plan.
        const shows = c.args.some((word) => /^--?(?:help|h|preview-only)$/.test(word.text));
        c.scan.add(
          shows ? 'high' : 'critical',
          `shell: destroys infrastructure (${name} destroy)${shows ? ', asked only to show it' : ''}`,
        );
      }
      return;
    case 'ztcp':
      c.scan.netOpened = true;
      c.scan.add('high', 'shell: opens a network socket (ztcp)');
      return;
    default:
      break;
  }
  if (name in PACKAGE_MANAGERS) packageRule(c);
  networkCommandRules(c);
}

/** `sh`, `bash -c "…"`, `bash -i >& /dev/tcp/…`, `sh <(curl …)`, `bash install.sh`. */
function shellRule(c: RuleContext): void {
  c.summary.shell = true;
  const parsed = parseOptions(c.args, set('-o', '-O', '--rcfile', '--init-file'), true);
  const commandString = parsed.short.has('c');
  if (commandString) {
    const command = parsed.operands[0];
    if (command === undefined) return;
    if (command.fromDownload) {
      c.scan.add('critical', `shell: runs downloaded content with ${c.name} -c (${quote(command.text)})`);
    }
    if (command.dynamic && !command.fromDownload) c.scan.add('high', `shell: ${c.name} -c runs a command computed at run time`);
    c.scan.nested(command.text, `${c.name} -c`);
    return;
  }
  const script = parsed.operands[0];
  if (script === undefined || script.text === '-' || parsed.short.has('s')) {
    c.summary.interpreterStdin = c.name;
    if (c.site.stdinFromDownload) c.scan.add('critical', `shell: download piped into ${c.name}`);
    if (c.site.stdinText !== undefined) c.scan.nested(c.site.stdinText, `${c.name} input`);
    if (parsed.short.has('i')) c.scan.add('high', `shell: interactive shell (${c.name} -i)`);
    return;
  }
  scriptOperand(c, script);
}

/** An interpreter run on a file: a downloaded file or a process substitution of a download is critical. */
function scriptOperand(c: RuleContext, script: Word): void {
  // `source /dev/stdin <<< "$(curl …)"`, `bash /dev/fd/0`: the script is what the standard input holds.
  if (/^\/(?:dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/.test(script.text)) {
    if (c.site.stdinFromDownload) c.scan.add('critical', `shell: download fed to ${c.name} ${script.text}`);
    if (c.site.stdinText !== undefined) c.scan.nested(c.site.stdinText, `${c.name} ${script.text}`);
    return;
  }
  if (script.fromDownload) {
    c.scan.add('critical', `shell: download run by ${c.name} (${c.name} ${script.text} with a download)`);
    return;
  }
  const path = normalizePath(script.text);
  const unpacked = inDownloadedFolder(c, script.text);
  if (unpacked !== undefined) c.scan.add('critical', `shell: runs a file unpacked from a download with ${c.name} (${quote(script.text)})`);
  if (c.scan.downloaded.has(path) || c.scan.downloaded.has(commandName(script.text))) {
    c.scan.add('critical', `shell: runs a downloaded file with ${c.name} (${quote(script.text)})`);
  }
  // A script the same command line wrote (`echo '…' > /tmp/c.sh; sh /tmp/c.sh`) is read as what runs.
  const written = c.scan.writtenFiles.get(path);
  if (written !== undefined && (SHELLS.has(c.name) || c.name === 'source' || c.name === '.'))
    c.scan.nested(written, `${c.name} ${script.text}`);
}

/** `python -c …`, `perl -e …`, `node -e …`, `php -r …`, awk programs, heredocs into interpreters. */
function interpreterRule(c: RuleContext, family: string): void {
  const codeOptions = CODE_OPTIONS[family] ?? set();
  const valueOptions = new Set([...codeOptions, ...INTERPRETER_VALUE_OPTIONS]);
  const parsed = parseOptions(c.args, valueOptions, family !== 'awk');
  let code: Word[] = [];
  for (const option of codeOptions) code.push(...(parsed.values.get(option) ?? []));
  if (family === 'awk' && !parsed.values.has('-f') && parsed.operands.length > 0) code = [parsed.operands[0]];
  if ((family === 'deno' || family === 'bun') && parsed.operands[0]?.text === 'eval') code = parsed.operands.slice(1, 2);
  if (code.length === 0) {
    const script = parsed.operands[0];
    if (parsed.values.has('-m') || parsed.values.has('-f')) return;
    if (script === undefined || script.text === '-') {
      c.summary.interpreterStdin = c.name;
      if (c.site.stdinFromDownload) c.scan.add('critical', `shell: download piped into ${c.name}`);
      if (c.site.stdinText !== undefined) codeRule(c, c.site.stdinText);
      else if (!c.site.inPipe) c.scan.add('high', `shell: starts an interactive ${c.name}`);
      return;
    }
    scriptOperand(c, script);
    return;
  }
  for (const word of code) {
    if (word.fromDownload) c.scan.add('critical', `shell: runs downloaded code with ${c.name}`);
    codeRule(c, word.text);
  }
}

/** `ln -s TARGET LINK` (`-sf`, `-sfn`): remembers where the link leads. */
function symlinkRule(c: RuleContext): void {
  const words = c.args.filter((word) => !word.text.startsWith('-'));
  if (!c.args.some((word) => /^-[a-zA-Z]*s/.test(word.text) || word.text === '--symbolic') || words.length !== 2) return;
  const [target, link] = words;
  if (target.dynamic || link.dynamic) return;
  c.scan.symlinks.set(normalizePath(link.text), normalizePath(target.text));
}

/** A path read through the links the script made: `/tmp/r/` or `/tmp/r/etc` with `/tmp/r -> /` is `/` or `/etc` (the link alone is only the link). */
function throughSymlink(links: ReadonlyMap<string, string>, path: string): string {
  if (links.size === 0 || !/.\//.test(path)) return path;
  const normal = normalizePath(path);
  for (const [link, target] of links) {
    if (normal === link && !path.endsWith('/')) continue;
    if (normal === link || normal.startsWith(`${link}/`)) return `${target}${normal.slice(link.length)}` || '/';
  }
  return path;
}

/** rm, unlink, shred …: recursive deletes of `/`, home, system folders; deletes of system files. */
function removeRule(c: RuleContext): void {
  const parsed = parseOptions(c.args, set('-n', '--iterations', '-s', '--size', '--interactive'));
  const recursive = hasFlag(parsed, 'r', 'R', '--recursive') || c.name === 'rmdir' || c.name === 'wipe';
  const operands = c.name === 'gio' ? parsed.operands.slice(1) : parsed.operands;
  if (c.name === 'gio' && parsed.operands[0]?.text !== 'remove' && parsed.operands[0]?.text !== 'trash') return;
  let reported = false;
  if (hasFlag(parsed, '--no-preserve-root')) {
    c.scan.add('critical', `shell: recursive delete with --no-preserve-root (${c.name})`);
    reported = true;
  }
  for (const operand of operands) {
    let text = staticPath(operand);
    if (text === undefined) continue;
    if (c.scan.cwd !== undefined && !text.startsWith('/') && !text.startsWith('~') && !text.startsWith('$')) text = `${c.scan.cwd}/${text}`;
    for (const written of expandBraces(text)) {
      const path = throughSymlink(c.scan.symlinks, written);
      const root = recursive ? rootLikeTarget(path) : undefined;
      if (root !== undefined) {
        c.scan.add('critical', `shell: recursive delete of ${quote(root)} (${c.name} ${flagsText(parsed)}${path})`);
        reported = true;
        continue;
      }
      const protectedWhy = protectedDeleteTarget(path);
      if (protectedWhy !== undefined && looksLikePath(path)) {
        c.scan.add('critical', `shell: deletes ${protectedWhy} ${quote(path)} (${c.name})`);
        reported = true;
      } else if (recursive && operand.dynamic && /^\$\w+\/?\*?$/.test(operand.text)) {
        c.scan.add('high', `shell: recursive delete of a path computed at run time (${quote(operand.text)})`);
      }
    }
  }
  if (!reported) c.scan.add('high', `shell: deletes files (${c.name}${recursive ? ' recursive' : ''})`);
}

function flagsText(parsed: ParsedOptions): string {
  const flags = [...parsed.short].join('');
  return flags === '' ? '' : `-${flags} `;
}

/** `find / -delete`, `find / -exec rm -rf {} \;`. */
function findRule(c: RuleContext): void {
  const texts = c.args.map((word) => word.text);
  const firstPredicate = texts.findIndex((text) => text.startsWith('-') || text === '(' || text === '!');
  const roots = (firstPredicate < 0 ? texts : texts.slice(0, firstPredicate)).filter((text) => !text.startsWith('-'));
  // `-name '*'` matches everything: not a filter.
  const filtered = texts.some(
    (text, index) =>
      /^-(?:i?name|i?path|i?regex|wholename|mtime|mmin|atime|amin|ctime|cmin|newer|size|user|group|empty|perm)$/.test(text) &&
      !/^(?:\*|\.\*|\*\.\*)$/.test(texts[index + 1] ?? ''),
  );
  const rootLike = roots.map((root) => rootLikeTarget(root)).find((root) => root !== undefined);
  // A filtered find under a system folder (not logs or caches) still deletes system files.
  const systemRoot = roots.find(
    (root) =>
      protectedDeleteTarget(`${normalizePath(root)}/x`) !== undefined &&
      !normalizePath(root).startsWith('/var/log') &&
      rootLikeTarget(root) !== '~',
  );
  if (texts.includes('-delete')) {
    if (rootLike !== undefined && !filtered) c.scan.add('critical', `shell: recursive delete of ${quote(rootLike)} (find -delete)`);
    else if (systemRoot !== undefined) c.scan.add('critical', `shell: deletes system files under ${quote(systemRoot)} (find -delete)`);
    else c.scan.add('high', 'shell: deletes files (find -delete)');
  }
  for (let i = 0; i < texts.length; i++) {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(texts[i])) continue;
    let end = i + 1;
    while (end < texts.length && texts[end] !== ';' && texts[end] !== '+') end++;
    // `find / -name id_rsa -exec cat {} \;`: what `{}` stands for is a file of that name.
    const nameIndex = texts.findIndex((text) => text === '-name' || text === '-iname');
    const named = nameIndex >= 0 ? texts[nameIndex + 1]?.replace(/\*/g, 'x').replace(/\?/g, 'x') : undefined;
    const substitute =
      rootLike !== undefined && !filtered
        ? rootLike
        : systemRoot !== undefined
          ? `${normalizePath(systemRoot)}/{}`
          : named !== undefined && !named.includes('/') && roots[0] !== undefined
            ? `${roots[0].replace(/\/$/, '')}/${named}`
            : '{}';
    const inner = c.args.slice(i + 1, end).map((word) => (word.text === '{}' ? { ...word, text: substitute } : word));
    // find walks the tree itself: `-exec rm -f {}` over an unfiltered `/` deletes everything, recursive flag or not.
    if (rootLike !== undefined && !filtered && /^(?:rm|shred|unlink|srm|wipe)$/.test(commandName(inner[0]?.text ?? '')))
      c.scan.add('critical', `shell: deletes everything under ${quote(rootLike)} (find -exec ${commandName(inner[0].text)})`);
    analyzeCommand(inner, { ...c.site, inPipe: false, stdinText: undefined }, c.scan);
    i = end;
  }
}

/** `dd of=/dev/sda`, `dd of=/etc/sudoers`. */
function ddRule(c: RuleContext): void {
  for (const word of c.args) {
    if (word.text.startsWith('of=')) writeTarget(c, word.text.slice(3), 'dd', '>');
    if (word.text.startsWith('if=')) {
      const why = sensitiveFile(word.text.slice(3));
      if (why !== undefined) c.summary.readsSensitive = { path: word.text.slice(3), why };
    }
  }
}

/** `chmod -R 777 /`, `chown -R user /`, `chmod u+s /bin/bash`, `chmod 666 /etc/shadow`. */
function permissionRule(c: RuleContext): void {
  const parsed = parseOptions(c.args, set('--reference', '--from', '-m', '-x', '-M', '-X'));
  const recursive = hasFlag(parsed, 'R', '--recursive') || (c.name === 'setfacl' && hasFlag(parsed, 'R'));
  const operands = parsed.operands;
  const mode = c.name === 'chmod' ? (operands[0]?.text ?? '') : '';
  const targets = c.name === 'chmod' || c.name === 'chown' || c.name === 'chgrp' ? operands.slice(1) : operands;
  const setuid = /^[0-7]?[2467][0-7]{3}$/.test(mode) || /[ugoa]*[+=][rwxXt]*s/.test(mode);
  const worldWritable = /^[0-7]?[0-7]{2}[2367]$/.test(mode) || (/(?:^|,)[oa]*\+[rwxX]*w|^\+?[rwxX]*w/.test(mode) && /[oa]|^\+/.test(mode));
  for (const target of targets) {
    const root = permissionCriticalTarget(target.text);
    if (recursive && root !== undefined) {
      c.scan.add('critical', `shell: recursive permission change on ${quote(root)} (${c.name} -R)`);
      continue;
    }
    if (
      setuid &&
      (isSystemPath(target.text) ||
        SHELLS.has(commandName(target.text)) ||
        interpreterFamily(commandName(target.text)) !== undefined ||
        c.scan.shellCopies.has(normalizePath(target.text)) ||
        /^\/(?:tmp|var\/tmp|dev\/shm)\//.test(normalizePath(target.text)))
    ) {
      c.scan.add('critical', `shell: sets the setuid bit on ${quote(target.text)}`);
      continue;
    }
    const persistence = criticalWriteTarget(target.text) ?? credentialOrAccountFile(target.text);
    if (persistence !== undefined && worldWritable && c.name === 'chmod') {
      c.scan.add('critical', `shell: opens up ${persistence} ${quote(target.text)} (${c.name} ${mode})`);
    }
  }
  if (recursive) c.scan.add('high', `shell: recursive permission change (${c.name} -R)`);
}

function credentialOrAccountFile(path: string): string | undefined {
  const why = sensitiveFile(path);
  return why === 'credential file' || why === 'account database' ? why : undefined;
}

/** `… | tee /etc/sudoers`, `tee -a ~/.bashrc`. */
function teeRule(c: RuleContext): void {
  const parsed = parseOptions(c.args);
  for (const operand of parsed.operands) writeTarget(c, operand.text, 'tee', hasFlag(parsed, 'a', '--append') ? '>>' : '>');
  c.summary.output = c.site.stdinText;
}

/** cp, mv, install, ln, rsync: writes to the destination; mv also removes its sources. */
function copyRule(c: RuleContext): void {
  const parsed = parseOptions(
    c.args,
    set(
      '-t',
      '--target-directory',
      '-S',
      '--suffix',
      '-m',
      '--mode',
      '-o',
      '--owner',
      '-g',
      '--group',
      '-e',
      '--rsh',
      '--exclude',
      '--include',
      '--backup-dir',
      '--chmod',
      // `-f` takes a value only for rsync (`--filter`); `ln -sf` and `cp -f` force.
      ...(c.name === 'rsync' ? ['-f'] : []),
      '--filter',
    ),
  );
  const target = optionValues(parsed, '-t', '--target-directory')[0];
  const operands = parsed.operands;
  const destination = target ?? (operands.length >= 2 ? operands[operands.length - 1] : undefined);
  const sources = target ? operands : operands.slice(0, -1);
  if (destination === undefined) return;
  const remote = /^[\w.-]*@?[\w.-]+:/.test(destination.text) && !destination.text.startsWith('/');
  const intoMount = c.scan.remoteMounts.some((mount) => normalizePath(destination.text).startsWith(mount));
  for (const source of sources) {
    const why = sensitiveFile(source.text) ?? secretFolder(source.text);
    // A system file that is no secret (`/var/backups/pg/`) copied to one of the organisation's own internal hosts stays inside.
    const inside =
      remote &&
      !intoMount &&
      (secretFile(source.text) ?? secretFolder(source.text)) === undefined &&
      internalHost(remoteHostOf(destination.text));
    if (why !== undefined && (remote || intoMount) && !inside && looksLikePath(source.text)) {
      c.scan.add('critical', `shell: uploads ${why} ${quote(source.text)} (${c.name} to ${quote(destination.text)})`);
    }
    const secret = secretFile(source.text) ?? secretFolder(source.text);
    const place = secret === undefined || remote ? undefined : publishedPlace(destination.text);
    if (place !== undefined)
      c.scan.add('critical', `shell: copies a ${secret} ${quote(source.text)} into ${place} ${quote(destination.text)} (${c.name})`);
    if (c.name === 'mv') {
      const root = rootLikeTarget(source.text);
      if (root !== undefined && looksLikePath(source.text)) c.scan.add('critical', `shell: moves away ${quote(root)} (mv)`);
      const protectedWhy = protectedDeleteTarget(source.text);
      if (protectedWhy !== undefined && looksLikePath(source.text))
        c.scan.add('critical', `shell: moves away ${protectedWhy} ${quote(source.text)} (mv)`);
    }
  }
  if (c.name === 'rsync' && hasFlag(parsed, '--delete', '--delete-before', '--delete-after', '--delete-during')) {
    const root = rootLikeTarget(destination.text);
    if (root !== undefined) c.scan.add('critical', `shell: rsync --delete into ${quote(root)} wipes it`);
  }
  if (!remote) {
    writeTarget(c, destination.text, c.name, '>');
    // `cp x.desktop ~/.config/autostart/`: a copy into a folder writes the file of the source's name there.
    // Only a folder where any file written runs (autostart, cron.d, LaunchAgents): a copy to `/usr/copy_file` names a file.
    const startupFolder = criticalWriteTarget(`${destination.text.replace(/\/+$/, '')}/any-file`) !== undefined;
    if (startupFolder && criticalWriteTarget(destination.text) === undefined)
      for (const source of sources.slice(0, 8)) {
        const inside = `${destination.text.replace(/\/+$/, '')}/${baseName(source.text)}`;
        if (criticalWriteTarget(inside) !== undefined) writeTarget(c, inside, c.name, '>');
      }
    // `cp /bin/bash /tmp/.b`: a copy of a shell is a shell (a later `chmod +s` makes it a root shell).
    if (sources.some((source) => SHELLS.has(commandName(source.text)) || interpreterFamily(commandName(source.text)) !== undefined))
      c.scan.shellCopies.add(normalizePath(destination.text));
    for (const source of sources) {
      const why = secretFile(source.text);
      if (why !== undefined) c.scan.secretCopies.set(normalizePath(destination.text), why);
    }
  }
  if (c.name === 'mv' || c.name === 'rsync') c.scan.add('high', `shell: moves or syncs files (${c.name})`);
}

/** The shell lines of an editor's commands (`-c ':!cmd'`, `+'silent !cmd'`, `--cmd`), at most 8. */
function editorShellEscapes(args: Word[]): string[] {
  const commands: string[] = [];
  for (let i = 0; i < args.length && commands.length < 8; i++) {
    const text = args[i].text;
    const value = text === '-c' || text === '--cmd' ? args[i + 1]?.text : text.startsWith('+') ? text.slice(1) : undefined;
    const shell = value === undefined ? undefined : /^\s*:?\s*(?:silent!?\s*)?!(.+)$/s.exec(value)?.[1];
    if (shell !== undefined) commands.push(shell);
  }
  return commands;
}

/** `sed -i … /etc/sudoers`. */
function sedRule(c: RuleContext): void {
  const parsed = parseOptions(c.args, set('-e', '--expression', '-f', '--file', '-l', '--line-length'));
  if (!hasFlag(parsed, 'i', '--in-place') && ![...parsed.long].some((flag) => flag.startsWith('--in-place'))) return;
  const files = parsed.values.has('-e') || parsed.values.has('--expression') ? parsed.operands : parsed.operands.slice(1);
  for (const file of files) writeTarget(c, file.text, 'sed -i', '>>');
}

/** `truncate -s 0 /var/log/auth.log`. */
function truncateRule(c: RuleContext): void {
  const parsed = parseOptions(c.args, set('-s', '--size', '-r', '--reference'));
  for (const operand of parsed.operands) {
    const why = protectedDeleteTarget(operand.text);
    if (why !== undefined && looksLikePath(operand.text)) c.scan.add('critical', `shell: empties ${why} ${quote(operand.text)} (truncate)`);
    else writeTarget(c, operand.text, 'truncate', '>');
  }
}

function printfFormat(format: string, args: string[]): string {
  let out = '';
  let next = 0;
  do {
    out += format.replace(/%([sb%])/g, (_all, kind: string) => (kind === '%' ? '%' : (args[next++] ?? '')));
  } while (next < args.length && next > 0 && out.length < 65536);
  return out;
}

/** echo and printf print literal text that a pipe may hand to an interpreter. */
function echoRule(c: RuleContext): void {
  const words = c.args.filter((word, index) => !(index === 0 && /^-[neE]+$/.test(word.text)));
  // `printf '%s' 'text'`: the format's `%s` and `%b` take the arguments (the format is reused while any remain).
  const format = c.name === 'printf' && words.length > 1 && /%[sb]/.test(words[0].text) && !/%[^sbn%]/.test(words[0].text);
  const text = format
    ? printfFormat(
        words[0].text,
        words.slice(1).map((word) => word.text),
      )
    : words.map((word) => word.text).join(' ');
  const escapes = c.name === 'printf' || c.args.some((word) => /^-\w*e/.test(word.text));
  // `printf "\x72\x6d"` prints `rm`: hex and octal escapes are decoded as the shell would.
  c.summary.output = escapes
    ? text
        .replace(/\\n/g, '\n')
        .replace(/\\t/g, '\t')
        .replace(/\\x([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/\\0?([0-7]{3})/g, (_m, octal: string) => String.fromCharCode(parseInt(octal, 8)))
    : text;
  for (const word of words) {
    if (word.sensitiveRead !== undefined) c.summary.readsSensitive = { path: word.text, why: word.sensitiveRead };
  }
}

/** cat, head, base64 … of a credential or system file. */
function readRule(c: RuleContext): void {
  for (const word of c.args) {
    if (word.text.startsWith('-')) continue;
    const why = sensitiveFile(word.text);
    if (why !== undefined && looksLikePath(word.text)) {
      c.summary.readsSensitive = { path: word.text, why };
      if (why === 'credential file' || word.text.includes('shadow')) c.scan.add('high', `shell: reads ${why} ${quote(word.text)}`);
      break;
    }
  }
  if (c.name === 'cat' && c.site.stdinText !== undefined) c.summary.output = c.site.stdinText;
}

/** kill -9 -1 (every process), kill 1 (init); other kills are high. */
function killRule(c: RuleContext): void {
  if (c.name === 'kill') {
    const texts = c.args.map((word) => word.text);
    let start = 0;
    if (texts[0] === '-s' || texts[0] === '-n') start = 2;
    else if (texts[0] !== undefined && /^-(?:\d+|[A-Z]+|SIG\w+)$/.test(texts[0]) && texts.length > 1) start = 1;
    const pids = texts.slice(start);
    if (pids.includes('-1')) {
      c.scan.add('critical', 'shell: kills every process (kill -1)');
      return;
    }
    if (pids.includes('1')) {
      c.scan.add('critical', 'shell: kills init (kill 1)');
      return;
    }
  }
  c.scan.add('high', `shell: kills processes (${c.name})`);
}

/** eval joins its arguments and runs them as shell. */
function evalRule(c: RuleContext): void {
  if (c.args.some((word) => word.fromDownload)) {
    c.scan.add('critical', 'shell: runs downloaded content with eval');
    return;
  }
  if (c.args.some((word) => word.dynamic)) c.scan.add('high', 'shell: eval of text computed at run time');
  c.scan.nested(c.args.map((word) => word.text).join(' '), 'eval');
}

/** `source <(curl …)`, `. ./downloaded.sh`. */
function sourceRule(c: RuleContext): void {
  c.summary.shell = true;
  const script = c.args[0];
  if (script === undefined) {
    if (c.site.stdinFromDownload) c.scan.add('critical', `shell: download piped into ${c.name}`);
    return;
  }
  scriptOperand(c, script);
}

/** `alias ls='rm -rf /'`: the alias runs later, so its command is analysed now. */
function aliasRule(c: RuleContext): void {
  for (const word of c.args) {
    const eq = word.text.indexOf('=');
    if (eq <= 0) continue;
    c.scan.aliases.set(word.text.slice(0, eq), word.text.slice(eq + 1));
    c.scan.nested(word.text.slice(eq + 1), 'alias');
  }
}

/** git push --force, git reset --hard, git clean -f. */
/** A git remote written as a URL: `https://host/…`, `ssh://…`, `git@host:owner/repo`. */
const GIT_URL = /^(?:[a-z][\w+.-]*:\/\/|[\w.-]+@[\w.-]+:)/i;

/** A remote written as a URL, or added a moment ago, is no remote the repository was set up with: the code leaves for it. */
function pushedElsewhere(c: RuleContext, rest: Word[]): void {
  const remote = rest.find((word) => !word.text.startsWith('-'))?.text;
  if (remote !== undefined && (GIT_URL.test(remote) || c.scan.addedRemotes.has(remote)))
    c.scan.add('critical', `shell: git push sends the repository to a remote it was not set up with (${quote(remote)})`);
}

function gitRule(c: RuleContext): void {
  // `git config alias.st '!rm -rf ~'`, `git -c core.pager='sh -c …' log`: settings whose value git runs as a command.
  for (const line of gitConfigCommands(c.args.map((word) => word.text))) c.scan.nested(line, 'git setting');
  const parsed = parseOptions(c.args, set('-C', '-c', '--git-dir', '--work-tree'));
  const sub = parsed.operands[0]?.text;
  const rest = parsed.operands.slice(1);
  if (
    sub === 'push' &&
    (hasFlag(parsed, 'f', '--force', '--force-with-lease', '--mirror', '--delete', 'd') ||
      rest.some((word) => word.text.startsWith('+') || word.text.startsWith(':')) ||
      [...parsed.long].some((flag) => flag.startsWith('--force')))
  ) {
    c.scan.add('high', 'shell: git push --force rewrites remote history');
    // `git push --mirror https://elsewhere/…`: forced or not, the code leaves for a remote it was not set up with.
    pushedElsewhere(c, rest);
  } else if (sub === 'reset' && hasFlag(parsed, '--hard')) {
    c.scan.add('high', 'shell: git reset --hard discards work');
  } else if (sub === 'clean' && hasFlag(parsed, 'f', '--force')) {
    c.scan.add('high', 'shell: git clean -f deletes untracked files');
  } else if (sub === 'push') {
    c.scan.add('high', 'shell: git push publishes commits');
    pushedElsewhere(c, rest);
    const staged = c.scan.secretCopies.get('git index');
    if (staged !== undefined) c.scan.add('critical', `shell: git push publishes a ${staged} added to the repository`);
  } else if (sub === 'remote' && (rest[0]?.text === 'add' || rest[0]?.text === 'set-url')) {
    // `git remote set-url origin https://elsewhere/…` points an existing name at a remote the call chose, as `add` does.
    const named = rest.slice(1).filter((word) => !word.text.startsWith('-'));
    if (named.length >= 2 && GIT_URL.test(named[1].text)) c.scan.addedRemotes.add(named[0].text);
  } else if (sub === 'add') {
    const secret = rest.find((word) => secretFile(word.text) !== undefined);
    if (secret !== undefined) c.scan.secretCopies.set('git index', secretFile(secret.text) ?? 'secret');
  }
}

/** sshfs and network mounts: later copies into the mount point leave the machine. */
function mountRule(c: RuleContext): void {
  const parsed = parseOptions(c.args, set('-o', '-t', '-p', '-F'));
  const remote = c.name === 'sshfs' || /^(?:nfs\d?|cifs|smb\w*|sshfs|fuse\.sshfs|davfs)$/.test(optionValues(parsed, '-t')[0]?.text ?? '');
  if (remote && parsed.operands.length >= 2) c.scan.remoteMounts.push(normalizePath(parsed.operands[1].text));
  c.scan.add('high', `shell: mounts a file system (${c.name})`);
}

/** Whether a partition editor's input script writes a new or emptied table: fdisk's and gdisk's `o`, `g` or `d` then `w`; any table for sfdisk. */
function partitionScriptWrites(name: string, texts: readonly string[], script: string | undefined): boolean {
  if (
    script === undefined ||
    texts.some((text) => /^(?:-l|--list|-d|--dump|-J|--json|-V|--verify|-s|--show-size|-v|--version)$/.test(text))
  )
    return name === 'parted' && script !== undefined && /^\s*(?:mklabel|mktable|rm)\b/m.test(script);
  const lines = script.split(/\n|\\n/).map((line) => line.trim());
  if (name === 'sfdisk') return texts.some((text) => /^\/dev\//.test(text));
  if (name === 'fdisk' || name === 'gdisk') return lines.includes('w') && lines.some((line) => /^[ogd]$/.test(line));
  return false;
}

/** Partition editors: creating a new label or zapping the table wipes the disk. */
function partitionRule(c: RuleContext): void {
  const texts = c.args.map((word) => word.text);
  if (texts.some((text) => /^(?:mklabel|mktable|rm|-Z|--zap-all|-o|--clear|--delete)$/.test(text))) {
    c.scan.add('critical', `shell: rewrites a partition table (${c.name})`);
  } else if (
    partitionScriptWrites(
      c.name,
      texts,
      c.site.stdinText ?? (c.site.inPipe || c.site.redirs.some((redirect) => redirect.op === 56) ? '' : undefined),
    )
  ) {
    // `printf 'o\nw\n' | fdisk /dev/sdb`, `sfdisk /dev/sdb <<< ','`: the editor's commands come on its input.
    c.scan.add('critical', `shell: rewrites a partition table from a script on its input (${c.name})`);
  } else {
    c.scan.add('high', `shell: edits partitions (${c.name})`);
  }
}

/** SQL given to a database client on its command line (`psql -c "DROP DATABASE x"`) is read as SQL. */
function databaseClientRule(c: RuleContext): void {
  const valueOptions = set(
    '-c',
    '--command',
    '-e',
    '--execute',
    '-q',
    '--query',
    '-Q',
    '-d',
    '--dbname',
    '-h',
    '--host',
    '-U',
    '--username',
    '-u',
    '--user',
    '-p',
    '--port',
    '-f',
    '--file',
    '-S',
    '-D',
    '--database',
    '-P',
    '--password',
  );
  const parsed = parseOptions(c.args, valueOptions);
  const statements = optionValues(parsed, '-c', '--command', '-e', '--execute', '-q', '--query', '-Q');
  if (c.name === 'sqlite3' || c.name === 'duckdb') statements.push(...parsed.operands.slice(1));
  if (c.site.stdinText !== undefined) statements.push({ ...c.head, text: c.site.stdinText });
  for (const statement of statements.slice(0, 8)) {
    const assessment = analyzeSql(statement.text);
    for (const reason of assessment.reasons)
      c.scan.add(assessment.class === 'low' || assessment.class === 'medium' ? 'high' : assessment.class, `${reason} (through ${c.name})`);
    // Dynamic SQL built from strings (`DECLARE @s = N'DROP …'; EXEC sp_executesql @s`), as on a SQL tool.
    const tricks = assessSqlTricks(statement.text);
    if (tricks !== undefined) for (const reason of tricks.reasons) c.scan.add(tricks.class, `${reason} (through ${c.name})`);
    // What MySQL runs inside `/*!50000 … */`, as on a SQL tool.
    const opened = statement.text.includes('/*!') ? openExecutableComments(statement.text) : undefined;
    if (opened !== undefined) {
      const inside = analyzeSql(opened);
      for (const reason of inside.reasons)
        c.scan.add(
          inside.class === 'low' || inside.class === 'medium' ? 'high' : inside.class,
          `${reason} (inside a MySQL executable comment, through ${c.name})`,
        );
    }
  }
  c.scan.add('high', `shell: runs a database client (${c.name})`);
}

/** apt-get install, pip install, npm install -g … */
function packageRule(c: RuleContext): void {
  const actions = PACKAGE_MANAGERS[c.name];
  const action = c.args.find((word) => actions.has(word.text));
  if (action !== undefined) c.scan.add('high', `shell: installs or removes packages (${c.name} ${action.text})`);
}

/** Code passed as an argument to any program (`gdb -ex 'python import socket…'`, `vim -c ':py3 …'`). */
function inlineCode(c: RuleContext): void {
  if (c.name === 'echo' || c.name === 'printf' || interpreterFamily(c.name) !== undefined || SHELLS.has(c.name)) return;
  for (const word of c.args) {
    if (word.text.length >= 24 && /socket|\/inet\/|TCPClient|fsockopen/i.test(word.text)) codeRule(c, word.text, false);
  }
}

/** Options that take a command (`--rsh-command=…`, `--password-command …`): the command is shell. */
function commandOptions(c: RuleContext): void {
  for (let i = 0; i < c.args.length; i++) {
    const match = COMMAND_OPTION.exec(c.args[i].text);
    if (match === null) continue;
    const value = match[1] ?? match[2] ?? c.args[i + 1]?.text;
    if (value !== undefined && value !== '' && !value.startsWith('-')) c.scan.nested(value, c.args[i].text.replace(/=.*$/, ''));
  }
}

/** Writes through `-o file`-style options of any command. */
function outputOptionWrites(c: RuleContext): void {
  for (let i = 0; i < c.args.length; i++) {
    const text = c.args[i].text;
    if (OUTPUT_OPTION.test(text) && i + 1 < c.args.length) {
      const target = c.args[i + 1].text;
      if (criticalWriteTarget(target) !== undefined) writeTarget(c, target, c.name, '>');
    } else {
      const match = /^--(?:output|out|outFile|log-file)[-\w]*=(.+)$/.exec(text);
      if (match && criticalWriteTarget(match[1]) !== undefined) writeTarget(c, match[1], c.name, '>');
    }
  }
}

function writeTargets(c: RuleContext, words: Word[], via: string): void {
  for (const word of words) if (looksLikePath(word.text)) writeTarget(c, word.text, via, '>');
}

/** The host of an scp/rsync remote (`user@host:path` -> `host`). */
function remoteHostOf(destination: string): string {
  return destination.replace(/^[\w.-]*@/, '').replace(/:.*$/, '');
}
