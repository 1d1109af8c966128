// Reads code handed to an interpreter (`python -c`, `perl -e`, `node -e`, `php -r`, awk
// programs, heredocs fed to an interpreter, scripts written with `echo … > file`) for what
// matters to risk: a socket wired to a shell (reverse or bind shell), a credential or system file
// sent over the network (exfiltration), a fork bomb, and shell commands run from inside the code
// (`os.system("…")`), which the caller analyses as shell. Token tests only, all linear.

import { criticalWriteTarget, pathsInText, protectedDeleteTarget, rootLikeTarget, sensitiveFile } from './paths.ts';
import { codeSecretReads } from './code-secret-reads.ts';
import { foldCodeLiterals } from './code-literal-folding.ts';
import { vitalWindowsPath } from './windows-commands.ts';
import { runsFetchedText } from './code-fetch-then-run.ts';
import { computedDeleteTargets } from './code-delete-targets.ts';

/** What one piece of code does, as far as risk goes. */
export interface CodeSignals {
  /** The code opens a network socket. */
  socket: boolean;
  /** The code talks HTTP or another network protocol. */
  network: boolean;
  /** The code starts a shell or a process. */
  spawnsShell: boolean;
  /** Sensitive files the code names, with why they are sensitive. */
  sensitivePaths: { path: string; why: string }[];
  /** The code forks without end. */
  forkBomb: boolean;
  /** Shell command strings the code runs (`os.system("rm -rf /")` gives `rm -rf /`). */
  shellCommands: string[];
  /** System files, logs or folders the code deletes (`os.remove("/etc/passwd")`, `shutil.rmtree("/")`). */
  deletes: { path: string; why: string }[];
  /** Persistence targets the code writes (`open("/root/.bashrc", "a")`): path and why. */
  writes: { path: string; why: string }[];
  /** Secret files the code opens or reads (their content reaches the output). */
  secretReads: { path: string; why: string }[];
  /** The code decodes text (base64, hex, rot13, zlib) and hands it to exec, eval or a shell. */
  decodesAndRuns: boolean;
  /** How the code runs text it fetched from the network, when it does. */
  runsFetched: string | undefined;
}

