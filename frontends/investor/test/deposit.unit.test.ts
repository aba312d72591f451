import { describe, expect, it } from '@jest/globals';
// The wallet owns the deposit-proof bucket and declares what it accepts.
import { DEPOSIT_PROOF_UPLOADS } from '../../../services/wallet/src/app/uploads.ts';
import type { ChainNetwork, DepositChainVerdict } from '@cropvest/contracts/chain/model';
import type { Deposit } from '@cropvest/contracts/wallet/model';
import type { ApiError } from '@cropvest/web-kit/errors';
import {
  chosenNetwork,
  depositBody,
  depositChanges,
  depositFailure,
  depositNetworks,
  depositPollMs,
  depositProblems,
  depositResolver,
  PROOF_ACCEPT,
  PROOF_MAX_BYTES,
  transferAmountProblem,
  txidProblem,
  VERDICT_POLL_MS,
  type DepositFormInput,
} from '../src/shared/deposit/rules.ts';

const TRON_TXID = 'a'.repeat(64);
const EVM_TXID = `0x${'B'.repeat(64)}`;

const network = (name: ChainNetwork['network'], changes: Partial<ChainNetwork> = {}): ChainNetwork => ({
  network: name,
  label: { TRC20: 'TRC-20', ERC20: 'ERC-20', BEP20: 'BEP-20' }[name],
  chainName: { TRC20: 'TRON', ERC20: 'Ethereum', BEP20: 'BNB Smart Chain' }[name],
  depositAddress: `${name}-address`,
  acceptsDeposits: true,
  acceptsWithdrawals: name === 'TRC20',
  monitored: true,
  usdtContract: `${name}-usdt`,
  decimals: 6,
  confirmations: 19,
  finalitySeconds: 57,
  explorerTxUrl: null,
  ...changes,
});

const verdict = (status: DepositChainVerdict['status']): DepositChainVerdict => ({
  status,
  reason: null,
  message: null,
  confirmations: null,
  requiredConfirmations: null,
  amount: null,
  checkedAt: null,
});

const deposit = (
  id: string,
  status: Deposit['status'],
  chain: DepositChainVerdict['status'] = 'checking',
): Deposit => ({
  id,
  userId: '0190a4b2-0000-7000-8000-00000000000u',
  amount: '150.00000000',
  claimedAmount: '150.00000000',
  network: 'TRC20',
  txid: TRON_TXID,
  screenshotUrl: null,
  status,
  approvedBy: null,
  approvedAt: null,
  creditedBy: status === 'approved' ? 'chain' : null,
  rejectionReason: null,
  chain: verdict(chain),
  createdAt: '2026-11-26T12:00:00.000Z',
});

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

describe('the transaction id, checked for the chosen network', () => {
  it('is optional', () => {
    expect(txidProblem('TRC20', '')).toBeNull();
    expect(txidProblem('TRC20', '   ')).toBeNull();
  });

  it("takes each network's form, with or without 0x, in either case", () => {
    expect(txidProblem('TRC20', TRON_TXID)).toBeNull();
    expect(txidProblem('ERC20', EVM_TXID)).toBeNull();
    expect(txidProblem('BEP20', TRON_TXID)).toBeNull();
  });

  it("refuses a malformed one with the contract's message", () => {
    expect(txidProblem('TRC20', 'tx-123')).toBe(
      'A transaction id is made of the digits 0-9 and the letters a-f only',
    );
    expect(txidProblem('TRC20', 'abc')).toBe(
      'A TRC-20 transaction id has 64 hexadecimal digits; this one has 3',
    );
    expect(txidProblem('ERC20', '0xabc')).toBe(
      'A ERC-20 transaction id has 64 hexadecimal digits after 0x; this one has 3',
    );
  });

  it('checks the amount and the transaction id together', () => {
    expect(depositProblems({ amount: '', txid: 'nope', network: 'TRC20' })).toEqual({
      amount: 'Amount is required',
      txid: 'A transaction id is made of the digits 0-9 and the letters a-f only',
    });
  });
});

