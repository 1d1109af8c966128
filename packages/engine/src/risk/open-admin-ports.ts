// A firewall opened to the whole internet on a port that administers a machine or holds data
// (SSH 22, RDP 3389, databases, Docker's and etcd's APIs), in any cloud's shape: an AWS security
// group rule (`FromPort`/`ToPort` with `CidrIp: 0.0.0.0/0`, flat or under `IpPermissions`), a GCP
// firewall (`sourceRanges` with `allowed[].ports`), an Azure NSG rule (`sourceAddressPrefix: "*"`
// with `destinationPortRange`), or the CLIs' flags. Every scanner on the internet finds it within
// minutes, so a human decides. Web ports open to everyone, admin ports open to a private range,
// egress rules, denies, and revokes, deletes or reads of a rule match nothing.

import type { Findings } from './findings.ts';
import { normalizeKey, type PayloadFields } from './payload-fields.ts';
import { payloadObjects, scalarsUnder } from './payload-objects.ts';

/** Ports that administer a host or expose a data store. */
const ADMIN_PORTS = [22, 23, 445, 1433, 1521, 2375, 2376, 2379, 3306, 3389, 5432, 5900, 5984, 6379, 9200, 11211, 27017];
/** Keys that hold where traffic comes from. */
const SOURCE_KEY = /(?:^|_)(?:cidr\w*|source\w*|src\w*|remote_ip_prefix|ip_ranges?|ipv6_ranges?|from_address\w*|address_prefix(?:es)?)$/;
/** Values that mean "from anywhere"; the words only under a key that says source. */
const ANYWHERE = /^(?:0\.0\.0\.0\/0|::\/0|0\.0\.0\.0)$/;
const ANYWHERE_WORD = /^(?:\*|internet|any|all)$/i;
/** Keys that hold a port, a port range or a list of them. */
const PORT_KEY = /(?:^|_)(?:ports?|port_ranges?|from_port|to_port|destination_port\w*|dst_port\w*|dest_port\w*)$/;
const FROM_KEY = /(?:^|_)from_port$/;
const TO_KEY = /(?:^|_)to_port$/;
/** A protocol of every port (`IpProtocol: "-1"`). */
const ALL_PROTOCOLS = /^(?:-1|all|\*)$/i;
const PROTOCOL_KEY = /(?:^|_)(?:ip_?)?protocol$/;
/** Verbs of a call that takes a rule away or only reads it. */
const NOT_OPENING = /revoke|delete|remove|describe|list|get|show/i;
const OPERATION_KEY = /^(?:action|operation|op|method|api|fn|function|rpc|verb)$/;

/** The admin ports a port value covers (`22`, `"3389"`, `"20-25"`, `"*"`). */
function adminPortsIn(value: string | number): number[] {
  const text = String(value).trim();
  if (text === '*') return ADMIN_PORTS;
  const range = /^(\d{1,5})\s*-\s*(\d{1,5})$/.exec(text);
  if (range) return ADMIN_PORTS.filter((port) => port >= Number(range[1]) && port <= Number(range[2]));
  const single = /^(?:tcp:|udp:)?(\d{1,5})$/i.exec(text);
  return single && ADMIN_PORTS.includes(Number(single[1])) ? [Number(single[1])] : [];
}

/** The admin ports a rule object opens to anywhere, or undefined. */
function openedAdminPort(record: Record<string, unknown>): number | undefined {
  const scalars = scalarsUnder(record, normalizeKey, 5);
  const anywhere = scalars.some(
    ({ key, value }) =>
      typeof value === 'string' && SOURCE_KEY.test(key) && (ANYWHERE.test(value.trim()) || ANYWHERE_WORD.test(value.trim())),
  );
  if (!anywhere) return undefined;
  // Several rules under one object (a list of permissions): each is judged on its own, deeper down.
  const sources = new Set(scalars.filter(({ key }) => SOURCE_KEY.test(key)).map(({ value }) => String(value)));
  if (sources.size > 1) return undefined;
  for (const { key, value } of scalars) {
    if (typeof value === 'string' && /^(?:outbound|egress)$/i.test(value.trim()) && /direction|type|flow/.test(key)) return undefined;
    if (typeof value === 'string' && /^deny$/i.test(value.trim()) && /access|action/.test(key)) return undefined;
  }
  const from = scalars.find(({ key }) => FROM_KEY.test(key))?.value;
  const to = scalars.find(({ key }) => TO_KEY.test(key))?.value;
  if (from !== undefined && typeof from !== 'boolean') {
    const low = Number(from);
    const high = to === undefined || typeof to === 'boolean' ? low : Number(to);
    if (low === -1) return ADMIN_PORTS[0];
    const hit = ADMIN_PORTS.find((port) => port >= low && port <= high);
    if (hit !== undefined) return hit;
  }
  for (const { key, value } of scalars) {
    if (typeof value === 'boolean' || !PORT_KEY.test(key) || FROM_KEY.test(key) || TO_KEY.test(key)) continue;
    const hit = adminPortsIn(value)[0];
    if (hit !== undefined) return hit;
  }
  // No port at all, every protocol: every port is open.
  const anyPort = scalars.some(({ key }) => PORT_KEY.test(key));
  if (!anyPort && scalars.some(({ key, value }) => PROTOCOL_KEY.test(key) && typeof value === 'string' && ALL_PROTOCOLS.test(value.trim())))
    return ADMIN_PORTS[0];
  return undefined;
}

