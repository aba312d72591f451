import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
} from '../src/domain/two-factor.ts';

const key = randomBytes(32);
const at = (iso: string) => new Date(iso);
const codeFor = (secret: string, when: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: when.getTime() });

describe('TOTP secrets at rest', () => {
  it('decrypt what they encrypted, and only for the same user and key', () => {
    const userId = randomUUID();
    const { secret } = newTotpSecret('CropVest', 'ann@example.com');
    const stored = encryptSecret(key, userId, secret);
    expect(stored).not.toContain(secret);
    expect(decryptSecret(key, userId, stored)).toBe(secret);
    expect(() => decryptSecret(key, randomUUID(), stored)).toThrow();
    expect(() => decryptSecret(randomBytes(32), userId, stored)).toThrow();
    const [version, iv, tag, sealed] = stored.split('.') as [string, string, string, string];
    const flipped = `${sealed[0] === 'A' ? 'B' : 'A'}${sealed.slice(1)}`;
    expect(() => decryptSecret(key, userId, [version, iv, tag, flipped].join('.'))).toThrow();
  });

  it('make a 160-bit secret and an otpauth URI an authenticator app reads', () => {
    const { secret, otpauthUri } = newTotpSecret('CropVest', 'ann@example.com');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('CropVest');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});

describe('acceptedStep', () => {
  const { secret } = newTotpSecret('CropVest', 'ann@example.com');
  const now = at('2026-11-22T12:00:10Z');
  const step = Math.floor(now.getTime() / 30_000);

  it("takes this step's code and one step of drift either way, naming the code's own step", () => {
    expect(acceptedStep(secret, codeFor(secret, now), now)).toBe(step);
    expect(acceptedStep(secret, codeFor(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(acceptedStep(secret, codeFor(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
  });

  it('refuses codes two steps away and codes of another secret', () => {
    expect(acceptedStep(secret, codeFor(secret, new Date(now.getTime() - 60_000)), now)).toBeNull();
    const other = newTotpSecret('CropVest', 'bob@example.com').secret;
    expect(acceptedStep(secret, codeFor(other, now), now)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten distinct xxxxx-xxxxx codes whose hashes match the normalised code', () => {
    const { shown, hashes } = newRecoveryCodes();
    expect(shown).toHaveLength(10);
    expect(new Set(shown).size).toBe(10);
    for (const code of shown) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(hashes).toEqual(shown.map((code) => hashRecoveryCode(code.replace('-', ''))));
  });
});
