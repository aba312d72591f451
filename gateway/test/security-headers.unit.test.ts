// The headers helmet decides once at start-up are the full set the edge promises (CSP included).
import { describe, expect, it } from '@jest/globals';
import { computeSecurityHeaders } from '../src/security-headers.ts';

describe('security headers', () => {
  const headers = new Map(computeSecurityHeaders().map(([name, value]) => [name.toLowerCase(), value]));

  it('include a strict content security policy', () => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('include the other protections helmet sets', () => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.has('cross-origin-embedder-policy')).toBe(false);
  });
});
