// Egress rules: with any rule present, a brokered call may reach only a target some rule covers.
// A rule names a host exactly (`api.example.com`, `10.0.0.5`) or a suffix (`*.example.com` or
// `.example.com`: any subdomain, not the bare domain), optionally limited to ports and schemes.
import type { BrokeredTarget } from './brokered-target.ts';

export interface EgressRule {
  id: string;
  target: string;
  /** Allowed ports; any port when empty. */
  ports: readonly number[];
  /** Allowed schemes (`http`, `https`); any of them when empty. */
  schemes: readonly string[];
}

/** Whether the rule's target names the host (exactly, or as a suffix). */
export function targetCoversHost(target: string, host: string): boolean {
  const wanted = target.toLowerCase().replace(/\.$/, '');
  const name = host.toLowerCase().replace(/\.$/, '');
  if (wanted.startsWith('*.')) return name.endsWith(wanted.slice(1));
  if (wanted.startsWith('.')) return name.endsWith(wanted);
  return name === wanted;
}

/** The first rule covering the target (host, port and scheme), or null. */
export function coveringEgressRule(rules: readonly EgressRule[], target: BrokeredTarget): EgressRule | null {
  for (const rule of rules) {
    if (!targetCoversHost(rule.target, target.host)) continue;
    if (rule.ports.length > 0 && !rule.ports.includes(target.port)) continue;
    if (rule.schemes.length > 0 && !rule.schemes.some((scheme) => scheme.toLowerCase() === target.scheme)) continue;
    return rule;
  }
  return null;
}

/** A target in words: `https://api.example.com:443`. */
export function describeTarget(target: BrokeredTarget): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `${target.scheme}://${host}:${target.port}`;
}
