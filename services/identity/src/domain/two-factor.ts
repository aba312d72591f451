// TOTP (RFC 6238: SHA-1, 6 digits, 30 s — what every authenticator app reads), the secret's encryption at rest,
// and recovery codes.
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '@cropvest/contracts';
import { hashToken } from './secrets.ts';

const PERIOD_SECONDS = 30;
/** Codes from one step before or after now are accepted too, for clocks a little off. */
const DRIFT_STEPS = 1;

const totp = (issuer: string, label: string, secret: Secret) =>
  new TOTP({ issuer, label, secret, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });

/** A fresh 160-bit secret (RFC 4226's recommended length), its base32 text and the otpauth URI for a QR code. */
export function newTotpSecret(issuer: string, accountName: string): { secret: string; otpauthUri: string } {
  const secret = new Secret({ size: 20 });
  return { secret: secret.base32, otpauthUri: totp(issuer, accountName, secret).toString() };
}

/**
 * The 30-second step a code belongs to, when it is valid now (within the drift), else null. Callers refuse a
 * step at or below the last one used, so a code works once and an older code never after a newer one.
 */
export function acceptedStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totp('', '', Secret.fromBase32(secretBase32)).validate({
    token: code,
    timestamp: now.getTime(),
    window: DRIFT_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now.getTime() }) + delta;
}

/** AES-256-GCM with the user id as associated data: a secret copied onto another user's row does not open. */
export function encryptSecret(key: Buffer, userId: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten codes of 10 base32 characters (50 random bits each), shown as `xxxxx-xxxxx`, and their hashes to store. */
export function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );
  return {
    shown: plain.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`),
    hashes: plain.map(hashRecoveryCode),
  };
}

/** The code as the contract normalises it (lower case, no dashes). */
export const hashRecoveryCode = (normalised: string): string => hashToken(`recovery:${normalised}`);
