// An HTTP DELETE whose address is a path template or a bare API path rather than a full URL:
// `{method: "DELETE", path: "/api/v4/projects/4821"}` on a GitLab tool, `{method: "DELETE",
// route: "/repos/{owner}/{repo}", owner: "acme", repo: "billing"}` on a GitHub tool. The template is
// filled from the call's own fields, and the path is judged like a full URL's: a whole repository,
// project, namespace or bucket deleted is critical.

import type { Findings } from './findings.ts';
import { callMethod } from './http-call-shape.ts';
import { deletedWholeResource } from './http-control-plane.ts';
import { hasAnyKey, type PayloadFields, type StringField } from './payload-fields.ts';

const PATH_KEYS = new Set(['path', 'endpoint', 'url', 'uri', 'route', 'api_path', 'resource', 'template', 'url_template']);
const PLACEHOLDER = /\{(\w+)\}|:(\w+)(?=\/|$)/g;

/** The path with `{owner}` and `:repo` placeholders filled from sibling fields. */
function filled(field: StringField): string {
  const holder = field.holder ?? {};
  return field.text.replace(PLACEHOLDER, (whole, braced: string | undefined, colon: string | undefined) => {
    const value = holder[braced ?? colon ?? ''];
    return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : whole;
  });
}

/** Adds a critical finding when a DELETE addressed by a path or a template removes a whole resource. */
export function assessApiPathDeletes(toolName: string, fields: PayloadFields, findings: Findings): void {
  if (!hasAnyKey(fields, PATH_KEYS) || callMethod(fields) !== 'DELETE') return;
  for (const field of fields.strings) {
    if (!PATH_KEYS.has(field.key) || field.inArray || field.text.length > 2048) continue;
    const text = field.text.trim();
    const relative = text.startsWith('/');
    // Full URLs are judged by the control-plane pass unless they are templates.
    if (!relative && !(/^https?:\/\//i.test(text) && /[{}]/.test(text))) continue;
    const path = filled({ ...field, text });
    if (/[{}]/.test(path)) continue;
    const gone = deletedWholeResource(relative ? `https://api.invalid${path}` : path);
    if (gone !== undefined) {
      findings.add('critical', `infrastructure: HTTP DELETE of ${gone} (\`${toolName}\`, \`${path.slice(0, 100)}\`)`);
      return;
    }
  }
}
