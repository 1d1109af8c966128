// DNS is resolved once per call and the answer checked; the connection then goes to exactly that
// address (the lookup handed to the socket answers only it), so a second, different answer (DNS
// rebinding) cannot reach an address the check never saw.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { addressRefusal } from './address-policy.ts';

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** The call is refused before anything is sent; `detail` says why in words. */
export class CallRefused extends Error {}

export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The checked address to connect to for `host`; throws CallRefused. */
export async function resolvePinned(host: string, literal: boolean, resolve: Resolver = systemResolver): Promise<PinnedAddress> {
  const family = isIP(host);
  if (family !== 0) {
    const refusal = addressRefusal(host, literal);
    if (refusal) throw new CallRefused(refusal);
    return { address: host, family: family as 4 | 6 };
  }
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = await resolve(host);
  } catch (error) {
    throw new CallRefused(`\`${host}\` did not resolve (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'}); nothing was sent`);
  }
  if (answers.length === 0) throw new CallRefused(`\`${host}\` resolved to no address; nothing was sent`);
  const refusals: string[] = [];
  for (const answer of answers) {
    const refusal = addressRefusal(answer.address, literal);
    if (!refusal) return { address: answer.address, family: answer.family === 6 ? 6 : 4 };
    refusals.push(refusal);
  }
  throw new CallRefused(`\`${host}\` resolves only to refused addresses: ${refusals[0]}; nothing was sent`);
}

/** A socket lookup that answers only the pinned address, whatever name it is asked for. */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}
