// A file downloaded and then run, in code or PowerShell (`urlretrieve(url, p)` then
// `subprocess.run(['sh', p])`, `Invoke-WebRequest … -OutFile x.ps1; & x.ps1`, WebClient's
// `DownloadFile`): the same as piping a download into a shell, with a file in between. The shell
// walker follows `curl -o f && sh f`; this reads the other languages. A downloaded file only read,
// listed or checked (even through `subprocess.run(['sha256sum', f])`) matches nothing.

import type { Findings } from './findings.ts';
import { fetchesFromNetwork } from './code-fetch-then-run.ts';

/** Where a download is written, per form. */
const TARGETS: readonly RegExp[] = [
  /\burlretrieve\(\s*[^,()]+,\s*(?:filename\s*=\s*)?['"]([^'"]+)['"]/g,
  /-OutFile\s+['"]?([^\s;'"|]+)/gi,
  /\.DownloadFile\(\s*[^,()]+,\s*['"]([^'"]+)['"]/gi,
  /Start-BitsTransfer\b[^;\n]*-Destination\s+['"]?([^\s;'"|]+)/gi,
  /\bwget\.download\(\s*[^,()]+,\s*(?:out\s*=\s*)?['"]([^'"]+)['"]/g,
  // Go: `http.Get(url)` then the body copied into `os.Create("/tmp/x")`.
  // Ruby: `File.write('/tmp/r', URI.open(url).read)`.
  /\bFile\.(?:write|binwrite)\(\s*['"]([^'"]+)['"]\s*,\s*(?:URI\.open|open|Net::HTTP\.get)\b/g,
  /\bhttp\.(?:Get|Post)\([\s\S]{0,400}?\bos\.(?:Create|WriteFile)\(\s*"([^"]+)"/g,
  // curl and wget given an output file on a Windows line (`curl -sko %TEMP%\\a.exe URL && start "" %TEMP%\\a.exe`).
  /\bcurl(?:\.exe)?\s[^\n&|;]*?-[a-zA-Z]*o\s+['"]?((?:%\w+%|[A-Za-z]:)?[^\s'"&|;]*\\[^\s'"&|;]+)/gi,
  // Windows' own downloaders: `certutil -urlcache -f URL FILE`, `bitsadmin /transfer job URL FILE`.
  /\bcertutil(?:\.exe)?\b[^\n&|;]*?-urlcache\b[^\n&|;]*?\s(?:https?|ftp):\/\/\S+\s+['"]?([^\s'"&|;]+)/gi,
  /\bbitsadmin(?:\.exe)?\b[^\n&|;]*?\/(?:transfer|addfile)\b[^\n&|;]*?\shttps?:\/\/\S+\s+['"]?([^\s'"&|;]+)/gi,
];
/** Files a program writes, which hold a download when the code fetches one (`open(p, 'wb').write(r.content)`, `r.pipe(fs.createWriteStream(p))`). */
const WRITTEN_FILES: readonly RegExp[] = [
  /\bopen\(\s*['"]([^'"]+)['"]\s*,\s*['"](?:wb|w|ab|w\+b|wb\+)['"]/g,
  /\b(?:createWriteStream|writeFileSync|writeFile)\(\s*['"`]([^'"`]+)['"`]/g,
];
const HINT =
  /curl|urlretrieve|OutFile|DownloadFile|BitsTransfer|wget\.download|os\.Create|os\.WriteFile|File\.(?:bin)?write|urlcache|bitsadmin|createWriteStream|writeFile|\bopen\(/i;
/** Words that start a program on a statement: process APIs, PowerShell's call operators, shells. */
const RUNS =
  /\bsubprocess\b|\bos\.(?:system|exec\w*|spawn\w*|popen|startfile)\b|\bPopen\b|\bchild_process\b|\bexec(?:File|Sync)?\s*\(|\bspawn(?:Sync)?\s*\(|Start-Process\b|Invoke-Expression\b|\biex\b|Invoke-Item\b|^\s*[&.]\s|\b(?:ba|z|da)?sh\b|\bpowershell\b|\bpwsh\b|\bcmd(?:\.exe)?\s+\/c\b|\bRuntime\.getRuntime\(\)\.exec\b|\bexec\.Command(?:Context)?\s*\(|\bsystem\s*\(|\bKernel\.(?:system|exec|spawn)\b|\bmsiexec\b|\bstart\b|\bcall\b|\b(?:rundll32|regsvr32|wscript|cscript|mshta|installutil|msbuild)\b|SetNotifyCmdLine/i;

/** Programs that only read, list or check a file (`sha256sum`, `tar -tf`, `Get-FileHash`): handing the download to them runs nothing from it. */
const READS =
  /['"\s(\[](?:sha\d*sum|shasum|md5sum|cat|less|head|tail|file|ls|stat|wc|jq|gpg|tar\s+-?t\w*|unzip\s+-l|Get-FileHash|Get-Content|Get-AuthenticodeSignature|Test-Path)\b/;

/** Adds a critical finding when a text downloads a file and later runs it. */
export function assessDownloadThenRun(text: string, findings: Findings): void {
  if (text.length > 65536 || !HINT.test(text)) return;
  const patterns = fetchesFromNetwork(text) ? [...TARGETS, ...WRITTEN_FILES] : TARGETS;
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const target = match[1];
      if (target.length < 2) continue;
      if (runsLater(text.slice((match.index ?? 0) + match[0].length), target, 0)) {
        findings.add('critical', `code: downloads a file (\`${target.slice(0, 60)}\`) and then runs it`);
        return;
      }
    }
  }
  // `p = '/tmp/a'; urlretrieve(url, p); os.execv(p, [p])`: the file is named by a variable.
  for (const match of text.matchAll(NAMED_TARGETS)) {
    const name = match[1] ?? match[2] ?? match[3];
    const word = new RegExp(`(?:^|[^\\w$.'"])${name.replace(/\$/g, '\\$')}(?![\\w'"])`);
    const later = text.slice((match.index ?? 0) + match[0].length).split(/[;\n]|&&/);
    if (later.some((statement) => word.test(statement) && RUNS.test(statement) && !READS.test(statement))) {
      findings.add('critical', `code: downloads a file (named by \`${name}\`) and then runs it`);
      return;
    }
  }
}

/** Downloads whose file is named by a variable (`urlretrieve(url, path)`, `wget.download(url, out=p)`, `-OutFile $p`). */
const NAMED_TARGETS =
  /\burlretrieve\(\s*[^,()]+,\s*(?:filename\s*=\s*)?([A-Za-z_]\w*)\s*[,)]|\bwget\.download\(\s*[^,()]+,\s*(?:out\s*=\s*)?([A-Za-z_]\w*)\s*[,)]|-OutFile\s+(\$\w+)/g;

/** Programs that make a new file of a downloaded one (`certutil -decode a.b64 a.exe`, `expand`, `copy`, `Rename-Item`): the new file is the download too. */
const DERIVES =
  /^\s*(?:certutil(?:\.exe)?\s+-decode(?:hex)?|expand(?:\.exe)?|copy|move|ren(?:ame)?|cp|mv|Copy-Item|Move-Item|Rename-Item)\s/i;

/** Whether a later statement runs the file (or a file made from it, one step). */
function runsLater(after: string, target: string, depth: number): boolean {
  const base = target.replace(/^.*[\\/]/, '');
  // `a & b` runs both in cmd.exe; PowerShell's call operator `& "x.exe"` then starts the statement.
  const statements = after.split(/[;\n]|&&|\|\||&/);
  for (const [index, statement] of statements.entries()) {
    const at = statement.includes(target) ? target : base.length > 2 && statement.includes(base) ? base : undefined;
    if (at === undefined) continue;
    // The downloaded file is the command itself (`p.exe`, `"C:\Temp\p.exe" /S`).
    if (statement.trim().replace(/^["']/, '').startsWith(at)) return true;
    const rest = statement.split(at).join(' ');
    if (RUNS.test(rest) && !READS.test(rest)) return true;
    const made =
      depth === 0 && DERIVES.test(statement)
        ? statement
            .trim()
            .split(/\s+/)
            .at(-1)
            ?.replace(/^["']|["']$/g, '')
        : undefined;
    if (made !== undefined && made.length > 2 && made !== at && runsLater(statements.slice(index + 1).join('\n'), made, 1)) return true;
  }
  return false;
}
