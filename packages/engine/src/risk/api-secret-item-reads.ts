// An API request that reads one named item out of a collection of secrets: GitLab's
// `GET /projects/:id/variables/DEPLOY_TOKEN` and Vault's `GET /v1/secret/data/prod/db` answer with the
// value itself. Listing a collection, or GitHub's Actions, Dependabot and Codespaces secrets (which
// answer with metadata only, never the value), match nothing; so do writes and deletes.

import type { Findings } from './findings.ts';
import { callMethod } from './http-call-shape.ts';
import type { PayloadFields } from './payload-fields.ts';

const URL_KEYS = new Set(['url', 'uri', 'endpoint', 'href', 'api_url', 'api_path', 'resource']);
/** `/variables/NAME`, `/secrets/NAME`, `/credentials/NAME` as the path's last two segments. */
const SECRET_ITEM =
  /(?:^|\/)(?:(actions|dependabot|codespaces|environments\/[^/?#]+)\/)?(variables|secrets|credentials|passwords)\/([A-Za-z_][\w.-]{0,127})\/?(?:[?#]|$)/;
/** Vault's KV engines: `/v1/secret/data/…`, `/v1/kv/…`. */
const VAULT_READ = /(?:^|\/)v1\/(?:secret\/data|kv(?:\/data)?|secret)\/[\w./-]+\/?(?:[?#]|$)/;

export function assessApiSecretItemReads(fields: PayloadFields, findings: Findings): void {
  // Absolute URLs and the relative endpoints API tools take (`/projects/4412/variables/X`); not file paths.
  const url = fields.strings.find(
    (field) => URL_KEYS.has(field.key) && field.text.length <= 2048 && /^(?:https?:\/\/|\/)/i.test(field.text),
  );
  if (url === undefined) return;
  const method = callMethod(fields)?.toUpperCase() ?? 'GET';
  if (method !== 'GET') return;
  const item = SECRET_ITEM.exec(url.text);
  if (item !== null && item[1] === undefined && !/^(?:public[-_]key|list)$/i.test(item[3])) {
    findings.add('critical', `secrets: reads the value of \`${item[3]}\` from the ${item[2]} of \`${url.text.slice(0, 80)}\``);
    return;
  }
  if (VAULT_READ.test(url.text) && !/[?&]list=true\b/.test(url.text))
    findings.add('critical', `secrets: reads a Vault secret at \`${url.text.slice(0, 80)}\``);
}
