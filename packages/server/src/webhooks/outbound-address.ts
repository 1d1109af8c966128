// Where webhooks may send: public addresses only, unless the operator allows private ones
// (ACTIONGATE_WEBHOOK_ALLOW_PRIVATE=1, e.g. a chat bridge on the same network). Names are resolved
// and every address checked, at registration for a clear 422 and again at each connection (the
// `lookup` of the delivering agent), so a name that later resolves inward is refused too.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is loopback, private, link-local, reserved or multicast (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(address, 'ipv6');
}

/** A problem with a webhook URL (in words), or null when it may be used. */
export async function outboundUrlProblem(text: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `\`${text}\` is not a URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme \`${url.protocol.replace(':', '')}\` is not http or https`;
  if (url.username || url.password) return 'a webhook URL may not carry credentials; use the secret';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((entry) => entry.address);
    } catch (error) {
      return `host \`${host}\` does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    }
  }
  const inward = addresses.find(isPrivateAddress);
  if (inward) {
    return `host \`${host}\` resolves to ${inward}, a private, loopback or link-local address (set ACTIONGATE_WEBHOOK_ALLOW_PRIVATE=1 to allow)`;
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for outgoing sockets that refuses private addresses (the connection-time check). */
export function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const inward = list.find((entry) => isPrivateAddress(entry.address));
    if (inward) {
      const refused = Object.assign(new Error(`${hostname} resolves to ${inward.address}, a private address`), { code: 'EPRIVATEADDRESS' });
      return callback(refused, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}
