// Secrets smuggled out in the name of a DNS lookup: every resolver on the way forwards the query to
// the name server of the domain, which its owner reads. A lookup (`dig`, `nslookup`, `host`,
// `Resolve-DnsName`, `gethostbyname`, `dns.resolve`, a DNS tool's `name`) whose name expands a
// secret-holding variable, a secret file or an environment secret read in code, or holds a live
// token or key written out, is exfiltration. Ordinary names (`api.github.com`, `_dmarc.acme.com`)
// and a machine's own name are lookups. Labels computed by the line (`$b.x.oast.fun`) under a host
// that logs every lookup (an out-of-band test host, a request catcher) are exfiltration too.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { secretValueIn } from './secret-values.ts';
import { runsText } from './run-keys.ts';
import { foreignHost } from './foreign-destinations.ts';

/** Hosts that exist to log what is asked of them. A dynamic-DNS name or a rented server is someone's machine, not a logger. */
const LOGGING_HOSTS = new Set(['out-of-band test host', 'request catcher', 'public tunnel']);
/** The machine's own name (`$(hostname)`, `$HOSTNAME`, `$env:COMPUTERNAME`): a lookup of it carries nothing secret. */
const OWN_NAME = /\$\(\s*hostname(?:\s+-[sf])?\s*\)|`hostname(?:\s+-[sf])?`|\$\{?HOSTNAME\}?|\$env:COMPUTERNAME|\$\{?COMPUTERNAME\}?/gi;

/** Why a name in a lookup's text sits under a host that logs what is asked of it (an out-of-band test host, a catcher, a tunnel), or undefined. */
function loggingDomainIn(text: string): string | undefined {
  for (const name of text.matchAll(/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g)) {
    const why = foreignHost(name[0]);
    if (why !== undefined && LOGGING_HOSTS.has(why)) return why;
  }
  return undefined;
}

/** A lookup in a shell or PowerShell line, and the rest of its statement (`host` only where a command starts: `mysql -h host` is no lookup). */
const SHELL_LOOKUP =
  /(?:(?:^|[;&|(`\n]|\$\()\s*(?:host|getent\s+(?:hosts|ahosts))|(?:^|[\s;&|(`]|\$\()(?:dig|nslookup|drill|kdig|delv|Resolve-DnsName))\b([^\n;|&]*)/g;
/** A lookup call in code and its argument text. */
const CODE_LOOKUP =
  /\b(?:gethostbyname(?:_ex)?|getaddrinfo|dns\.(?:resolve\w*|lookup)|Resolver\(\)\.(?:resolve|query)|resolver\.(?:resolve|query)|Dns\.GetHostEntry|Dns\.GetHostAddresses|InetAddress\.getByName|net\.LookupHost|Resolve-DnsName)\s*\(?([^\n;]{1,400})/g;
/** A variable, environment read or file whose name says it holds a secret. */
const SECRET_SOURCE =
  /\$\{?(?:env:)?[A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ACCESS_KEY|CREDENTIAL)[A-Za-z0-9_]*|printenv\s+[A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|KEY)|(?:environ|env|getenv)\s*(?:\.|\[|\()\s*['"]?[A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ACCESS_KEY|CREDENTIAL)|\.aws\/credentials|\.ssh\/id_|\/etc\/shadow|\.netrc|\.pgpass|\.env\b/i;
/** Cheap gates (case-sensitive, one scan each): a lookup's name, then anything that could be a secret. */
const LOOKUP_HINT = /d(?:ig|ns|rill|elv)|nslookup|host|[Rr]esolve|get(?:ent|addrinfo)|Dns|InetAddress|Lookup/;
const SECRET_HINT = /\$|env|ENV|SECRET|TOKEN|KEY|PASS|\.aws|\.ssh|shadow|netrc|pgpass|\.env|ghp_|xox|AKIA|glpat|_live_|AIza|-----/;

/** Keys of a DNS tool that hold the name looked up. */
const NAME_KEYS = new Set(['name', 'hostname', 'host', 'domain', 'fqdn', 'query', 'qname', 'record', 'target']);
const DNS_TOOL_WORDS = new Set(['dns', 'resolve', 'resolver', 'lookup', 'nslookup', 'dig']);

/** Adds a critical finding when a DNS lookup carries a secret in the name it asks for. */
export function assessDnsLabelSecrets(toolWords: readonly string[], fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length < 12 || text.length > 65536 || !runsText(field.key) || !LOOKUP_HINT.test(text) || !SECRET_HINT.test(text)) continue;
    for (const pattern of [SHELL_LOOKUP, CODE_LOOKUP]) {
      pattern.lastIndex = 0;
      if (!pattern.test(text)) continue;
      pattern.lastIndex = 0;
      for (const match of text.matchAll(pattern)) {
        if (SECRET_SOURCE.test(match[1]) || secretValueIn(match[1]) !== undefined) {
          findings.add('critical', 'exfiltration: a DNS lookup carries a secret in the name it asks for');
          return;
        }
        // `Resolve-DnsName "$b.d.burpcollaborator.net"`: labels computed on the spot under a host that exists to log lookups.
        const catcher = /[$`]/.test(match[1].replace(OWN_NAME, '')) ? loggingDomainIn(match[1]) : undefined;
        if (catcher !== undefined) {
          findings.add('critical', `exfiltration: a DNS lookup sends computed labels to a host that logs lookups (${catcher})`);
          return;
        }
      }
    }
  }
  if (!toolWords.some((word) => DNS_TOOL_WORDS.has(word))) return;
  for (const field of fields.strings) {
    if (!NAME_KEYS.has(field.key) || field.text.length > 512 || !field.text.includes('.')) continue;
    const labels = field.text.trim().split('.');
    if (labels.length < 3) continue;
    // A key or token written as a label (`ghp_….leak.example`), or the lookup text itself.
    const leaked =
      labels.some((label) => label.length >= 16 && secretValueIn(label) !== undefined) || /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/.test(field.text);
    if (leaked) {
      findings.add('critical', `exfiltration: \`${field.key}\` of a DNS lookup carries a secret in its labels`);
      return;
    }
  }
}
