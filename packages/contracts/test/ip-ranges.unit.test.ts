import { describe, expect, it } from '@jest/globals';
import { ipInRanges, isIpRange } from '../src/identity/ip-ranges.ts';

describe('admin IP allow-list matching', () => {
  it('matches single addresses and CIDR ranges, IPv4 and IPv6', () => {
    const list = ['198.51.100.0/24', '203.0.113.7', '2001:db8::/32'];
    expect(ipInRanges('198.51.100.1', list)).toBe(true);
    expect(ipInRanges('198.51.101.1', list)).toBe(false);
    expect(ipInRanges('203.0.113.7', list)).toBe(true);
    expect(ipInRanges('203.0.113.8', list)).toBe(false);
    expect(ipInRanges('2001:db8:1::5', list)).toBe(true);
    expect(ipInRanges('2001:db9::5', list)).toBe(false);
  });

  it('reads an IPv4 client seen through an IPv6 socket as IPv4, and matches nothing for a malformed address', () => {
    expect(ipInRanges('::ffff:198.51.100.9', ['198.51.100.0/24'])).toBe(true);
    expect(ipInRanges('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(ipInRanges('not-an-ip', ['0.0.0.0/0'])).toBe(false);
    expect(ipInRanges('10.0.0.1', [])).toBe(false);
  });

  it('accepts addresses and ranges only', () => {
    for (const ok of ['10.0.0.1', '10.0.0.0/8', '::1', 'fe80::/10']) expect(isIpRange(ok)).toBe(true);
    for (const bad of ['10.0.0.0/33', '10.0.0', 'example.com', '', '10.0.0.1/'])
      expect(isIpRange(bad)).toBe(false);
  });
});
