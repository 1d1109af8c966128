// Deleting a whole registry hive or one of its vital keys leaves Windows unable to boot or to run
// its programs: `reg delete HKLM\SYSTEM /f`, `Remove-Item HKLM:\SOFTWARE -Recurse`, a hive root
// (`HKCR`, `HKU`), `HKLM\SOFTWARE\Microsoft`, `HKLM\SYSTEM\CurrentControlSet\Services`. A key of one
// application (`HKCU:\Software\AcmeApp\Cache`) is an ordinary clean-up and is left alone.

/** A delete of a registry key: `reg delete <key>`, `Remove-Item [-Path] <key>` (`ri`, `rm`, `del`, `rd`), `Remove-ItemProperty` is not one. */
const KEY_DELETE =
  /\b(?:reg(?:\.exe)?\s+delete|Remove-Item|ri|rm|del|rd|rmdir|erase)\s+(?:-(?:Path|LiteralPath)\s+)?["']?((?:Registry::)?HK(?:LM|CU|CR|U|CC|EY_LOCAL_MACHINE|EY_CURRENT_USER|EY_CLASSES_ROOT|EY_USERS|EY_CURRENT_CONFIG):?(?:\\[^\s"';&|]*)?)["']?/gi;
/** A hive root, a top-level key of a hive, or the vital keys below them. */
const VITAL_KEY =
  /^(?:Registry::)?HK(?:LM|CU|CR|U|CC|EY_\w+):?\\*(?:(?:SOFTWARE|SYSTEM|SAM|SECURITY|HARDWARE|BCD\d*|Software|Control Panel|Environment)\\*|SOFTWARE\\+Microsoft(?:\\+Windows(?: NT)?(?:\\+CurrentVersion)?)?\\*|SYSTEM\\+(?:CurrentControlSet|ControlSet\d{3})(?:\\+(?:Services|Control))?\\*)?$/i;

/** The vital key a command deletes, or undefined. */
export function registryHiveDelete(text: string): string | undefined {
  if (!/HK/i.test(text)) return undefined;
  for (const match of text.matchAll(KEY_DELETE)) {
    const key = match[1].replace(/\\+$/, '');
    if (VITAL_KEY.test(key)) return key;
  }
  return undefined;
}
