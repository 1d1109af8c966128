// The URL and the HTTP method of a call made through a generic request tool, whatever the tool
// names its arguments: `{url, method}`, `{endpoint, verb}`, `{target, op}`, or any field that holds
// an absolute http(s) URL; a method override header (`X-HTTP-Method-Override: DELETE`) or a
// `_method` field counts as the method, since the server acts on it.

import type { PayloadFields, StringField } from './payload-fields.ts';

const URL_KEYS = new Set(['url', 'uri', 'endpoint', 'href', 'api_url', 'path', 'resource', 'target', 'address', 'link', 'location']);
const METHOD_KEYS = new Set(['method', 'http_method', 'verb', 'op', 'operation', 'action', 'request_method', 'http_verb', '_method']);
const OVERRIDE_KEYS = new Set(['x_http_method_override', 'x_method_override', 'x_http_method', '_method']);
const METHOD = /^(?:GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/i;
const ABSOLUTE_URL = /^https?:\/\//i;

/** The call's URL field: a known URL key first, else the first field holding an absolute URL. */
export function callUrl(fields: PayloadFields): StringField | undefined {
  let fallback: StringField | undefined;
  for (const field of fields.strings) {
    if (field.text.length >= 4096 || !ABSOLUTE_URL.test(field.text.trimStart())) continue;
    if (URL_KEYS.has(field.key)) return field;
    fallback ??= field;
  }
  return fallback;
}

/** The HTTP method the server will act on, upper-case, or undefined when none is named. */
export function callMethod(fields: PayloadFields): string | undefined {
  let method: string | undefined;
  for (const field of fields.strings) {
    if (field.text.length > 8) continue;
    const text = field.text.trim();
    if (!METHOD.test(text)) continue;
    if (OVERRIDE_KEYS.has(field.key)) return text.toUpperCase();
    if (method === undefined && METHOD_KEYS.has(field.key)) method = text.toUpperCase();
  }
  return method;
}
