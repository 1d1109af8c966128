// An object made world-readable that is a web page's own asset (`assets/logo.png`, `site.css`,
// `app.js`, a font): websites served from a bucket publish those by design, so `--acl public-read`
// on one is no data opened to everyone. Anything else made public-read (a ledger, an export, an
// object of unknown kind) is still the whole world's, and stays an administrator-level grant.

/** The world-readable ACL and nothing wider. */
const PUBLIC_READ = /--acl\s+['"]?public-read['"]?(?:\s|$)/;
/** What the command makes public: `--key K` and any `s3://bucket/key` it names. */
const OBJECT = /--key[=\s]+['"]?([^\s'"]+)|s3:\/\/[^\s'"/]+\/([^\s'"]+)/g;
const WEB_ASSET = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|css|js|mjs|map|woff2?|ttf|otf|eot|html?)$/i;

/** Whether the only wide grant of a command is public-read of web assets. */
export function publishesWebAssetsOnly(command: string): boolean {
  if (!PUBLIC_READ.test(command) || /AllUsers|allUsers|public-read-write|--grant/.test(command)) return false;
  const objects = [...command.matchAll(OBJECT)].map((match) => match[1] ?? match[2]);
  return objects.length > 0 && objects.every((object) => WEB_ASSET.test(object));
}
