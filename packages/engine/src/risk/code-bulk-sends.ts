// Code that takes records in bulk and sends them to a host that is not the organisation's own:
// a whole table selected (`pd.read_sql('SELECT * FROM orders')`, `db.query('SELECT * FROM
// employees')`) or a bulk export opened (`open('customers_full.csv')`), then written to a literal
// URL by a sending call (`requests.post`, `fetch(…, {method: 'PUT'})`, `axios.put`, `httpx.post`),
// or put on a remote host by an SFTP or FTP client (`paramiko.Transport(('198.51.100.23', 22))` then
// `sftp.put('/data/patients.parquet', …)`, `ftplib.FTP('host').storbinary`).
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
  /\b(?:requests|httpx|session|client|s|aiohttp\.ClientSession\(\))\.(?:post|put|patch)\(\s*f?["'](https?:\/\/[^"'\s]+)|\baxios\.(?:post|put|patch)\(\s*["'`](https?:\/\/[^"'`\s]+)|\bfetch\(\s*["'`](https?:\/\/[^"'`\s]+)["'`](?:\s*\+\s*[\w.$()[\]]{1,60})?\s*,\s*\{[^}]{0,400}?method\s*:\s*["'`](?:POST|PUT|PATCH)|\bhttp\.(?:Post|NewRequest\(\s*"(?:POST|PUT)",)\(?\s*"(https?:\/\/[^"\s]+)|\bNet::HTTP\.(?:post|put)\w*\(\s*URI\(["'](https?:\/\/[^"'\s]+)/g;
/** A literal remote host given to an SFTP, SSH or FTP client in code. */
const CLIENT_HOST =
  /\b(?:Transport\(\s*\(\s*|FTP(?:_TLS)?\(\s*(?:host\s*=\s*)?|Connection\(\s*(?:host\s*=\s*)?|\.connect\(\s*(?:hostname\s*=\s*|host\s*=\s*|\{\s*host\s*:\s*)?)["'`]([\w.-]+)["'`]/g;
/** A call that uploads a file through such a client. */
const CLIENT_UPLOAD = /\.(?:put|fastPut|storbinary|upload|upload_file|putfo)\s*\(/;
/** A folder listed in code (`fs.readdirSync('/exports/customers')`, `os.listdir(…)`, `Path('/mnt/ehr/patients').glob(…)`): each of its files is read in turn. */
const LISTED_FOLDER =
  /\b(?:readdirSync|readdir|listdir|scandir|walk|glob|iglob|Dir\.(?:glob|entries|children|each_child)|Path|Paths\.get|File|new\s+File)\s*\(\s*r?["'`]([^"'`\n]{2,200})["'`]\s*\)?(?:\.(?:glob|rglob|iterdir|listFiles|list)\s*\()?/g;
/** Quoted file names in code. */
const QUOTED_PATH = /["'`]([^"'`\n]{3,200}\.[a-z0-9]{2,8}(?:\.gz|\.zst)?)["'`]/gi;
const NO_OWN_DOMAINS: ReadonlySet<string> = new Set();

/** Adds a critical finding when code sends a bulk set of records to an outside host. */
export function assessCodeBulkSends(toolName: string, fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length < 40 || text.length > 65536 || !text.includes('(') || !runsText(field.key)) continue;
    if (!(text.includes('://') ? /post|put|patch|Post|PUT|POST/.test(text) : CLIENT_UPLOAD.test(text))) continue;
    let url: string | undefined;
    if (CLIENT_UPLOAD.test(text))
      for (const match of text.matchAll(CLIENT_HOST))
        if ((foreignDestination(`${match[1]}:`) ?? outsideDestination(match[1], NO_OWN_DOMAINS, 'host')) !== undefined) {
          url = match[1];
          break;
        }
    for (const match of url === undefined ? text.matchAll(SENDING_CALL) : []) {
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
    const folder =
      described === undefined && file === undefined
        ? [...text.matchAll(LISTED_FOLDER)].map((match) => match[1]).find((path) => bulkDataFile(path) !== undefined)
        : undefined;
    const listed = file ?? folder;
    const what = described ?? (listed === undefined ? undefined : `${bulkDataFile(listed)} \`${listed}\``);
    if (what !== undefined) {
      findings.add(
        'critical',
        `exfiltration: \`${toolName}\` runs code that sends a ${what} to a host outside the organisation \`${url.slice(0, 80)}\``,
      );
      return;
    }
  }
}
