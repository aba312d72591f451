import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer secrets (refresh and reset tokens): 256 random bits; only their SHA-256 is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
