// A download unpacked, then a program from it run: `curl -sL URL | tar xz -C /tmp && /tmp/kit/install.sh`,
// `wget -O k.zip URL && unzip k.zip -d /opt/k && /opt/k/setup`. What the archive held came from the
// network, so running any file unpacked from it is running a download (as `chmod +x dl && ./dl` is).

import { normalizePath } from './paths.ts';
import type { RuleContext } from './shell-rule-context.ts';

/** Records the folder a downloaded archive is unpacked into. */
export function downloadedArchiveRule(c: RuleContext): void {
  const texts = c.args.map((word) => word.text);
  let archive: string | undefined;
  let folder: string | undefined;
  if (c.name === 'tar' || c.name === 'bsdtar' || c.name === 'gtar') {
    const extracts = texts.some(
      (text, index) => text === '--extract' || text === '--get' || (/^-?[a-zA-Z]*x/.test(text) && (index === 0 || text.startsWith('-'))),
    );
    if (!extracts) return;
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i];
      if (text === '-C' || text === '--directory') folder = texts[i + 1];
      else if (text.startsWith('--directory=')) folder = text.slice(12);
      else if (text === '-f' || text === '--file') archive = texts[i + 1];
      else if (/^-?[a-zA-Z]*f$/.test(text) && i === 0 && !text.startsWith('--')) archive = texts[i + 1];
    }
  } else if (c.name === 'unzip' || c.name === '7z' || c.name === 'bsdunzip') {
    archive = texts.find((text) => !text.startsWith('-') && text !== 'x' && text !== 'e');
    const at = texts.indexOf('-d');
    folder = at >= 0 ? texts[at + 1] : texts.find((text) => text.startsWith('-o'))?.slice(2) || undefined;
  } else return;
  const fromDownload =
    (archive === undefined || archive === '-' ? c.site.stdinFromDownload : false) ||
    (archive !== undefined && (c.scan.downloaded.has(normalizePath(archive)) || c.scan.downloaded.has(archive.replace(/^.*\//, ''))));
  if (!fromDownload) return;
  const place = folder ?? c.scan.cwd ?? '.';
  c.scan.downloadedFolders.add(
    normalizePath(place.startsWith('/') || place.startsWith('~') || c.scan.cwd === undefined ? place : `${c.scan.cwd}/${place}`),
  );
}

/** The downloaded folder a path lies in, or undefined. */
export function inDownloadedFolder(c: { scan: RuleContext['scan'] }, path: string): string | undefined {
  if (c.scan.downloadedFolders.size === 0 || (!path.includes('/') && !path.startsWith('.'))) return undefined;
  const normal = normalizePath(path);
  for (const folder of c.scan.downloadedFolders)
    if (folder === '.' ? !normal.startsWith('/') : normal.startsWith(`${folder}/`)) return folder;
  return undefined;
}
