// A package file the command line downloaded, handed to the system's installer: `curl -LO
// https://x.io/tool.deb && sudo dpkg -i tool.deb`, `wget …/x.rpm; rpm -Uvh x.rpm`, `apt install
// ./x.deb`, `installer -pkg x.pkg -target /`, `msiexec /i x.msi`. The installer runs the package's
// maintainer scripts as root, so this is a download run (as `chmod +x x && ./x` is). A package file
// the line did not download (a build's own output) is left to the other rules.

import { quote } from './findings.ts';
import { normalizePath } from './paths.ts';
import type { RuleContext } from './shell-rule-context.ts';

/** Installers and the options or sub-commands after which they take package files. */
const INSTALLERS: Record<string, RegExp> = {
  dpkg: /^(?:-i|--install|-[a-zA-Z]*i[a-zA-Z]*)$/,
  rpm: /^(?:--install|--upgrade|--freshen|-[iUF][a-zA-Z]*)$/,
  apt: /^(?:install|reinstall)$/,
  'apt-get': /^(?:install|reinstall)$/,
  yum: /^(?:install|localinstall|reinstall)$/,
  dnf: /^(?:install|reinstall)$/,
  zypper: /^(?:install|in)$/,
  installer: /^-pkg$/,
  msiexec: /^\/(?:i|package)$/i,
  'add-appxpackage': /^-(?:Path)?$/i,
};

/** Adds a critical finding when an installer is handed a package file this line downloaded. */
export function downloadedPackageInstallRule(c: RuleContext): void {
  const marker = INSTALLERS[c.name.toLowerCase()];
  if (marker === undefined || c.scan.downloaded.size === 0) return;
  const texts = c.args.map((word) => word.text);
  const at = texts.findIndex((text) => marker.test(text));
  if (at < 0 && c.name.toLowerCase() !== 'add-appxpackage') return;
  for (const text of texts.slice(at + 1, at + 17)) {
    // Options, and msiexec's switches (`/qn`).
    if (text.startsWith('-') || /^\/[a-z]+$/i.test(text)) continue;
    const path = normalizePath(text);
    const bare = path.replace(/^.*\//, '');
    if (!c.scan.downloaded.has(path) && !c.scan.downloaded.has(bare)) continue;
    c.scan.add(
      'critical',
      `shell: installs a package file downloaded in the same line (${c.name} ${quote(text)}); its install scripts run as root`,
    );
    return;
  }
}