const SOCKET =
  /socket|fsockopen|\/inet\/(?:tcp|udp)\/|\/dev\/(?:tcp|udp)\/|require\(\s*["'](?:node:)?net["']\s*\)|\bnet\.(?:connect|createConnection|createServer|Socket|Dial|Listen)|TCPSocket|TCPServer|UDPSocket|\bconnect\(\s*["']?\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|java\.net\.|Net::(?:Telnet|FTP)|\bnc\s+-/i;
const NETWORK =
  /urlopen|urllib|urlretrieve|requests\.(?:post|put|get)|http\.(?:request|post|client)|https?\.request|require\(\s*["'](?:node:)?https?["']\s*\)|\bfetch\(|Net::HTTP|LWP::|HTTP::Tiny|curl_exec|curl_init|file_get_contents\(\s*["']https?:|\bhttps?:\/\/|ftplib|smtplib|paramiko|HttpClient|WebClient|Invoke-WebRequest|Invoke-RestMethod|\bwget\b|\bcurl\b/i;
const SPAWNS_SHELL =
  /\/bin\/(?:ba|z|da|k|c|tc|fi|a)?sh\b|["'](?:ba|z|da)?sh["']|\bcmd(?:\.exe)?["']|pty\.spawn|subprocess|os\.(?:system|popen|exec\w*|spawn\w*)|child_process|\bpopen\b|\bexec(?:ve?)?\b|\bexec[lv]p?e?\s*\(|\bsystem\s*\(|\bspawn\s*\(|ProcessBuilder|Runtime\.getRuntime|\bdup2\b|IO\.popen|\bshell_exec\b|\bpassthru\b|proc_open|os\.execute|io\.popen|\|&|\brun\(|Process\.Start|\biex\b|Invoke-Expression|Start-Process|\bzsh\/net\/tcp\b/i;
const FORK_BOMB =
  /\bfork\s+while\s+fork\b|while\s*\(?\s*(?:1|true|True)\s*\)?\s*[:{]?\s*(?:os\.|pcntl_)?fork\s*\(|(?:for|while)\s*\(\s*;\s*;\s*\)\s*\{?\s*fork\s*\(/;

/**
 * Strings run as shell commands from inside code: `os.system("…")`, `subprocess.run("…",
 * shell=True)`, `system('…')`, `exec("…")`, `shell_exec("…")`, backticks in Perl and Ruby.
 * Each alternative of the string body consumes different characters, so matching is linear.
 */
const SHELL_CALL =
  /\b(?:system|popen|shell_exec|passthru|exec|execSync|spawnSync|spawn|check_output|check_call|call|run|getoutput|getstatusoutput|Popen|proc_open|execute|qx)\s*\(\s*\[?\s*(?:(")((?:[^"\\\n]|\\.){1,4096})"|(')((?:[^'\\\n]|\\.){1,4096})')/g;
const PERL_BACKTICKS = /`((?:[^`\\]|\\.){1,4096})`/g;
/**
 * Processes started from an argument list: `subprocess.run(['shred', '-u', '/dev/sdb'])`,
 * `spawnSync('rm', ['-rf', '/'])`, `execFile("dd", [...])`, Deno's `new Deno.Command('sh', {args: [...]})`.
 * The items are the command's words.
 */
const ARGV_CALL =
  /\b(?:run|call|Popen|check_output|check_call|spawn|spawnSync|execFile|execFileSync|exec[lv]p?e?|Command)\s*\(\s*(?:(["'])([\w./-]{1,64})\1\s*,\s*)?(?:\{\s*args\s*:\s*)?\[((?:\s*(["'])[^"'\n]{0,256}\4\s*,?){1,32})\s*\]/g;
const ARGV_ITEM = /(["'])([^"'\n]{0,256})\1/g;
/** Java's argument arrays: `Runtime.getRuntime().exec(new String[]{"sh", "-c", "…"})`, `new ProcessBuilder(List.of("rm", "-rf", "/"))`. */
const JAVA_ARGV_CALL =
  /\b(?:exec|ProcessBuilder|command)\s*\(\s*(?:new\s+String\s*\[\s*\]\s*\{|(?:List\.of|Arrays\.asList)\s*\()((?:\s*"[^"\n]{0,256}"\s*,?){1,32})\s*[})]/g;
/**
 * Processes started from several literal arguments, no list: `system("rm", "-rf", "/")` (Ruby, Perl),
 * `exec.Command("rm", "-rf", "/")` (Go), `Process.spawn("curl", …)`. The arguments are the command's words.
 */
const SPREAD_ARGV_CALL =
  /\b(?:system|exec|spawn|Command|CommandContext|execl|execlp|execv|execvp|pcntl_exec|Process\.start|ProcessBuilder)\s*\(\s*(?:ctx\s*,\s*)?((?:(["'])[^"'\n]{0,256}\2\s*,\s*){1,31}(["'])[^"'\n]{0,256}\3)\s*\)/g;
/** Deleting calls with a literal path: `os.remove("…")`, `shutil.rmtree('…')`, `fs.rmSync("…")`, `unlink("…")`. */
const DELETE_CALL =
  /\b(?:remove|removeSync|unlink|unlinkSync|rmtree|rmSync|rmdirSync|rmdir|rm_rf|rm_r|delete|deleteSync|File\.delete|FileUtils\.rm_rf|Remove-Item|RemoveAll)\s*\(?\s*(?:"([^"\n]{1,4096})"|'([^'\n]{1,4096})')/g;
/** Calls that write a file named by a literal (the first group is the path). */
const WRITE_CALLS: RegExp[] = [
  /(?:\bopen|\bio\.open|File\.open|\bfopen)\s*\(\s*["']([^"'\n]{1,4096})["']\s*,\s*["'](?:[wa]|r\+)/g,
  /(?:writeFile|writeFileSync|appendFile|appendFileSync|file_put_contents|File\.write|FileWriter|createWriteStream|write_text|write_bytes)\s*\(\s*["']([^"'\n]{1,4096})["']/g,
  /\bopen\s*\(\s*(?:my\s+)?[$\w]+\s*,\s*["']>{1,2}\s*([^"'\n]{1,4096})["']/g,
  /\bopen\s*\(\s*(?:my\s+)?[$\w]+\s*,\s*["']>{1,2}["']\s*,\s*["']([^"'\n]{1,4096})["']/g,
  /(?:Out-File|Add-Content|Set-Content)\s+(?:-\w+\s+)*["']?([^\s"';|]{1,4096})/g,
  /\bprintf?\b[^>\n]{0,4096}>{1,2}\s*"([^"\n]{1,4096})"/g,
];

/** Decoders of hidden text, and calls that run text as code or as a command. */
const DECODES =
  /b64decode|b32decode|base64_decode|str_rot13|hex2bin|gzinflate|gzuncompress|decodebytes|decode_base64|base64\.(?:decode|b64|standard_b64|urlsafe_b64)|Base64\.(?:decode|strict_decode)|unpack\(\s*["']m|atob\s*\(|Buffer\.from\([^)]*["'](?:base64|hex)["']|FromBase64String|bytes\.fromhex|unhexlify|\.decode\(\s*["'](?:hex|rot13|rot_13|base64)|codecs\.decode|zlib\.decompress|gzip\.decompress|marshal\.loads|pack\(\s*["']H/;
// Perl's `system pack(…)` and `eval unpack(…)` need no parentheses.
const RUNS_TEXT =
  /\b(?:exec|eval|compile|execfile|instance_eval|Function)\s*\(|\bIEX\b|Invoke-Expression|\beval\s+\$|\b(?:system|exec|eval)\s+(?:un)?pack\b|\bsystem\s*\(|`\$/;

/** Argument words as one shell command line, each quoted so it stays one word. */
function commandLineOf(words: readonly string[]): string {
  return words.map((word) => (/^[\w./:=,@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The signals of one piece of code (at most the first 64 KB are read). */
export function readCode(code: string): CodeSignals {
  // `'sys' + 'tem'`, `['rm', '-rf', '/'].join(' ')`: literal pieces are read joined.
  const text = foldCodeLiterals(code.length > 65536 ? code.slice(0, 65536) : code);
  const sensitivePaths: { path: string; why: string }[] = [];
  for (const path of pathsInText(text)) {
    const why = sensitiveFile(path.replace(/[*]+$/, ''));
    if (why !== undefined) sensitivePaths.push({ path, why });
  }
  const shellCommands: string[] = [];
  SHELL_CALL.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = SHELL_CALL.exec(text)) !== null && shellCommands.length < 8) {
    const body = match[2] ?? match[4] ?? '';
    shellCommands.push(body.replace(/\\(["'\\])/g, '$1').replace(/\\n/g, '\n'));
  }
  ARGV_CALL.lastIndex = 0;
  while ((match = ARGV_CALL.exec(text)) !== null && shellCommands.length < 8) {
    const words = [...match[3].matchAll(ARGV_ITEM)].map((item) => item[2]);
    if (match[2] !== undefined) words.unshift(match[2]);
    shellCommands.push(commandLineOf(words));
  }
  SPREAD_ARGV_CALL.lastIndex = 0;
  while ((match = SPREAD_ARGV_CALL.exec(text)) !== null && shellCommands.length < 8) {
    const words = [...match[1].matchAll(ARGV_ITEM)].map((item) => item[2]);
    shellCommands.push(commandLineOf(words));
  }
  // IPython and Jupyter: `!rm -rf ~/x` and `%system …` lines are shell lines run from the notebook.
  if (text.includes('!') || text.includes('%')) {
    for (const line of text.matchAll(/^[ \t]*(?:!|%(?:system|sx)\s)(?!=)([^\n]{1,4096})$/gm)) {
      if (shellCommands.length >= 8) break;
      shellCommands.push(line[1]);
    }
  }
  JAVA_ARGV_CALL.lastIndex = 0;
  while ((match = JAVA_ARGV_CALL.exec(text)) !== null && shellCommands.length < 8) {
    const words = [...match[1].matchAll(ARGV_ITEM)].map((item) => item[2]);
    shellCommands.push(commandLineOf(words));
  }
  PERL_BACKTICKS.lastIndex = 0;
  while ((match = PERL_BACKTICKS.exec(text)) !== null && shellCommands.length < 8) {
    shellCommands.push(match[1]);
  }
  const deletes: { path: string; why: string }[] = [];
  DELETE_CALL.lastIndex = 0;
  while ((match = DELETE_CALL.exec(text)) !== null && deletes.length < 8) {
    const path = (match[1] ?? match[2] ?? '').trim();
    // Deno's `remove(path, {recursive: true})` says so in its options.
    const recursive =
      /rmtree|rm_rf|rm_r|rmSync|rmdir|Remove-Item|RemoveAll/.test(match[0]) ||
      (/remove/.test(match[0]) && /^[^;\n]{0,160}recursive\s*:\s*true/.test(text.slice(match.index + match[0].length)));
    const root = recursive ? rootLikeTarget(path) : undefined;
    const drive = recursive && path.includes(':') ? vitalWindowsPath(path) : undefined;
    const why =
      root !== undefined
        ? `folder ${root}`
        : drive !== undefined
          ? `Windows drive or system folder ${drive}`
          : path.startsWith('/') || path.startsWith('~')
            ? protectedDeleteTarget(path)
            : undefined;
    if (why !== undefined) deletes.push({ path, why });
  }
  // Targets computed in the code: a loop over the root's entries, the home folder by name.
  // Read on the code as written too: folding turns a name bound to `''` or `os.homedir()` into its literal.
  const raw = code.length > 65536 ? code.slice(0, 65536) : code;
  for (const item of [...computedDeleteTargets(raw), ...(raw === text ? [] : computedDeleteTargets(text))])
    if (deletes.length < 8 && !deletes.some((known) => known.path === item.path)) deletes.push(item);
  const writes: { path: string; why: string }[] = [];
  for (const pattern of WRITE_CALLS) {
    pattern.lastIndex = 0;
    while ((match = pattern.exec(text)) !== null && writes.length < 8) {
      const why = criticalWriteTarget(match[1].trim());
      if (why !== undefined) writes.push({ path: match[1].trim(), why });
    }
  }
  const spawnsShell = SPAWNS_SHELL.test(text);
  return {
    deletes,
    writes,
    secretReads: codeSecretReads(text),
    decodesAndRuns: DECODES.test(text) && (RUNS_TEXT.test(text) || spawnsShell),
    runsFetched: runsFetchedText(code.length > 65536 ? code.slice(0, 65536) : code),
    socket: SOCKET.test(text),
    network: NETWORK.test(text),
    spawnsShell,
    sensitivePaths,
    forkBomb: FORK_BOMB.test(text),
    shellCommands,
  };
}
