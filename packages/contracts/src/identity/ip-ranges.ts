// Admin IP allow-list (security setting `ipWhitelist`): single addresses or CIDR ranges, IPv4 or IPv6, matched
// with ipaddr.js. An IPv4 client seen through an IPv6 socket (::ffff:10.0.0.1) matches its IPv4 entries.
import ipaddr from 'ipaddr.js';
import { z } from '../zod.ts';

/** Dotted IPv4 with all four parts (ipaddr.js alone also reads "10.0.0" as 10.0.0.0), or IPv6; either as CIDR. */
export const isIpRange = (value: string): boolean =>
  ipaddr.IPv4.isValidFourPartDecimal(value) ||
  ipaddr.IPv4.isValidCIDRFourPartDecimal(value) ||
  ipaddr.IPv6.isValid(value) ||
  ipaddr.IPv6.isValidCIDR(value);

/** True when `ip` is one of the addresses or inside one of the ranges; a malformed address matches nothing. */
export function ipInRanges(ip: string, ranges: readonly string[]): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  return ranges.some((range) => {
    const [network, bits] = ipaddr.isValidCIDR(range)
      ? ipaddr.parseCIDR(range)
      : ([ipaddr.process(range), null] as const);
    const base = network.kind() === 'ipv6' ? ipaddr.process(network.toString()) : network;
    if (base.kind() !== address.kind()) return false;
    const prefix = bits === null ? (base.kind() === 'ipv4' ? 32 : 128) : bits;
    // After process() an IPv4-mapped range is IPv4 again; its prefix then counts the last 32 bits only.
    const ownPrefix = network.kind() === 'ipv6' && base.kind() === 'ipv4' ? Math.max(prefix - 96, 0) : prefix;
    return address.match(base, ownPrefix);
  });
}

export const IpRange = z
  .string({ message: 'An allowed address must be text' })
  .trim()
  .refine(isIpRange, { message: 'Enter an IP address (203.0.113.7) or a CIDR range (203.0.113.0/24)' });
