// A file, folder or drive item shared with, or an invitation to it sent to, a free personal mailbox
// (`emailAddress: "someone@gmail.com"` on a Drive permission, Graph's `/invite` to a proton.me
// address): whatever the item holds is then readable from an account the organisation does not
// control, as if it were mailed there. Shares with colleagues, partners' company addresses, teams or
// groups are not judged here; shares to everyone are `public-shares.ts`.

import type { Findings } from './findings.ts';
import { personalMailbox } from './foreign-destinations.ts';
import { callMethod, callUrl } from './http-call-shape.ts';
import type { PayloadFields } from './payload-fields.ts';

/** Paths and URLs of sharing acts. */
const SHARE_PLACE = /shar(?:e|es|ed|ing)|permissions?|grant_access|add_member/i;
/** Inviting or adding a collaborator shares an item only when the path names one (Graph's `/drives/…/items/…/invite`): a meeting's or a workspace's invitation does not. */
const INVITE_PLACE = /invit(?:e|ation)s?|collaborat(?:or|ion)s?/i;
const ITEM_PLACE = /files?|folders?|drives?|documents?|docs?|items?|sheets?|spreadsheets?|notebooks?|boxes|repos?/i;

function sharingPlace(text: string): boolean {
  return SHARE_PLACE.test(text) || (INVITE_PLACE.test(text) && ITEM_PLACE.test(text));
}
/** Tool verbs that only read or take access away. */
const NOT_GRANTING = /(?:^|[/_.])(?:get|list|read|show|describe|delete|remove|revoke|unshare)(?:$|[/_.])/i;
/** Keys that name whom access is given. */
const GRANTEE_KEY =
  /^(?:email|email_address|emailaddress|address|user|user_email|grantee|invitee|recipient|recipients|share_with|to|login)$/;

/** On a sharing call: a personal mailbox among the grantees is critical. */
export function assessPersonalMailboxShares(toolName: string, path: string, fields: PayloadFields, findings: Findings): void {
  // The tool's path first: the URL of a generic HTTP call is looked for only when the path says nothing.
  if (!sharingPlace(path) && !sharingPlace(callUrl(fields)?.text ?? '')) return;
  const method = callMethod(fields);
  if (method === 'GET' || method === 'DELETE' || (method === undefined && NOT_GRANTING.test(path.slice(path.lastIndexOf('/'))))) return;
  const grantees = [
    ...fields.strings.filter((field) => GRANTEE_KEY.test(field.key) || GRANTEE_KEY.test(field.parentKey)).map((field) => field.text),
    ...fields.arrays.filter((array) => GRANTEE_KEY.test(array.key)).flatMap((array) => array.items),
  ];
  for (const grantee of grantees.slice(0, 64)) {
    if (!grantee.includes('@')) continue;
    const why = personalMailbox(grantee);
    if (why === undefined) continue;
    findings.add('critical', `exfiltration: \`${toolName}\` shares an item with a ${why} (\`${grantee.trim().slice(0, 80)}\`)`);
    return;
  }
}
