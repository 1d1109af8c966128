// Windows command lines (cmd and PowerShell), which the POSIX shell parser cannot read: a
// backslash path is not an escape there, `$env:USERPROFILE` is a home folder, `IEX` runs text.
// Read by tokens on the raw text: secrets printed or uploaded, download cradles and encoded
// commands (decoded and read again), recursive deletes of a drive or the Windows folder, shadow
// copies and recovery switched off, event logs cleared, credential hives and LSASS dumped,
// Defender and the firewall switched off, accounts added to Administrators. Linear token tests.

import type { Findings } from './findings.ts';
import { quote } from './findings.ts';
import { secretFile } from './secret-files.ts';
import { foldCodeLiterals } from './code-literal-folding.ts';
import { registryHiveDelete } from './registry-hive-deletes.ts';
import { expandCmdForLoops } from './cmd-for-loops.ts';

/** Cheap gate: text that may be a Windows command line at all. */
const WINDOWS_TRAITS =
  /\$env:|%\w+%|\b[A-Za-z]:\\|\b(?:Get|Set|New|Remove|Invoke|Add|Clear|Start|Stop|Format|Import|Select|Out|Limit)-[A-Z]\w+|\b(?:iex|iwr|irm|mshta|regsvr32|msiexec|wevtutil|rundll32|vssadmin|wmic|wbadmin|bcdedit|netsh|powershell|pwsh|certutil|cipher|icacls|takeown|procdump\w*|mimikatz|sekurlsa|lsadump|ntdsutil|comsvcs|diskpart|FromBase64String|DownloadString)\b|\breg(?:\.exe)?\s+(?:save|export|add|delete)\b|\bHK(?:LM|CU|CR|U|EY_\w+):?\\|\bschtasks\b|\bnet(?:\.exe)?\s+(?:user|localgroup|group)\b|\bformat(?:\.com)?\s+[A-Za-z]:|\b(?:del|rd|rmdir|erase)\s+\/|\b(?:type|gc|more)\s+["']?\S*\\|-(?:e|ec|enc|encodedcommand)\s+[A-Za-z0-9+/=]{8,}/i;

const READERS = /^(?:get-content|gc|type|cat|more|select-string|sls|import-clixml|get-filehash|format-hex|certutil)$/i;
const NETWORK =
  /\b(?:Invoke-WebRequest|Invoke-RestMethod|iwr|irm|curl(?:\.exe)?|wget|Net\.WebClient|UploadFile|UploadString|UploadData|Start-BitsTransfer|Send-MailMessage|HttpClient|ftp)\b/i;
const CRADLE_RUN = /\b(?:iex|Invoke-Expression)\b|\|\s*(?:iex|Invoke-Expression|powershell|pwsh)\b|\[scriptblock\]::Create|\.Invoke\(\)/i;
const CRADLE_FETCH =
  /DownloadString|DownloadData|DownloadFile|\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|curl|wget|Net\.WebClient|Start-BitsTransfer)\b|https?:\/\//i;
