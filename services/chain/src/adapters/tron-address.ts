// TRON addresses between their two forms: base58check `T…` (what people and TronGrid's v1 API use) and the 20
// bytes an EVM sees (what TRON logs and ABI-encoded values carry; the node's hex form puts 0x41 in front).
// Checksum: the first 4 bytes of double SHA-256, as @cropvest/contracts/addresses checks it; that module does not
// export an encoder, and viem (a dependency here) has the hash.
import { bytesToHex, hexToBytes, sha256, type Hex } from 'viem';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_VERSION_BYTE = 0x41;

const checksum = (payload: Uint8Array): Uint8Array =>
  sha256(sha256(payload, 'bytes'), 'bytes').subarray(0, 4);

function base58Encode(bytes: Uint8Array): string {
  let value = BigInt(bytesToHex(bytes));
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`not base58: ${text}`);
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const body = hexToBytes(`0x${hex.length % 2 ? `0${hex}` : hex}`);
  const zeros = text.length - text.replace(/^1+/, '').length;
  return new Uint8Array([...new Uint8Array(zeros), ...body]);
}

/** `T…` from 20 address bytes, written `0x…`, `41…` or bare (40 or 42 hex digits). */
export function tronAddressFromHex(hex: string): string {
  const digits = hex.replace(/^0x/i, '');
  const twenty = digits.length === 42 && digits.startsWith('41') ? digits.slice(2) : digits;
  if (!/^[0-9a-fA-F]{40}$/.test(twenty)) throw new Error(`not a 20-byte address: ${hex}`);
  const payload = new Uint8Array([TRON_VERSION_BYTE, ...hexToBytes(`0x${twenty}`)]);
  return base58Encode(new Uint8Array([...payload, ...checksum(payload)]));
}

/** The 20 bytes of a `T…` address as `0x` + 40 lower-case hex digits; throws on a bad checksum or version. */
export function tronAddressToHex(address: string): Hex {
  const raw = base58Decode(address);
  const payload = raw.subarray(0, raw.length - 4);
  const expected = checksum(payload);
  if (
    raw.length !== 25 ||
    payload[0] !== TRON_VERSION_BYTE ||
    expected.some((byte, i) => byte !== raw[raw.length - 4 + i])
  )
    throw new Error(`not a TRON address: ${address}`);
  return bytesToHex(payload.subarray(1));
}

/** True for a well-formed `T…` address. */
export function isTronAddress(address: string): boolean {
  try {
    tronAddressToHex(address);
    return true;
  } catch {
    return false;
  }
}
