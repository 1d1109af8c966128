// Which addresses a brokered call may connect to. Private, loopback, link-local, shared, reserved
// and multicast ranges (and their IPv6 equivalents) are refused unless the credential lists the
// host literally; cloud metadata addresses are refused always.
import { BlockList, isIP } from 'node:net';

/** Instance metadata services (AWS, GCP, Azure, OpenStack; AWS over IPv6): never a brokered target. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

const RANGES: Array<[string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'this-network'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['::ffff:0:0', 96, 'ipv6', 'IPv4-mapped'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64'],
  ['100::', 64, 'ipv6', 'discard'],
  ['fc00::', 7, 'ipv6', 'unique local (private)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const lists = RANGES.map(([network, prefix, family, label]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, label, range: `${network}/${prefix}` };
});

/** Why the address may not be connected to, in words, or null. `literal`: the credential names the host exactly. */
export function addressRefusal(address: string, literal: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return `\`${address}\` is not an IP address`;
  const lower = address.toLowerCase();
  if (METADATA.has(lower)) return `address ${address} is a cloud metadata service; never brokered`;
  const kind = family === 4 ? 'ipv4' : 'ipv6';
  for (const entry of lists) {
    if (entry.family !== kind || !entry.list.check(lower, kind)) continue;
    if (literal) return null;
    return `address ${address} is ${entry.label} (${entry.range}); list the host literally in the credential's allowed_hosts to reach it`;
  }
  return null;
}