/** The CLIs: `aws ec2 authorize-security-group-ingress --port 22 --cidr 0.0.0.0/0`, `gcloud compute firewall-rules create --allow tcp:22 --source-ranges 0.0.0.0/0`, `az network nsg rule create --destination-port-ranges 3389 --source-address-prefixes '*'`. */
const CLI_RULE =
  /\bauthorize-security-group-ingress\b|\bfirewall-rules\s+(?:create|update)\b|\bnsg\s+rule\s+(?:create|update)\b|\bauthorize_security_group_ingress\s*\(|\bAuthorizeSecurityGroupIngress(?:Command)?\b/;
/** Every protocol and port: `--rules=all` (gcloud), `--protocol -1` (aws), `'IpProtocol': '-1'` in SDK code. */
const CLI_ALL_TRAFFIC =
  /--(?:rules|allow)[=\s]+['"]?all\b|--protocol[=\s]+['"]?(?:-1|all)\b|\bIpProtocol['"]?\s*[:=]\s*['"](?:-1|all)['"]/i;
const CLI_ANYWHERE = /0\.0\.0\.0\/0|::\/0|--source-address-prefix(?:es)?[=\s]+['"]?(?:\*|Internet|Any)(?![\w.])/i;
const CLI_PORT =
  /(?:--port|--destination-port-ranges?|FromPort=|--allow(?:=|\s+)(?:tcp|udp|all)?:?|,tcp:|,udp:)\s*['"]?(\d{1,5}(?:-\d{1,5})?|\*)/gi;

function cliOpensAdminPort(text: string): number | undefined {
  if (text.length > 8192 || !CLI_RULE.test(text) || !CLI_ANYWHERE.test(text)) return undefined;
  if (CLI_ALL_TRAFFIC.test(text)) return ADMIN_PORTS[0];
  for (const match of text.matchAll(CLI_PORT)) {
    const hit = adminPortsIn(match[1])[0];
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** Adds a critical finding when the call opens an admin port to the whole internet. */
export function assessOpenAdminPorts(payload: unknown, fields: PayloadFields, findings: Findings): void {
  // A command line as text, or as an argument list (`{args: ["network", "nsg", "rule", "create", …]}`).
  const lines = [...fields.strings.map((field) => field.text), ...fields.arrays.map((array) => array.items.join(' '))];
  for (const line of lines) {
    if (!line.includes('0/0') && !line.includes('--source-address-prefix')) continue;
    const port = cliOpensAdminPort(line);
    if (port !== undefined) {
      findings.add('critical', `network: opens port ${port} to the whole internet (firewall rule)`);
      return;
    }
  }
  // Structured rules: only when some value says "anywhere" (most payloads say nothing of the kind).
  const anywhere = fields.strings.some((field) => {
    if (field.text.length > 12) return false;
    const text = field.text.trim();
    return ANYWHERE.test(text) || (ANYWHERE_WORD.test(text) && SOURCE_KEY.test(field.key));
  });
  if (!anywhere) return;
  if (
    fields.strings.some(
      (field) =>
        OPERATION_KEY.test(field.key) &&
        !field.inArray &&
        NOT_OPENING.test(field.text) &&
        !/authorize|create|add|put|update|insert|patch/i.test(field.text),
    )
  )
    return;
  if (fields.strings.some((field) => field.key === 'method' && /^delete$/i.test(field.text.trim()))) return;
  for (const record of payloadObjects(payload).reverse()) {
    const port = openedAdminPort(record);
    if (port !== undefined) {
      findings.add('critical', `network: opens port ${port} to the whole internet (firewall rule)`);
      return;
    }
  }
}
