// FTP and SFTP clients told what to upload by a script rather than by arguments: `lftp -e 'mirror
// -R /srv/exports/customers /pub/in; quit' ftp://host`, `sftp -b - user@host <<< 'put
// patients.csv /in/'`, a heredoc of `put` lines. The files those scripts `put`, `mput`, `reput`
// or `mirror -R` leave for the client's host; records in bulk sent to a host that is not the
// organisation's own (or is nobody's) are a data leak.

import { bulkDataFile } from './bulk-data-files.ts';
import { quote } from './findings.ts';
import { foreignDestination } from './foreign-destinations.ts';
import { outsideDestination } from './outside-destinations.ts';
import type { RuleContext } from './shell-rule-context.ts';

const FTP_CLIENTS = new Set(['sftp', 'lftp', 'ftp', 'ncftp', 'ncftpput']);
/** An upload line of a client script, with the local file it sends. */
const UPLOAD_LINE =
  /(?:^|[;\n&])\s*(?:put|mput|reput|mirror\s+(?:-[\w-]+\s+)*?(?:-R|--reverse)(?:\s+-[\w-]+)*)\s+(?:-[\w-]+\s+)*["']?([^\s;"']+)/g;
const NO_OWN_DOMAINS: ReadonlySet<string> = new Set();

/** Adds a critical finding when an FTP or SFTP client's script uploads records in bulk to an outside host. */
export function ftpScriptUploadRule(c: RuleContext): void {
  if (!FTP_CLIENTS.has(c.name)) return;
  const texts = c.args.map((word) => word.text);
  const scripts: string[] = [];
  texts.forEach((text, i) => {
    if (i > 0 && /^(?:-e|-c|--execute)$/.test(texts[i - 1])) scripts.push(text);
  });
  if (c.site.stdinText !== undefined) scripts.push(c.site.stdinText);
  // `ncftpput host remote-dir local-file…`: the files are arguments.
  const sent = c.name === 'ncftpput' ? texts.filter((text) => !text.startsWith('-')).slice(2) : [];
  for (const script of scripts) for (const match of script.slice(0, 8192).matchAll(UPLOAD_LINE)) sent.push(match[1]);
  const bulk = sent.find((file) => bulkDataFile(file) !== undefined);
  if (bulk === undefined) return;
  const remotes =
    c.name === 'ncftpput'
      ? texts.filter((text) => !text.startsWith('-')).slice(0, 1)
      : texts.filter((text) => /^[a-z]+:\/\/|^[\w.+-]+@[\w.-]+/i.test(text));
  for (const remote of remotes) {
    const target = /^[\w.+-]+@[\w.-]+$/.test(remote) ? `${remote}:` : remote;
    const where = foreignDestination(target) ?? outsideDestination(target, NO_OWN_DOMAINS, c.name === 'ncftpput' ? 'host' : 'place');
    if (where === undefined) continue;
    c.scan.add('critical', `shell: uploads ${bulkDataFile(bulk)} ${quote(bulk)} to a ${where} ${quote(remote)} by a ${c.name} script`);
    return;
  }
}
