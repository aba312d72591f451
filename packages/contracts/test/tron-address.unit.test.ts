// TRON addresses between base58check `T…` and their 20 bytes, checked against a known mainnet pair and against the
// wallet's own address check.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { checkTronAddress, tronAddressFromHex, tronAddressToHex } from '../src/chain/addresses.ts';

const USDT = {
  base58: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  hex: '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
};

describe('TRON address codec', () => {
  it("converts mainnet USDT's contract both ways, from each hex form", () => {
    expect(tronAddressToHex(USDT.base58)).toBe(USDT.hex);
    expect(tronAddressFromHex(USDT.hex)).toBe(USDT.base58);
    expect(tronAddressFromHex(`41${USDT.hex.slice(2)}`)).toBe(USDT.base58);
    expect(tronAddressFromHex(USDT.hex.slice(2).toUpperCase())).toBe(USDT.base58);
  });

  it('makes addresses the wallet accepts, and reads them back to the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const hex = `0x${Buffer.from(bytes).toString('hex')}`;
        const address = tronAddressFromHex(hex);
        expect(checkTronAddress(address)).toEqual({ ok: true, address });
        expect(tronAddressToHex(address)).toBe(hex);
      }),
    );
  });

  it('refuses a wrong checksum, a wrong version byte and what is not base58', () => {
    const typo = `${USDT.base58.slice(0, -1)}u`;
    expect(checkTronAddress(typo).ok).toBe(false);
    expect(() => tronAddressToHex(typo)).toThrow('not a TRON address');
    // A Bitcoin address: base58check with another version byte.
    expect(checkTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2').ok).toBe(false);
    expect(checkTronAddress('T0000000000000000000000000000000OI').ok).toBe(false);
    expect(() => tronAddressFromHex('0x1234')).toThrow('not a 20-byte address');
  });
});
