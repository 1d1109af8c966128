// The fallback for a string the shell parser rejects: it is already high; this scan looks for the
// critical patterns anyway, so a broken quote cannot hide `rm -rf /` or `curl … | sh`. The text is
// cut at shell separators into fragments, each fragment is split into words with quotes dropped,
// and the fragments go through the same command rules as parsed commands. A few whole-text
// patterns (download piped into a shell, /dev/tcp shells, fork bombs) complete it. Linear time.

import { quote } from './findings.ts';
import { analyzeCommand } from './shell-commands.ts';
import { codeRule, writeTarget } from './shell-rule-context.ts';
import type { ShellScan } from './shell-scan.ts';

const DOWNLOAD_TO_SHELL =
  /\b(?:curl|wget|fetch)\b[^|;&\n]{0,2000}\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:\S*\/)?(?:ba|z|da|k|c|tc)?sh\b|\b(?:ba|z|da)?sh\s+<\(\s*(?:curl|wget)\b|\beval\s+["']?\$\(\s*(?:curl|wget)\b|\b(?:ba|z|da)?sh\s+-c\s+["']?\$\(\s*(?:curl|wget)\b/;
const DEV_TCP_SHELL = /\b(?:ba|z|da|k)?sh\s+-i\b[^\n]{0,200}\/dev\/(?:tcp|udp)\/|\/dev\/(?:tcp|udp)\/[^\n]{0,200}\b(?:ba|z|da)?sh\b/;
const FORK_BOMB = /([\w:.]{1,40})\s*\(\s*\)\s*\{[^}]{0,80}?\1\s*\|\s*\1\s*&/;
const REDIRECT_TARGET = /(?:^|[^<>&0-9])(>{1,2}|&>{1,2})\s*["']?([^\s;&|"'<>]+)/g;

/** Scans an unparseable shell string for critical patterns. */
export function shellFallback(text: string, scan: ShellScan): void {
  if (DOWNLOAD_TO_SHELL.test(text)) scan.add('critical', 'shell: download piped into a shell (found in unparseable text)');
  if (DEV_TCP_SHELL.test(text)) scan.add('critical', 'shell: shell wired to /dev/tcp (found in unparseable text)');
  if (FORK_BOMB.test(text)) scan.add('critical', 'shell: fork bomb (found in unparseable text)');
  // Unparseable shell is often another language fed to an interpreter (tclsh, jjs): read it as code.
  codeRule({ name: 'unparseable text', scan }, text);
  REDIRECT_TARGET.lastIndex = 0;
  let match: RegExpExecArray | null;
  let count = 0;
  while ((match = REDIRECT_TARGET.exec(text)) !== null && count++ < 256) {
    writeTarget({ scan }, match[2], 'redirect', match[1].endsWith('>>') ? '>>' : '>');
  }
  const fragments = text.split(/[;&|\n`()]+|\$\(/).slice(0, 512);
  for (const fragment of fragments) {
    const words = fragment
      .split(/\s+/)
      .map((word) => word.replace(/["'\\]/g, ''))
      .filter(Boolean)
      .slice(0, 64);
    if (words.length === 0) continue;
    const argv = words.map((word) => ({ text: word, dynamic: false, fromDownload: false, splitsOnIfs: false, processSubstitution: false }));
    const outer = scan.reasonSuffix;
    scan.reasonSuffix = `${outer} (in unparseable fragment ${quote(fragment, 40)})`;
    try {
      analyzeCommand(argv, { redirs: [], inPipe: false, background: false, stdinFromDownload: false }, scan);
    } finally {
      scan.reasonSuffix = outer;
    }
  }
}
