import { describe, expect, it } from '@jest/globals';
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import {
  checkAddress,
  checkEvmAddress,
  checkTronAddress,
  toChecksumAddress,
} from '../src/chain/addresses.ts';

const tron = createBase58check(sha256);
const tronAddress = (version: number, fill = 7) =>
  tron.encode(Uint8Array.from([version, ...Array.from({ length: 20 }, (_, i) => (i * fill) & 0xff)]));

describe('TRC-20 addresses', () => {
  it('accepts mainnet addresses (version byte 0x41, valid checksum)', () => {
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual({
      ok: true,
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(checkTronAddress(` ${tronAddress(0x41, 3)} `).ok).toBe(true);
  });

  it.each([
    ['bad checksum', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'invalid checksum'],
    ['wrong prefix', 'SR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'starts with T'],
    ['hex form', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'hex form'],
    ['0x hex form', '0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'hex form'],
    ['33 characters', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'has 33'],
    ['35 characters', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt', 'has 35'],
    ['empty', '', 'has 0'],
    ['non-base58 characters', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjO0', 'base58'],
    ['an EVM address', '0x52908400098527886E0F7030069857D2E4169EE7', 'only TRC-20'],
  ])('refuses %s', (_case, address, message) => {
    const result = checkTronAddress(address);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('refuses every one-character typo of a known-good address (each position, another base58 character)', () => {
    const good = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    for (let i = 1; i < good.length; i++) {
      const typo = `${good.slice(0, i)}${good[i] === 'z' ? 'y' : 'z'}${good.slice(i + 1)}`;
      expect([typo, checkTronAddress(typo).ok]).toEqual([typo, false]);
    }
  });

  it('refuses a valid base58check string with another version byte, even when it starts with T', () => {
    const wrong = tronAddress(0x42);
    expect(wrong).toMatch(/^T/);
    expect(wrong).toHaveLength(34);
    expect(checkTronAddress(wrong)).toEqual({
      ok: false,
      message: 'This is not a TRON mainnet address (wrong version byte)',
    });
  });
});

describe('ERC-20 and BEP-20 addresses', () => {
  // The test vectors of EIP-55.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('computes and accepts EIP-55 checksums', () => {
    for (const address of vectors) {
      expect(toChecksumAddress(address.slice(2))).toBe(address);
      expect(checkEvmAddress(address, 'ERC-20').ok).toBe(true);
    }
  });

  it('accepts all-lower and all-upper case (no checksum claimed)', () => {
    expect(checkAddress('ERC20', vectors[0]!.toLowerCase()).ok).toBe(true);
    expect(checkAddress('BEP20', `0x${vectors[0]!.slice(2).toUpperCase()}`).ok).toBe(true);
  });

  it('refuses every one-letter case flip of a checksummed address, naming the network', () => {
    const good = vectors[1]!;
    for (let i = 2; i < good.length; i++) {
      const c = good[i]!;
      if (c.toLowerCase() === c.toUpperCase()) continue;
      const flipped = `${good.slice(0, i)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${good.slice(i + 1)}`;
      expect(checkAddress('BEP20', flipped)).toEqual({
        ok: false,
        message: 'This BEP-20 address has an invalid EIP-55 checksum; check it for typing mistakes',
      });
    }
  });

  it('refuses a one-digit typo of a checksummed address', () => {
    // 0x5aAeb… with its first digit changed: the checksum no longer matches the letters' case.
    expect(checkAddress('ERC20', '0x6aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatchObject({ ok: false });
  });

  it('refuses a mixed-case address with a wrong checksum, a short one and one without 0x', () => {
    expect(checkAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toMatchObject({ ok: false });
    expect(checkAddress('BEP20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toMatchObject({ ok: false });
    expect(checkAddress('ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatchObject({ ok: false });
    expect(checkAddress('TRC20', vectors[0]!)).toMatchObject({ ok: false });
  });
});
