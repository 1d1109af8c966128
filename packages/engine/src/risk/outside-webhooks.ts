// A webhook or event subscription pointed at a host outside the organisation: from then on every
// event it names (pushes with their code, messages, files shared, payments and their customers) is
// delivered there, without another call. GitHub `POST /repos/o/r/hooks {config: {url}}`, Stripe
// `/v1/webhook_endpoints {url}`, Slack's event `request_url`, a generic `create_webhook {target_url}`.
// Critical when the destination is foreign by its kind (a request catcher, a tunnel, a bare address,
// a personal drop), or any host that is not the organisation's when the subscription takes every
// event or message content. Reads, deletes and hooks to internal hosts match nothing.

import type { Findings } from './findings.ts';
import { callMethod, callUrl } from './http-call-shape.ts';
import { foreignDestination } from './foreign-destinations.ts';
import { outsideDestination, ownDomainsOf } from './outside-destinations.ts';
import type { PayloadFields } from './payload-fields.ts';

/** Tools and URLs that manage webhooks and event subscriptions. */
const HOOK_PLACE = /hooks?\b|webhook|event_?subscription|subscriptions?\b|callbacks?\b|notification_?(?:channel|endpoint)s?/i;
const PLACE_KEYS = new Set(['path', 'url', 'uri', 'endpoint', 'route', 'resource', 'method', 'operation', 'action']);
/** Keys that hold where events are delivered. */
const DELIVERY_KEY =
  /^(?:url|uri|target_url|callback_url|request_url|webhook_url|endpoint|endpoint_url|delivery_url|notification_url|payload_url|address|destination|hook_url)$/;
/** Events that carry content: every event, messages, files, code pushes with their diffs. */
const CONTENT_EVENTS = /^(?:\*|all|message[\w.]*|file_shared|files?\.[\w.]*|im_\w+|messages?)$/i;
/** Tool verbs that only read or remove. */
const NOT_CREATING = /(?:^|[/_.])(?:get|list|read|show|describe|delete|remove|test|ping|redeliver)(?:$|[/_.])/i;

export function assessOutsideWebhooks(path: string, fields: PayloadFields, findings: Findings): void {
  const api = callUrl(fields);
  // The tool's path, and every path or URL the call names (a REST path beside a body holding the hook's own URL).
  const place = [
    path,
    ...fields.strings.filter((field) => PLACE_KEYS.has(field.key) && field.text.length < 2048).map((field) => field.text),
  ].join(' ');
  if (!HOOK_PLACE.test(place)) return;
  const method = callMethod(fields);
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE' || method === 'OPTIONS') return;
  if (method === undefined && NOT_CREATING.test(path.slice(path.lastIndexOf('/')))) return;
  const own = ownDomainsOf(fields);
  const eventKey = (key: string): boolean => /event|topic/.test(key);
  const allEvents =
    fields.strings.some((field) => eventKey(field.key) && CONTENT_EVENTS.test(field.text.trim())) ||
    fields.arrays.some((array) => eventKey(array.key) && array.items.some((item) => CONTENT_EVENTS.test(item.trim())));
  for (const field of fields.strings) {
    // The API's own URL at the top of a generic request is where the call goes, not where events will.
    if (
      (field === api && field.parentKey === '' && method !== undefined) ||
      !DELIVERY_KEY.test(field.key) ||
      !/^\s*https?:\/\//i.test(field.text)
    )
      continue;
    const foreign = foreignDestination(field.text);
    const outside = foreign ?? (allEvents ? outsideDestination(field.text, own) : undefined);
    if (outside === undefined) continue;
    findings.add(
      'critical',
      `exfiltration: a webhook or event subscription delivers ${allEvents ? 'every event or message' : 'events'} to \`${field.text.trim().slice(0, 80)}\` (${outside})`,
    );
    return;
  }
}
