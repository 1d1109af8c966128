// HTTP DELETEs sent from the shell: `curl -X DELETE https://api.github.com/repos/acme/site`,
// `curl --request DELETE …`, `http DELETE …` (HTTPie), `wget --method=DELETE …`, `gh api -X DELETE
// repos/acme/site`. The URL is judged like a generic HTTP tool's: deleting a whole repository,
// project, namespace or bucket is critical.

import type { Findings } from './findings.ts';
import { deletedWholeResource } from './http-control-plane.ts';

const CURL_DELETE = /\bcurl\b[^|;&\n]*?(?:-X\s*|--request[=\s]+)['"]?DELETE\b[^|;&\n]*/gi;
const HTTPIE_DELETE = /\b(?:http|https|xh)\s+(?:-\S+\s+)*DELETE\s+(\S+)/gi;
const WGET_DELETE = /\bwget\b[^|;&\n]*--method[=\s]+['"]?DELETE\b[^|;&\n]*/gi;
const GH_API_DELETE = /\bgh\s+api\b[^|;&\n]*?(?:-X\s*|--method[=\s]+)['"]?DELETE\b[^|;&\n]*/gi;
const URL = /https?:\/\/[^\s'"<>|;&]+/;

/** Adds a critical finding for each shell HTTP DELETE of a whole resource. */
export function assessShellHttpDeletes(command: string, findings: Findings): void {
  if (command.length > 65536 || !/DELETE/i.test(command)) return;
  const urls: string[] = [];
  for (const match of command.matchAll(CURL_DELETE)) urls.push(URL.exec(match[0])?.[0] ?? '');
  for (const match of command.matchAll(WGET_DELETE)) urls.push(URL.exec(match[0])?.[0] ?? '');
  for (const match of command.matchAll(HTTPIE_DELETE)) urls.push(/^https?:/.test(match[1]) ? match[1] : `https://${match[1]}`);
  for (const match of command.matchAll(GH_API_DELETE)) {
    // `gh api` takes a path of api.github.com, with or without the leading slash.
    const path = /\s['"]?\/?((?:repos|orgs|user|teams|projects|enterprises)\/[^\s'"]+)/.exec(match[0])?.[1];
    if (path !== undefined) urls.push(`https://api.github.com/${path}`);
  }
  for (const url of urls) {
    if (url === '') continue;
    const gone = deletedWholeResource(url.replace(/['"]+$/, ''));
    if (gone !== undefined) findings.add('critical', `infrastructure: HTTP DELETE from the shell of ${gone} (\`${url.slice(0, 100)}\`)`);
  }
}
