// Code that takes records in bulk and sends them to a host that is not the organisation's own:
// a whole table selected (`pd.read_sql('SELECT * FROM orders')`, `db.query('SELECT * FROM
// employees')`) or a bulk export opened (`open('customers_full.csv')`), then written to a literal
// URL by a sending call (`requests.post`, `fetch(…, {method: 'PUT'})`, `axios.put`, `httpx.post`).
// The code does in two lines what an upload tool does in one.

import { bulkDataFile } from './bulk-data-files.ts';
import { bulkRecordText } from './bulk-record-sets.ts';
import type { Findings } from './findings.ts';
import { foreignDestination } from './foreign-destinations.ts';
import { outsideDestination } from './outside-destinations.ts';
import type { PayloadFields } from './payload-fields.ts';
import { runsText } from './run-keys.ts';

/** A sending call given a literal URL: Python, JavaScript, Ruby, Go, PHP. */
const SENDING_CALL =
  /\b(?:requests|httpx|session|client|s|aiohttp\.ClientSession\(\))\.(?:post|put|patch)\(\s*f?["'](https?:\/\/[^"'\s]+)|\baxios\.(?:post|put|patch)\(\s*["'`](https?:\/\/[^"'`\s]+)|\bfetch\(\s*["'`](https?:\/\/[^"'`\s]+)["'`]\s*,\s*\{[^}]{0,400}?method\s*:\s*["'`](?:POST|PUT|PATCH)|\bhttp\.(?:Post|NewRequest\(\s*"(?:POST|PUT)",)\(?\s*"(https?:\/\/[^"\s]+)|\bNet::HTTP\.(?:post|put)\w*\(\s*URI\(["'](https?:\/\/[^"'\s]+)/g;
/** Quoted file names in code. */
const QUOTED_PATH = /["'`]([^"'`\n]{3,200}\.[a-z0-9]{2,8}(?:\.gz|\.zst)?)["'`]/gi;
const NO_OWN_DOMAINS: ReadonlySet<string> = new Set();

/** Adds a critical finding when code sends a bulk set of records to an outside host. */
export function assessCodeBulkSends(toolName: string, fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length < 40 || text.length > 65536 || !runsText(field.key) || !/post|put|patch|Post|PUT|POST/.test(text)) continue;
    let url: string | undefined;
    for (const match of text.matchAll(SENDING_CALL)) {
      const found = match.slice(1).find((group) => group !== undefined);
      if (found !== undefined && (foreignDestination(found) ?? outsideDestination(found, NO_OWN_DOMAINS)) !== undefined) {
        url = found;
        break;
      }
    }
    if (url === undefined) continue;
    const described = bulkRecordText(text);
    const file =
      described === undefined
        ? [...text.matchAll(QUOTED_PATH)].map((match) => match[1]).find((path) => bulkDataFile(path) !== undefined)
        : undefined;
    const what = described ?? (file === undefined ? undefined : `${bulkDataFile(file)} \`${file}\``);
    if (what !== undefined) {
      findings.add(
        'critical',
        `exfiltration: \`${toolName}\` runs code that sends a ${what} to a host outside the organisation \`${url.slice(0, 80)}\``,
      );
      return;
    }
  }
}