describe('the deposit request', () => {
  it('sends the amount, the network, the transaction id when given and the proof when uploaded', () => {
    expect(depositBody({ amount: '25.50000000', txid: null, network: 'TRC20' }, null)).toEqual({
      amount: '25.50000000',
      network: 'TRC20',
    });
    expect(
      depositBody({ amount: '25.50000000', txid: ` ${EVM_TXID} `, network: 'ERC20' }, 'deposit-proofs/u/k'),
    ).toEqual({
      amount: '25.50000000',
      network: 'ERC20',
      txid: EVM_TXID,
      screenshotUrl: 'deposit-proofs/u/k',
    });
  });

  it('checks the form with the contract schema and the screen rules, for the network chosen', async () => {
    const resolver = depositResolver(() => import('../src/screens/deposit/schemas.ts'));
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    const check = (values: DepositFormInput) => resolver(values, undefined, options);

    const empty = await check({ amount: '', txid: '', network: 'TRC20' });
    expect(empty.errors.amount?.message).toBe('Amount is required');
    const cents = await check({ amount: '10.123', txid: '', network: 'TRC20' });
    expect(cents.errors.amount?.message).toBe('Amount can have at most 2 decimal places');
    // A malformed id is refused under its field even while the amount is wrong too.
    const both = await check({ amount: '', txid: 'tx-1', network: 'TRC20' });
    expect(both.errors.txid?.message).toBe(
      'A transaction id is made of the digits 0-9 and the letters a-f only',
    );

    const noTxid = await check({ amount: '10.5', txid: '  ', network: 'TRC20' });
    expect(noTxid.errors).toEqual({});
    expect(noTxid.values).toEqual({
      amount: '10.50000000',
      network: 'TRC20',
      txid: null,
      screenshotUrl: null,
    });
    // The contract writes the id in its network's form: TRON without 0x, EVM with it, lower case.
    const tron = await check({ amount: '150', txid: `0x${'A'.repeat(64)}`, network: 'TRC20' });
    expect(tron.values).toMatchObject({ network: 'TRC20', txid: 'a'.repeat(64) });
    const evm = await check({ amount: '150', txid: 'B'.repeat(64), network: 'BEP20' });
    expect(evm.values).toMatchObject({ network: 'BEP20', txid: `0x${'b'.repeat(64)}` });
  });

  it('shows a claimed transaction id under its field, a closed network as a toast, anything else as usual', () => {
    const FAILED = 'Failed to submit deposit request';
    const refusal = (status: number, code: string, serverMessage: string): ApiError => ({
      status,
      message: `${status}: {}`,
      code,
      serverMessage,
    });
    expect(
      depositFailure(
        refusal(409, 'TXID_CLAIMED', 'This transaction id has already been claimed by another deposit'),
        FAILED,
      ),
    ).toEqual({ field: 'txid', message: 'This transaction id has already been claimed by another deposit' });
    expect(
      depositFailure(
        refusal(409, 'DEPOSITS_NOT_ACCEPTED', 'Deposits on ERC-20 are not accepted at the moment'),
        FAILED,
      ),
    ).toEqual({ toast: 'Deposits on ERC-20 are not accepted at the moment', refreshNetworks: true });
    expect(depositFailure({ status: 409, message: '409: ', code: 'DEPOSITS_NOT_ACCEPTED' }, FAILED)).toEqual({
      toast: FAILED,
      refreshNetworks: true,
    });
    expect(depositFailure(refusal(400, 'VALIDATION_FAILED', 'Invalid'), FAILED)).toEqual({ report: true });
    expect(depositFailure(new Error('boom'), FAILED)).toEqual({ report: true });
  });
});

describe('the proof upload', () => {
  it('accepts exactly what the wallet accepts for deposit proofs, up to its size cap', () => {
    const rule = DEPOSIT_PROOF_UPLOADS;
    expect(PROOF_MAX_BYTES).toBe(rule.maxBytes);
    expect(Object.keys(PROOF_ACCEPT).sort()).toEqual([...rule.types].sort());
  });
});

describe('the networks that take deposits', () => {
  it('offers those that accept deposits and have an address, TRC-20 first', () => {
    const available = depositNetworks([
      network('BEP20'),
      network('ERC20', { acceptsDeposits: false }),
      network('TRC20'),
    ]);
    expect(available.open && available.networks.map((n) => n.network)).toEqual(['TRC20', 'BEP20']);
    expect(
      depositNetworks([
        network('TRC20', { depositAddress: null }),
        network('ERC20', { depositAddress: ' ' }),
      ]),
    ).toEqual({ open: false, reason: 'not-configured' });
  });

  it('says deposits are paused when addresses exist but no network takes deposits', () => {
    expect(
      depositNetworks([
        network('TRC20', { acceptsDeposits: false }),
        network('ERC20', { depositAddress: null }),
      ]),
    ).toEqual({ open: false, reason: 'paused' });
    expect(depositNetworks([])).toEqual({ open: false, reason: 'not-configured' });
  });

  it('keeps the network chosen while it takes deposits, else falls back to the first', () => {
    const networks = [network('TRC20'), network('ERC20')];
    expect(chosenNetwork(networks, null)?.network).toBe('TRC20');
    expect(chosenNetwork(networks, 'ERC20')?.network).toBe('ERC20');
    expect(chosenNetwork(networks, 'BEP20')?.network).toBe('TRC20');
    expect(chosenNetwork([], 'TRC20')).toBeNull();
  });
});

describe('watching deposits while the chain works', () => {
  it('polls while a deposit shown is checking, confirming or not found yet, and not otherwise', () => {
    expect(depositPollMs(undefined)).toBe(0);
    expect(depositPollMs([])).toBe(0);
    for (const status of ['checking', 'confirming', 'not_found_yet'] as const)
      expect(depositPollMs([deposit('a', 'approved', 'verified'), deposit('b', 'pending', status)])).toBe(
        VERDICT_POLL_MS,
      );
    for (const status of ['no_txid', 'not_found', 'verified', 'unchecked'] as const)
      expect(depositPollMs([deposit('b', 'pending', status)])).toBe(0);
    expect(depositPollMs([deposit('c', 'rejected', 'refused'), deposit('d', 'approved', 'verified')])).toBe(
      0,
    );
    expect(VERDICT_POLL_MS).toBeLessThanOrEqual(2000);
  });

  it('reports a deposit credited or decided since it was last seen, never one seen the first time', () => {
    const seen = new Map<string, Deposit['status']>([
      ['credited', 'pending'],
      ['refused', 'pending'],
      ['still', 'pending'],
      ['old', 'approved'],
    ]);
    expect(
      depositChanges(seen, [
        deposit('credited', 'approved', 'verified'),
        deposit('refused', 'rejected', 'refused'),
        deposit('still', 'pending', 'confirming'),
        deposit('old', 'approved', 'verified'),
        deposit('new', 'approved', 'verified'),
      ]),
    ).toEqual({ credited: ['credited'], decided: ['credited', 'refused'] });
    expect(depositChanges(new Map(), [deposit('x', 'approved')])).toEqual({ credited: [], decided: [] });
  });
});
