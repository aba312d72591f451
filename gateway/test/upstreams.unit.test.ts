// The gateway spreads a service's requests over its replicas (a comma-separated *_URL) and passes over one
// that refused a connection for a moment.
import { describe, expect, it } from '@jest/globals';
import type { GatewayConfig } from '../src/config.ts';
import { GatewayConfig as GatewayConfigSchema } from '../src/config.ts';
import { upstreams } from '../src/routes.ts';

const urls = {
  IDENTITY_URL: 'http://127.0.0.1:8101',
  WALLET_URL: 'http://127.0.0.1:8102,http://127.0.0.1:8112',
  SUPPORT_URL: 'http://127.0.0.1:8105',
  KYC_URL: 'http://127.0.0.1:8104',
  NOTIFY_URL: 'http://127.0.0.1:8106',
  PLANS_URL: 'http://127.0.0.1:8103',
  CHAIN_URL: 'http://127.0.0.1:8107',
};

describe('upstream replicas', () => {
  it('takes turns over the replicas and skips one that refused a connection until its pause ends', () => {
    const wallet = upstreams(urls as unknown as GatewayConfig).wallet!;
    expect(wallet.targets.map((t) => t.port)).toEqual([8102, 8112]);
    expect([1, 2, 3, 4].map(() => wallet.pick().port)).toEqual([8102, 8112, 8102, 8112]);
    wallet.targets[0]!.downUntil = Date.now() + 60_000;
    expect([1, 2, 3].map(() => wallet.pick().port)).toEqual([8112, 8112, 8112]);
    // Every replica down: still try one rather than refuse the request outright.
    wallet.targets[1]!.downUntil = Date.now() + 60_000;
    expect([8102, 8112]).toContain(wallet.pick().port);
    wallet.targets[0]!.downUntil = 0;
    wallet.targets[1]!.downUntil = 0;
    expect(new Set([1, 2].map(() => wallet.pick().port))).toEqual(new Set([8102, 8112]));
  });

  it('accepts one http URL or several comma-separated, and nothing else', () => {
    const field = GatewayConfigSchema.shape.WALLET_URL;
    expect(field.safeParse('http://wallet:8102').success).toBe(true);
    expect(field.safeParse('http://a:8102,http://b:8102').success).toBe(true);
    expect(field.safeParse('http://a:8102,').success).toBe(false);
    expect(field.safeParse('https://a:8102').success).toBe(false);
    expect(field.safeParse('http://a:8102,file:///etc/passwd').success).toBe(false);
  });
});
