// The URL and the HTTP method of a call made through a generic request tool, whatever the tool
// names its arguments: `{url, method}`, `{endpoint, verb}`, `{target, op}`, or any field that holds
// an absolute http(s) URL; a method override header (`X-HTTP-Method-Override: DELETE`) or a
// `_method` field counts as the method, since the server acts on it.

import type { PayloadFields, StringField } from './payload-fields.ts';

const URL_KEYS = new Set(['url', 'uri', 'endpoint', 'href', 'api_url', 'path', 'resource', 'target', 'address', 'link', 'location']);
const METHOD_KEYS = new Set(['method', 'http_method', 'verb', 'op', 'operation', 'action', 'request_method', 'http_verb', '_method']);
const OVERRIDE_KEYS = new Set(['x_http_method_override', 'x_method_override', 'x_http_method', '_method']);
const METHOD = /^(?:GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/i;
const ABSOLUTE_URL = /^\s*https?:\/\//i;
/** Several analyses ask for the URL of the same call in a row: the last answer is kept (a one-slot cache, cheaper than a WeakMap). */
let lastFields: PayloadFields | undefined;
let lastUrl: StringField | undefined;

/** The call's URL field: a known URL key first, else the first field holding an absolute URL. */
export function callUrl(fields: PayloadFields): StringField | undefined {
  if (fields === lastFields) return lastUrl;
  let url: StringField | undefined;
  for (const field of fields.strings) {
    const text = field.text;
    // Most strings are prose: a first letter other than h or a space rules a URL out without a regex.
    const first = text.charCodeAt(0);
    if ((first !== 104 && first !== 72 && first > 32) || text.length >= 4096 || !ABSOLUTE_URL.test(text)) continue;
    if (URL_KEYS.has(field.key)) {
      url = field;
      break;
    }
    url ??= field;
  }
  url ??= relativeApiPath(fields);
  lastFields = fields;
  lastUrl = url;
  return url;
}

/** Keys an API tool gives a path relative to its API under (`{method: "POST", path: "/orgs/acme/invitations"}`). */
const API_PATH_KEYS = new Set(['path', 'url', 'uri', 'endpoint', 'route', 'resource']);
const API_PATH = /^\/?[A-Za-z][\w.@~%-]*(?:\/[\w.@~%{}:$-]+)+\/?(?:\?[^\s]*)?$/;

/**
 * A REST path given beside an HTTP method (`{method: "PATCH", path: "/repos/acme/api"}`,
 * `{method: "POST", path: "admin/directory/v1/users/u/makeAdmin"}`): the API tool sends it to its own
 * host, so the path is the call's URL. Only with a method field, so a file tool's `path` is no URL.
 */
function relativeApiPath(fields: PayloadFields): StringField | undefined {
  if (callMethod(fields) === undefined) return undefined;
  return fields.strings.find(
    (field) => !field.inArray && API_PATH_KEYS.has(field.key) && field.text.length < 2048 && API_PATH.test(field.text.trim()),
  );
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
