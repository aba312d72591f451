import { describe, expect, it } from '@jest/globals';
// The wallet owns the deposit-proof bucket and declares what it accepts.
import { DEPOSIT_PROOF_UPLOADS } from '../../../services/wallet/src/app/uploads.ts';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import {
  depositBody,
  depositProblems,
  networkName,
  PROOF_ACCEPT,
  PROOF_MAX_BYTES,
  transferAmountProblem,
  walletAvailability,
  withFieldChecks,
  type DepositFormInput,
  type DepositFormValues,
} from '../src/screens/deposit/rules.ts';

const settings = {
  id: '0190a4b2-0000-7000-8000-000000000001',
  usdtWalletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  networkType: 'TRC20' as const,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the amount rule (min 1, step 0.01, optional maximum)', () => {
  it.each([
    ['', 'Amount is required'],
    ['   ', 'Amount is required'],
    ['abc', 'Amount must be a number'],
    ['1e3', 'Amount must be a number'],
    ['-5', 'Amount must be a number'],
    ['0.99', 'Amount must be at least 1'],
    ['0', 'Amount must be at least 1'],
    ['1.005', 'Amount can have at most 2 decimal places'],
  ])('refuses %j', (value, message) => {
    expect(transferAmountProblem(value)).toBe(message);
  });

  it.each(['1', '1.00', '1.5', '250.25', '0001.10', ' 20 '])('accepts %j', (value) => {
    expect(transferAmountProblem(value)).toBeNull();
  });

  it('compares with the maximum in decimals, not floats', () => {
    expect(transferAmountProblem('100.01', '100.00000000')).toBe('Insufficient balance');
    expect(transferAmountProblem('100', '100.00000000')).toBeNull();
    expect(transferAmountProblem('0.30', '0.30000000')).toBe('Amount must be at least 1');
    expect(transferAmountProblem('12345678.91', '12345678.90999999')).toBe('Insufficient balance');
  });
});

describe('the deposit request', () => {
  it('sends the amount, the transaction id when given and the proof when uploaded', () => {
    expect(depositBody({ amount: '25.50000000', txid: null }, null)).toEqual({ amount: '25.50000000' });
    expect(depositBody({ amount: '25.50000000', txid: ' 0xabc ' }, 'deposit-proofs/u/k')).toEqual({
      amount: '25.50000000',
      txid: '0xabc',
      screenshotUrl: 'deposit-proofs/u/k',
    });
  });

  it('checks the form with the contract schema and the screen rule', async () => {
    const resolver = withFieldChecks<DepositFormInput, DepositFormValues>(
      depositProblems,
      lazyZodResolver(() => import('../src/screens/deposit/schemas.ts').then((m) => m.DepositRequest)),
    );
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    const empty = await resolver({ amount: '', txid: '' }, undefined, options);
    expect(empty.errors.amount?.message).toBe('Amount is required');
    const cents = await resolver({ amount: '10.123', txid: '' }, undefined, options);
    expect(cents.errors.amount?.message).toBe('Amount can have at most 2 decimal places');
    const good = await resolver({ amount: '10.5', txid: '  ' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ amount: '10.50000000', txid: null, screenshotUrl: null });
  });
});

describe('the proof upload', () => {
  it('accepts exactly what the wallet accepts for deposit proofs, up to its size cap', () => {
    const rule = DEPOSIT_PROOF_UPLOADS;
    expect(PROOF_MAX_BYTES).toBe(rule.maxBytes);
    expect(Object.keys(PROOF_ACCEPT).sort()).toEqual([...rule.types].sort());
  });
});

describe('the platform wallet', () => {
  it('is ready only when configured and active', () => {
    expect(walletAvailability(null)).toEqual({ ready: false, reason: 'not-configured' });
    expect(walletAvailability({ ...settings, usdtWalletAddress: ' ' })).toEqual({
      ready: false,
      reason: 'not-configured',
    });
    expect(walletAvailability({ ...settings, isActive: false })).toEqual({
      ready: false,
      reason: 'inactive',
    });
    expect(walletAvailability(settings)).toEqual({
      ready: true,
      address: settings.usdtWalletAddress,
      network: 'TRC20',
    });
  });

  it('names each network', () => {
    expect(networkName('TRC20')).toBe('TRON (TRC-20)');
    expect(networkName('ERC20')).toBe('Ethereum (ERC-20)');
    expect(networkName('BEP20')).toBe('BNB Smart Chain (BEP-20)');
  });
});
