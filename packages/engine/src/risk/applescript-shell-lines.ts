// AppleScript's `do shell script "…"` (through `osascript -e`, an AppleScript tool or a script file's
// text): the quoted string is a shell command line, run as the user or, `with administrator
// privileges`, as root. It is read by the shell rules like any other command.

const DO_SHELL_SCRIPT = /\bdo\s+shell\s+script\s+"((?:[^"\\]|\\.){1,4000})"/gi;

/** The shell command lines a text hands to AppleScript's `do shell script` (at most 8). */
export function appleScriptShellLines(text: string): string[] {
  // Cheap gate first: almost no call says `shell script`.
  if (text.length > 65536 || !/shell\s+script/i.test(text)) return [];
  const lines: string[] = [];
  for (const match of text.matchAll(DO_SHELL_SCRIPT)) {
    lines.push(match[1].replace(/\\(["\\])/g, '$1'));
    if (lines.length >= 8) break;
  }
  return lines;
}
