// Where a sign-in comes from, as the sign-in limits, Login Alerts and new-device approval count it: its network
// (`ip:<address>`) and its device (`device:<SHA-256 of the device cookie>`). docs/decisions/0065 and 0100.
import { hashToken } from './secrets.ts';

/** A device cookie is one this service minted: 256 random bits, base64url. Anything else is ignored. */
export const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a valid device cookie, or null. */
export const deviceHashOf = (device: string | null): string | null =>
  device && DEVICE_ID.test(device) ? hashToken(device) : null;

export const deviceSourceOfHash = (hash: string): string => `device:${hash}`;
export const deviceSource = (device: string | null): string | null => {
  const hash = deviceHashOf(device);
  return hash ? deviceSourceOfHash(hash) : null;
};
export const ipSource = (ip: string | null): string => `ip:${ip ?? 'unknown'}`;
