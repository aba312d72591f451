// The headers helmet decides once at start-up are the full set the edge promises (CSP included).
import { describe, expect, it } from '@jest/globals';
import { computeSecurityHeaders, PERMISSIONS_POLICY } from '../src/security-headers.ts';

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

  it('switch off unused browser features, naming only features Chromium recognises', () => {
    expect(headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    const features = PERMISSIONS_POLICY.split(', ').map((directive) => directive.split('=')[0]);
    expect(features).toContain('camera');
    // Chromium logs "Unrecognized feature" on every page for a feature it does not know.
    expect(features).not.toContain('bluetooth');
  });
});
