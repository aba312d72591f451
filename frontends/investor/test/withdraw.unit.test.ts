import { describe, expect, it } from '@jest/globals';
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import { withFieldChecks } from '../src/shared/deposit/rules.ts';
import {
  maxWithdrawable,
  walletAddressProblem,
  withdrawalProblems,
  type WithdrawFormInput,
  type WithdrawFormValues,
} from '../src/shared/withdraw/rules.ts';

const tron = createBase58check(sha256);
const tronAddress = (version = 0x41, fill = 7) =>
  tron.encode(Uint8Array.from([version, ...Array.from({ length: 20 }, (_, i) => (i * fill) & 0xff)]));
const VALID = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BAD_CHECKSUM = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('the withdrawal amount', () => {
  const balance = '150.75000000';
  const amountProblem = (amount: string, b: string | null = balance) =>
    withdrawalProblems({ amount, walletAddress: VALID }, b).amount ?? null;

  it('is required, at least 1 and in whole cents', () => {
    expect(amountProblem('')).toBe('Amount is required');
    expect(amountProblem('0.5')).toBe('Amount must be at least 1');
    expect(amountProblem('10.001')).toBe('Amount can have at most 2 decimal places');
    expect(amountProblem('1')).toBeNull();
    expect(amountProblem('10.25')).toBeNull();
  });

  it('is at most the balance: above it reads Insufficient balance', () => {
    expect(amountProblem('150.75')).toBeNull();
    expect(amountProblem('150.76')).toBe('Insufficient balance');
    expect(amountProblem('5', '0.00000000')).toBe('Insufficient balance');
  });

  it('leaves the balance to the server when it is not known', () => {
    expect(amountProblem('999999', null)).toBeNull();
  });
});

describe('the destination address (checked in the browser as the wallet checks it)', () => {
  it('accepts a valid TRC-20 address', () => {
    expect(walletAddressProblem(VALID)).toBeNull();
    expect(walletAddressProblem(` ${tronAddress(0x41, 3)} `)).toBeNull();
  });

  it('refuses a wrong checksum', () => {
    expect(walletAddressProblem(BAD_CHECKSUM)).toMatch(/invalid checksum/);
  });

  it('refuses an ERC-20 address', () => {
    expect(walletAddressProblem(ERC20)).toMatch(/only TRC-20 \(TRON\) addresses are supported/);
  });

  it('refuses other mistakes with the check message', () => {
    expect(walletAddressProblem('')).toBe('Wallet address is required');
    expect(walletAddressProblem(VALID.slice(0, 33))).toMatch(/has 33/);
    expect(walletAddressProblem(tronAddress(0x42))).not.toBeNull();
  });
});

describe('the withdrawal form resolver', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as never;
  const resolver = (balance: string | null) =>
    withFieldChecks<WithdrawFormInput, WithdrawFormValues>(
      (values) => withdrawalProblems(values, balance),
      lazyZodResolver(() => import('../src/screens/withdraw/schemas.ts').then((m) => m.WithdrawalRequest)),
    );

  it('puts the address check message under the address field before anything is sent', async () => {
    const bad = await resolver('100.00000000')(
      { amount: '10', walletAddress: BAD_CHECKSUM },
      undefined,
      options,
    );
    expect(bad.errors.walletAddress?.message).toMatch(/invalid checksum/);
    expect(bad.errors.amount).toBeUndefined();
    const evm = await resolver('100.00000000')({ amount: '10', walletAddress: ERC20 }, undefined, options);
    expect(evm.errors.walletAddress?.message).toMatch(/ERC-20\/BEP-20/);
  });

  it('puts Insufficient balance under the amount', async () => {
    const result = await resolver('9.99000000')({ amount: '10', walletAddress: VALID }, undefined, options);
    expect(result.errors.amount?.message).toBe('Insufficient balance');
  });

  it('hands the contract output on for a valid request', async () => {
    const result = await resolver('100.00000000')(
      { amount: '12.5', walletAddress: ` ${VALID} ` },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ amount: '12.50000000', walletAddress: VALID });
  });
});

describe('the full-balance shortcut', () => {
  it('cuts the balance to whole cents, as a decimal string', () => {
    expect(maxWithdrawable('150.75999999')).toBe('150.75');
    expect(maxWithdrawable('20.00000000')).toBe('20.00');
    expect(maxWithdrawable('7')).toBe('7.00');
    expect(maxWithdrawable('0.99999999')).toBeNull();
    expect(maxWithdrawable('1.00000000')).toBe('1.00');
    expect(maxWithdrawable(null)).toBeNull();
    expect(maxWithdrawable('garbage')).toBeNull();
  });
});
