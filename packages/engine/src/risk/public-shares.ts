// A file, folder, page or view opened to everyone: a sharing permission or link whose audience is
// anyone, anyone with the link, the public, anonymous or open access (`type: "anyone"`, `scope:
// "anonymous"`, `requested_visibility: "public"`, `link_type: "Anyone"`, `share_to_web: true`),
// or a command that does it (`gdrive permissions share … --type anyone`, `gh gist create --public
// customers.csv`, `gh repo create … --public --source=. --push`). Records opened so (a customer sheet, an export, HR records) or a file the call
// names only by its id (nothing shows it is harmless) are critical: whoever holds the link has
// them, and so are confidential business documents (contracts, board papers). Material named for the public (a press kit, a public schedule) is high. Sharing with the
// organisation, a team or a named person is not judged here.

import { bulkDataFile } from './bulk-data-files.ts';
import { bulkRecordText } from './bulk-record-sets.ts';
import { confidentialDocument } from './confidential-documents.ts';
import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { runsText } from './run-keys.ts';

/** Keys saying who a share or link is for. */
const AUDIENCE_KEY =
  /^(?:type|access|scope|visibility|audience|sharing|who|permission|permissions|mode)$|^(?:requested|link|share|sharing|general|access|permission|shared_link|access_type)_(?:visibility|type|scope|access|with|mode|level|setting)$|^(?:share_with|link_sharing|access_type|shared_with|publish_to)$/;
/** Audiences that are everyone. */
const EVERYONE =
  /^(?:anyone|anyone_?with_?(?:the_?)?link|anyonewithlink|public|public_?link|anonymous|open|everyone|all_?users|all_?authenticated_?users|web|internet|unlisted)$/;
/** Yes/no keys that open to everyone when true. */
const PUBLIC_FLAG =
  /^(?:public|is_public|public_access|share_to_web|publish_to_web|publicly_accessible|anyone_can_view|anyone_with_link|allow_public)$/;
/** Tool words and keys of sharing (a public `visibility` on a repository or an event is another thing). */
const SHARE_WORD = /share|shar(?:ing|ed)|permission|link|acl|publish|access|visibility|view/;
/** Keys naming what is shared. */
const OBJECT_KEY =
  /^(?:file|file_name|filename|name|path|item|url|page|base|view|title|document|folder|file_path|item_path|resource|drive_item)$/;
const ID_KEY = /^(?:file_id|fileid|id|item_id|document_id|doc_id|folder_id|object_id)$/;
/** Titles naming records about people or money (`Customer database 2026.xlsx`, `Employee Records`). */
const RECORDS_TITLE =
  /(?:^|[^a-z])(?:customers?|clients?|patients?|members?|users?|employees?|staff|subscribers?|contacts?|leads?|donors?|students?|salar(?:y|ies)|payroll|personnel|hr[ _-]?records|cardholders?|accounts)(?:$|[^a-z])/i;
/** Shell: a Drive CLI share to anyone, a public gist. */
const SHELL_SHARE = /\bgdrive\b[^\n;|&]*\bshare\b[^\n;|&]*--type[= ]+anyone\b|\bgdrive\b[^\n;|&]*--type[= ]+anyone\b[^\n;|&]*\bshare\b/;
const PUBLIC_GIST = /\bgh\s+gist\s+create\b([^\n;|&]*)/;
const PUBLIC_REPO = /\bgh\s+repo\s+create\b([^\n;|&]*)/;

/** Why a name of something shared says it holds records, or undefined. */
function recordsNamed(text: string): string | undefined {
  if (text.length > 1024) return undefined;
  return (
    bulkDataFile(text) ??
    bulkRecordText(text) ??
    confidentialDocument(text) ??
    (RECORDS_TITLE.test(text.replace(/([a-z])([A-Z])/g, '$1 $2')) ? 'set of records' : undefined)
  );
}

/** Adds a finding when the call opens a file, folder or view to everyone. */
export function assessPublicShares(toolName: string, toolPath: string, fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    // Cheap words first: most command texts name neither program.
    if (
      field.text.length > 4096 ||
      !(field.text.includes('gdrive') || field.text.includes('gist') || field.text.includes('repo')) ||
      !runsText(field.key)
    )
      continue;
    // `gh repo create x --public --source=. --push`: the working copy's whole history published.
    const repo = PUBLIC_REPO.exec(field.text)?.[1];
    if (repo !== undefined && /\s--public\b/.test(repo) && /\s--push\b/.test(repo)) {
      findings.add('critical', `exfiltration: \`${toolName}\` publishes the local repository as a public repository by a command`);
      return;
    }
    const gist = PUBLIC_GIST.exec(field.text);
    const shared = SHELL_SHARE.test(field.text)
      ? 'file'
      : gist !== null && /\s(?:--public|-p)\b/.test(gist[1])
        ? gist[1].split(/\s+/).find((word) => word !== '' && !word.startsWith('-') && recordsNamed(word) !== undefined)
        : undefined;
    if (shared !== undefined) {
      findings.add(
        'critical',
        `exfiltration: \`${toolName}\` opens ${shared === 'file' ? 'a file' : `\`${shared}\``} to anyone by a command`,
      );
      return;
    }
  }
  if (!SHARE_WORD.test(toolPath.toLowerCase()) && !sharingKey(fields.keys)) return;
  let everyone: string | undefined;
  for (const field of fields.strings) {
    if (
      AUDIENCE_KEY.test(field.key) &&
      EVERYONE.test(
        field.text
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_'),
      )
    )
      everyone = field.text;
  }
  if (everyone === undefined && !publicFlagSet(fields)) return;
  const audience = everyone ?? 'public';
  let named: string | undefined;
  for (const field of fields.strings) {
    if (!OBJECT_KEY.test(field.key) || AUDIENCE_KEY.test(field.key)) continue;
    const why = recordsNamed(field.text);
    if (why !== undefined) {
      findings.add('critical', `exfiltration: \`${toolName}\` opens a ${why} (\`${field.text.slice(0, 80)}\`) to ${audience}`);
      return;
    }
    named ??= field.text;
  }
  if (
    named === undefined &&
    (fields.strings.some((field) => ID_KEY.test(field.key)) || fields.scalars.some((field) => ID_KEY.test(field.key)))
  ) {
    findings.add('critical', `exfiltration: \`${toolName}\` opens a file known only by its id to ${audience}`);
    return;
  }
  findings.add('high', `exfiltration: \`${toolName}\` opens \`${(named ?? 'an item').slice(0, 80)}\` to ${audience}`);
}

function sharingKey(keys: ReadonlySet<string>): boolean {
  for (const key of keys) if (key.includes('shar') || key.includes('permission') || key.includes('link')) return true;
  return false;
}

/** Booleans are not in the string or scalar fields: a `public: true` is looked for in the holders. */
function publicFlagSet(fields: PayloadFields): boolean {
  const seen = new Set<object>();
  for (const field of fields.strings) {
    const holder = field.holder;
    if (holder === undefined || seen.has(holder)) continue;
    seen.add(holder);
    for (const [key, value] of Object.entries(holder))
      if (value === true && PUBLIC_FLAG.test(key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase())) return true;
  }
  return false;
}
