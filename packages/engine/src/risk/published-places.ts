// Places where a copied file is published: a web server's document root (anyone who asks gets
// it) and removable or shared media (it leaves with the device). A key copied there has left the
// machine's protection as surely as an upload.

import { normalizePath } from './paths.ts';

const WEB_ROOT =
  /^\/(?:var\/www|srv\/www|srv\/http|usr\/share\/nginx\/html|var\/lib\/nginx\/html|usr\/local\/apache2\/htdocs)(?:\/|$)|\/(?:public_html|htdocs|wwwroot)(?:\/|$)/;
const REMOVABLE = /^\/(?:media|run\/media|Volumes)\/[^/]+|^\/mnt\/(?:usb|sd[a-z]|external|removable|share|smb|nfs)/i;

/** Why a destination publishes what is copied there, or undefined. */
export function publishedPlace(raw: string): string | undefined {
  if (raw.length === 0 || raw.length > 1024) return undefined;
  const path = normalizePath(raw);
  if (WEB_ROOT.test(path)) return "a web server's document root";
  if (REMOVABLE.test(path)) return 'removable or shared media';
  return undefined;
}
