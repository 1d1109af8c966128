// Archivers that delete what they pack: `tar --remove-files`, `zip -m` (`-rm`, `--move`), `7z a -sdel`,
// `rsync --remove-source-files`. Packing `/home` into `/dev/null` (or anywhere) this way removes it as
// `rm -rf /home` does, so a root-like or system folder among the packed paths is a recursive delete.

import { quote } from './findings.ts';
import { rootLikeTarget } from './paths.ts';
import type { RuleContext } from './shell-rule-context.ts';

/** The option of each archiver that removes the packed files. */
const REMOVES: Record<string, RegExp> = {
  tar: /^--remove-files$/,
  bsdtar: /^--remove-files$/,
  gtar: /^--remove-files$/,
  zip: /^(?:--move|-[a-zA-Z]*m[a-zA-Z]*)$/,
  '7z': /^-sdel$/,
  '7za': /^-sdel$/,
  rsync: /^--remove-source-files$/,
};

/** Adds a critical finding when an archiver removes a root-like folder it packs. */
export function archiveRemovalRule(c: RuleContext): void {
  const removes = REMOVES[c.name];
  if (removes === undefined || !c.args.some((word) => removes.test(word.text))) return;
  for (const word of c.args) {
    if (word.text.startsWith('-') || word.dynamic) continue;
    const root = rootLikeTarget(word.text);
    if (root === undefined) continue;
    c.scan.add('critical', `shell: ${c.name} packs and then removes ${quote(root)} (a recursive delete)`);
    return;
  }
}