const ENCODED = /(?:^|\s)-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*|EncodedCommand)\s+([A-Za-z0-9+/=]{8,})/i;
const FROM_BASE64 = /FromBase64String\s*\(\s*['"]([A-Za-z0-9+/=]{8,})['"]/i;
/** Deletes: `Remove-Item -Recurse C:\`, `rd /s /q C:\Users\ana` (a profile), `rd /s /q C:\Windows`, `del /s /q C:\*`, `rm -r -fo $env:SystemRoot`. */
const DELETE = /\b(?:Remove-Item|ri|rm|rmdir|rd|del|erase)\b([^;&|\n]*)/gi;
const RECURSIVE = /(?:^|\s)(?:-r(?:ecurse)?\b|-Recurse\b|\/s\b)/i;
/** A listing piped into a delete: `Get-ChildItem C:\ -Force | Remove-Item -Recurse -Force` deletes every entry it lists. */
const PIPED_DELETE =
  /\b(?:Get-ChildItem|gci|ls|dir|Get-Item|gi)\b([^|;\n]*)\|\s*(?:(?:ForEach-Object|foreach|%)\s*\{\s*)?(?:Remove-Item|ri|rm|del|erase)\b([^;|\n]*)/gi;
/** A listing narrowed to some entries (`-Filter *.tmp`, `-Include`, `Where-Object`): not everything goes. */
const NARROWED = /-(?:Filter|Include|Exclude)\b|\*\.\w/i;
const VITAL_TARGET =
  /(?:^|\s)['"]?(?:[A-Za-z]:[\\/]?(?:\*(?:\.\*)?)?|[A-Za-z]:[\\/](?:Windows(?:[\\/](?:System32|SysWOW64|WinSxS|SystemApps))?|Users(?:[\\/][^\\/\s'"*]+(?:[\\/](?:Documents|Desktop|Pictures|Music|Videos|OneDrive))?)?|Program Files(?: \(x86\))?|ProgramData)[\\/]?(?:\*(?:\.\*)?)?|\$env:(?:SystemRoot|windir|SystemDrive|USERPROFILE|ProgramFiles)[\\/]?\*?|%(?:SystemRoot|windir|SystemDrive|USERPROFILE|ProgramFiles)%[\\/]?\*?|~[\\/]?\*?)['"]?(?=[\s)]|$)/i;
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\b(?:vssadmin(?:\.exe)?\s+delete\s+shadows|wmic(?:\.exe)?\s+shadowcopy\s+delete|Get-WmiObject\s+Win32_Shadowcopy\s*\|\s*\S*Remove|wbadmin\s+delete\s+(?:catalog|systemstatebackup|backup))\b/i,
    'deletes the shadow copies or backups (no way back)',
  ],
  [/\bbcdedit(?:\.exe)?\b.*\b(?:recoveryenabled\s+no|bootstatuspolicy\s+ignoreallfailures)\b/i, 'switches off Windows recovery'],
  [
    /\b(?:wevtutil(?:\.exe)?\s+(?:cl|clear-log)\b|Clear-EventLog\b|Remove-EventLog\b|Limit-EventLog\b.*-MaximumSize\s+\d{1,5}\b)/i,
    'clears the event logs (covers tracks)',
  ],
  [/\breg(?:\.exe)?\s+(?:save|export)\s+["']?HK(?:LM|EY_LOCAL_MACHINE)\\(?:SAM|SECURITY|SYSTEM)\b/i, 'dumps the credential hives'],
  [
    /\bcomsvcs(?:\.dll)?\s*,?\s*#?(?:MiniDump|24)\b|\bprocdump(?:64)?(?:\.exe)?\b.*\blsass\b|\bmimikatz\b|\bsekurlsa::|\blsadump::|\bntdsutil\b.*\bifm\b|\bInvoke-Mimikatz\b/i,
    'dumps credentials from memory or the domain database',
  ],
  [
    /\bSet-MpPreference\b.*-Disable\w+\s+(?:\$true|1)\b|\bAdd-MpPreference\b.*-ExclusionPath\s+['"]?[A-Za-z]:\\?['"]?(?:\s|$)|\bsc(?:\.exe)?\s+(?:stop|config|delete)\s+WinDefend\b/i,
    'switches off malware protection',
  ],
  [
    /\bnetsh(?:\.exe)?\s+(?:advfirewall\s+set\s+\w+\s+state\s+off|firewall\s+set\s+opmode\s+(?:mode=)?disable)\b|\bSet-NetFirewallProfile\b.*-Enabled\s+(?:False|\$false|0)\b/i,
    'switches off the firewall',
  ],
  [
    /\bnet(?:\.exe)?\s+group\s+["']?(?:Domain|Enterprise) Admins["']?\s+\S+\s+\/add\b|\bAdd-ADGroupMember\b.*(?:Domain|Enterprise) Admins/i,
    'adds an account to the domain administrators',
  ],
  [
    // Run keys, the logon shell and debugger hijacks start a program at every logon or launch.
    /\b(?:New-ItemProperty|Set-ItemProperty|sp|reg(?:\.exe)?\s+add)\b[^;&|\n]*\\(?:Software\\(?:WOW6432Node\\)?Microsoft\\Windows\\CurrentVersion\\(?:Run|RunOnce|RunServices|RunServicesOnce|Policies\\Explorer\\Run)\b|Software\\Microsoft\\Windows NT\\CurrentVersion\\(?:Winlogon|Image File Execution Options)\b)/i,
    'plants a program that starts at every logon (registry autostart)',
  ],
  [
    /\bschtasks(?:\.exe)?\s+\/create\b[^;&|\n]*(?:\/sc\s+(?:onlogon|onstart|onidle)\b|\/ru\s+["']?(?:SYSTEM|NT AUTHORITY\\SYSTEM)\b)/i,
    'plants a scheduled task that runs at logon, at boot or as SYSTEM',
  ],
  [
    /\bformat(?:\.com)?\s+[A-Za-z]:(?:\s|$)|\bcipher(?:\.exe)?\s+\/w:|\bClear-Disk\b|\bFormat-Volume\b|\bdiskpart\b[\s\S]*\bclean\b|\bclean(?:\s+all)?\b[\s\S]{0,200}\|\s*diskpart\b/i,
    'formats or wipes a drive',
  ],
  [
    // Script hosts and installers handed a URL fetch and run what it serves (`mshta http://…`, `regsvr32 /i:http://… scrobj.dll`).
    /\b(?:mshta(?:\.exe)?\s+["']?(?:https?|ftp):\/\/|mshta(?:\.exe)?\s+["']?(?:javascript|vbscript):[^\n]*?(?:(?:https?|ftp):\/\/|GetObject|ActiveXObject|CreateObject)|regsvr32(?:\.exe)?\b[^\n;&|]*\/i:["']?(?:https?|ftp):\/\/|msiexec(?:\.exe)?\b[^\n;&|]*\/(?:i|package)\s+["']?(?:https?|ftp):\/\/|rundll32(?:\.exe)?\b[^\n;&|]*\b(?:javascript|vbscript):)/i,
    'runs a script or installer straight from a URL',
  ],
  [
    /\b(?:takeown(?:\.exe)?\s+\/f\s+["']?[A-Za-z]:\\(?:Windows)?["']?.*\/r|icacls(?:\.exe)?\s+["']?[A-Za-z]:\\(?:Windows)?\\?["']?\s+.*\/grant\s+\S*(?:Everyone|Users):\(?F\)?.*\/t)\b/i,
    'takes over or opens up the system drive',
  ],
];

/** An account added to the local Administrators group; with a new account in the same line it is a back door. */
const LOCAL_ADMIN_ADD =
  /\bnet(?:\.exe)?\s+localgroup\s+["']?(?:administrators|Administratoren|Remote Desktop Users)["']?\s+\S+\s+\/add\b|\bAdd-LocalGroupMember\b.*-Group\s+["']?Administrators\b/i;
const NEW_ACCOUNT = /\bnet(?:\.exe)?\s+user\s+\S+\s+\S+.*\/add\b|\bNew-LocalUser\b/i;

/** A drive root, the system's own folders or a profile (`C:\`, `D:/`, `\\?\C:\`, `C:\Windows\System32`, `C:\Users`, `C:\Users\ana`), or undefined. */
const VITAL_PATH =
  /^(?:\\{1,2}\?\\{1,2})?[A-Za-z]:(?:[\\/]+(?:Windows(?:[\\/]+System32)?|Users(?:[\\/]+[^\\/\s'"*]+)?|Program Files(?: \(x86\))?|ProgramData|Boot)?)?[\\/]*(?:\*(?:\.\*)?)?$/i;
export function vitalWindowsPath(raw: string): string | undefined {
  const path = raw.trim().replace(/\\\\/g, '\\');
  return path.length <= 64 && VITAL_PATH.test(path) ? path : undefined;
}

/** Adds findings for a Windows command line; returns quickly on text without Windows traits. */
export function assessWindowsCommand(raw: string, findings: Findings, depth = 0): void {
  if (raw.length > 65536) return;
  // `& ('Remove' + '-Item')` is `Remove-Item`, `-join [char[]](…)` the text it spells: literal pieces are read joined.
  // PowerShell joins `'Remove' + '-Item C:\'` whatever the pieces hold (a backslash escapes nothing there).
  const text = /&\s*[('"$]|\[[Cc]har|-join/i.test(raw) ? foldCodeLiterals(raw).replace(/(['"])\s*\+\s*\1/g, '') : raw;
  if (!WINDOWS_TRAITS.test(text)) return;
  for (const [pattern, why] of RULES) if (pattern.test(text)) findings.add('critical', `windows: ${why}`);
  const statements = text.split(/[;&|\n]|\(|\)/);
  const network = NETWORK.test(text);
  for (const statement of statements) {
    const words = statement.trim().split(/\s+/);
    if (words.length < 2) continue;
    for (let i = 0; i < words.length - 1; i++) {
      // A reader may open a hashtable entry (`-Form @{file=Get-Item C:\x.kdbx}`).
      const word = words[i].replace(/^@?\{?[\w-]{1,32}=/, '');
      // On a network line `Get-Item` hands the file itself to the upload.
      const reader =
        READERS.test(word) ||
        (network && /^(?:get-item|gi)$/i.test(word)) ||
        /^-(?:InFile|Path|LiteralPath|FilePath|Attachments?)$/i.test(word);
      // On a line that talks to the network, a secret named anywhere (`curl.exe -T %USERPROFILE%\.aws\credentials`) goes out.
      if (!reader && !(network && i > 0)) continue;
      // The file is the first word after the reader's switches (`Get-Content -Raw <file>`).
      let j = reader ? i + 1 : i;
      while (reader && j < words.length - 1 && j < i + 3 && /^-[A-Za-z]+$/.test(words[j])) j++;
      // `-Form @{file=Get-Item C:\x.kdbx}`: the hashtable's closing brace is not part of the path.
      const target = words[j].replace(/^(?:[\w-]{1,32}=)?@|^['"]|['",]$|\}+$/g, '').replace(/^['"]|['"]$/g, '');
      const why = secretFile(target);
      if (why === undefined) continue;
      findings.add(
        'critical',
        network ? `windows: sends a ${why} ${quote(target)} over the network` : `windows: prints a ${why} ${quote(target)}`,
      );
      break;
    }
  }
  if (LOCAL_ADMIN_ADD.test(text)) {
    if (NEW_ACCOUNT.test(text)) findings.add('critical', 'windows: creates an account and makes it an administrator (a back door)');
    else findings.add('high', 'windows: adds an account to the Administrators group');
  }
  // `for /d %i in (C:\Users\*) do rd /s /q "%i"`: the loop's body is read with each item of its set in place of the variable.
  if (depth === 0) for (const body of expandCmdForLoops(text)) assessWindowsCommand(body, findings, 2);
  const hive = registryHiveDelete(text);
  if (hive !== undefined) findings.add('critical', `windows: deletes the registry hive or a vital key ${quote(hive)}`);
  if (CRADLE_RUN.test(text) && CRADLE_FETCH.test(text)) findings.add('critical', 'windows: downloads text and runs it (download cradle)');
  for (const match of text.matchAll(DELETE)) {
    const rest = match[1];
    if (RECURSIVE.test(rest) && VITAL_TARGET.test(rest))
      findings.add('critical', `windows: recursive delete of a drive or system folder ${quote(match[0])}`);
  }
  for (const match of text.matchAll(PIPED_DELETE)) {
    if (VITAL_TARGET.test(match[1]) && RECURSIVE.test(`${match[1]} ${match[2]}`) && !NARROWED.test(match[1]))
      findings.add('critical', `windows: deletes every entry of a drive or system folder ${quote(match[0].slice(0, 80))}`);
  }
  const encoded = ENCODED.exec(text)?.[1] ?? FROM_BASE64.exec(text)?.[1];
  if (encoded !== undefined && depth < 2) {
    const decoded = decodePowerShell(encoded);
    if (decoded === undefined) findings.add('high', 'windows: runs an encoded command that does not decode to text');
    else {
      const before = findings.atLeast('critical');
      assessWindowsCommand(decoded, findings, depth + 1);
      if (!before && findings.atLeast('critical')) findings.add('critical', `windows: the encoded command decodes to ${quote(decoded)}`);
      else findings.add('high', `windows: runs an encoded command (${quote(decoded)})`);
    }
  }
}

/** `-EncodedCommand` text is base64 of UTF-16LE; plain UTF-8 base64 is accepted too. */
function decodePowerShell(encoded: string): string | undefined {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length < 2) return undefined;
  const wide = bytes.length % 2 === 0 && bytes[1] === 0 ? bytes.toString('utf16le') : bytes.toString('utf8');
  return /^[\x09\x0a\x0d\x20-\x7e]+$/.test(wide) ? wide : undefined;
}
