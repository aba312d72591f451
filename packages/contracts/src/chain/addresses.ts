// Shared by the wallet (which refuses bad addresses) and the browser (which says so before sending).
// Wallet address checks. TRC-20 (TRON): base58check, 34 characters, version byte 0x41, checksum = first
// 4 bytes of double SHA-256. ERC-20 and BEP-20: 0x + 40 hex digits, with the EIP-55 checksum when the
// address is written in mixed case.
import { keccak_256 } from '@noble/hashes/sha3';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { base58, createBase58check } from '@scure/base';
import type { NetworkType } from '../wallet/model.ts';

export type AddressCheck = { ok: true; address: string } | { ok: false; message: string };

const TRON_VERSION_BYTE = 0x41;
const tronBase58check = createBase58check(sha256);

/** `T…` from the 20 bytes of an address, written `0x…`, `41…` (the TRON node's hex form) or bare. */
export function tronAddressFromHex(hex: string): string {
  const digits = hex.trim().replace(/^0x/i, '');
  const twenty = digits.length === 42 && digits.startsWith('41') ? digits.slice(2) : digits;
  if (!/^[0-9a-fA-F]{40}$/.test(twenty)) throw new Error(`not a 20-byte address: ${hex}`);
  return tronBase58check.encode(Uint8Array.from([TRON_VERSION_BYTE, ...hexToBytes(twenty)]));
}

/** The 20 bytes of a `T…` address as `0x` + 40 lower-case hex digits (what logs and ABI values carry). */
export function tronAddressToHex(address: string): `0x${string}` {
  const check = checkTronAddress(address);
  if (!check.ok) throw new Error(`not a TRON address: ${address} (${check.message})`);
  return `0x${bytesToHex(tronBase58check.decode(check.address).subarray(1))}`;
}

export function checkTronAddress(input: string): AddressCheck {
  const address = input.trim();
  if (/^(0x)?41[0-9a-fA-F]{40}$/.test(address)) {
    return {
      ok: false,
      message: 'Use the TRC-20 address in its usual form (34 characters starting with T), not the hex form',
    };
  }
  if (/^0x[0-9a-fA-F]{40}$/.test(address))
    return {
      ok: false,
      message: 'This looks like an ERC-20/BEP-20 address; only TRC-20 (TRON) addresses are supported',
    };
  if (address.length !== 34)
    return { ok: false, message: `A TRC-20 address has 34 characters; this one has ${address.length}` };
  if (!address.startsWith('T')) return { ok: false, message: 'A TRC-20 address starts with T' };
  let raw: Uint8Array;
  try {
    raw = base58.decode(address);
  } catch {
    return { ok: false, message: 'A TRC-20 address uses only base58 characters (no 0, O, I or l)' };
  }
  let payload: Uint8Array;
  try {
    payload = tronBase58check.decode(address);
  } catch {
    return {
      ok: false,
      message: 'This TRC-20 address has an invalid checksum; check it for typing mistakes',
    };
  }
  if (raw.length !== 25 || payload.length !== 21 || payload[0] !== TRON_VERSION_BYTE) {
    return { ok: false, message: 'This is not a TRON mainnet address (wrong version byte)' };
  }
  return { ok: true, address };
}

/** EIP-55: a hex digit is upper case when the matching nibble of keccak256(lower-case address) is >= 8. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] as string;
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function checkEvmAddress(input: string, label: 'ERC-20' | 'BEP-20'): AddressCheck {
  const address = input.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(address))
    return { ok: false, message: `An ${label} address is 0x followed by 40 hexadecimal digits` };
  const digits = address.slice(2);
  const mixedCase = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixedCase && toChecksumAddress(digits) !== address) {
    return {
      ok: false,
      message: `This ${label} address has an invalid EIP-55 checksum; check it for typing mistakes`,
    };
  }
  return { ok: true, address };
}

export function checkAddress(network: NetworkType, address: string): AddressCheck {
  if (network === 'TRC20') return checkTronAddress(address);
  return checkEvmAddress(address, network === 'ERC20' ? 'ERC-20' : 'BEP-20');
}
