// The chain's verdict in words (frontends/ui/src/chain-text.ts, shown by chain-verdict.tsx): per deposit (status,
// who credited it and the chain's verdict) and per verdict alone, a withdrawal's payout for admins and for its
// investor, a plan's recorded transfer for admins, the network names, and finality in minutes.
import { describe, expect, it } from '@jest/globals';
import type {
  DepositChainVerdict,
  FundingChainVerdict,
  WithdrawalChainVerdict,
} from '@cropvest/contracts/chain/model';
import { NETWORK_TYPES } from '@cropvest/contracts/chain/networks';
import {
  chainVerdictView,
  finalityDuration,
  finalityText,
  FUNDING_MISMATCH_REASONS,
  fundingVerdictView,
  investorPayoutView,
  isPayoutOpen,
  isVerdictOpen,
  NETWORK_ORDER,
  networkLabel,
  networkTitle,
  PAYOUT_MISMATCH_REASONS,
  payoutTxidAction,
  payoutVerdictView,
  sameAmount,
  type ChainVerdictSubject,
  type PayoutSubject,
} from '../src/chain-text.ts';
import { describeChainVerdict, REFUSAL_REASONS } from '../src/chain-verdict.tsx';
import { formatUsdtPrecise } from '../src/format.ts';

const TXID = 'ab'.repeat(32);

const verdict = (changes: Partial<DepositChainVerdict> = {}): DepositChainVerdict => ({
  status: 'checking',
  reason: null,
  message: null,
  confirmations: null,
  requiredConfirmations: null,
  amount: null,
  checkedAt: null,
  ...changes,
});

const deposit = (
  changes: Partial<Omit<ChainVerdictSubject, 'chain'>> = {},
  chain: Partial<DepositChainVerdict> = {},
): ChainVerdictSubject => ({
  status: 'pending',
  creditedBy: null,
  amount: '150.00000000',
  claimedAmount: '150.00000000',
  chain: verdict(chain),
  ...changes,
});

describe('a deposit in words (chainVerdictView)', () => {
  it('follows a claim from verifying to credited', () => {
    expect(chainVerdictView(deposit())).toMatchObject({
      text: 'Verifying on chain…',
      badge: 'Verifying',
      tone: 'blue',
      kind: 'working',
      progress: null,
      open: true,
    });
    expect(
      chainVerdictView(deposit({}, { status: 'confirming', confirmations: 2, requiredConfirmations: 3 })),
    ).toMatchObject({
      text: 'Confirming: 2 of 3 blocks',
      badge: 'Confirming 2/3',
      progress: { done: 2, required: 3 },
      open: true,
    });
    expect(chainVerdictView(deposit({}, { status: 'not_found_yet' }))).toMatchObject({
      text: 'Waiting for the transaction to appear',
      open: true,
    });
    expect(
      chainVerdictView(
        deposit({ status: 'approved', creditedBy: 'chain' }, { status: 'verified', amount: '150.00000000' }),
      ),
    ).toMatchObject({ text: 'Credited (verified on chain)', tone: 'green', amountNote: null, open: false });
  });

  it('never shows more confirmations than needed, and copes with none known', () => {
    expect(
      chainVerdictView(deposit({}, { status: 'confirming', confirmations: 5, requiredConfirmations: 3 })),
    ).toMatchObject({ text: 'Confirming: 3 of 3 blocks', progress: { done: 3, required: 3 } });
    expect(chainVerdictView(deposit({}, { status: 'confirming' }))).toMatchObject({
      text: 'Confirming on chain…',
      progress: null,
    });
    expect(
      chainVerdictView(deposit({}, { status: 'confirming', confirmations: 1, requiredConfirmations: 1 }))
        .text,
    ).toBe('Confirming: 1 of 1 block');
  });

  it('says who decides when the chain cannot', () => {
    expect(chainVerdictView(deposit({}, { status: 'not_found' }))).toMatchObject({
      text: 'Not found on chain — an admin will review it',
      kind: 'review',
      open: false,
    });
    expect(chainVerdictView(deposit({}, { status: 'no_txid' }))).toMatchObject({
      text: 'No transaction id — an admin will review it',
      open: false,
    });
    expect(chainVerdictView(deposit({}, { status: 'verified', amount: '5000.00000000' }))).toMatchObject({
      text: 'Verified on chain — waiting for an admin to approve it',
      open: false,
    });
  });

  it('gives the chain reason of a refusal', () => {
    const message = 'The transaction moved a token that is not USDT (contract T9y…); only USDT is credited.';
    expect(
      chainVerdictView(
        deposit({ status: 'rejected', rejectionReason: message } as Partial<ChainVerdictSubject>, {
          status: 'refused',
          reason: 'wrong_token',
          message,
        }),
      ),
    ).toMatchObject({ text: `Refused: ${message}`, badge: 'Refused', tone: 'red', open: false });
  });

  it('names an admin decision as such, whatever the chain said before', () => {
    expect(
      chainVerdictView(deposit({ status: 'approved', creditedBy: 'admin' }, { status: 'not_found' })).text,
    ).toBe('Approved by an admin');
    expect(chainVerdictView(deposit({ status: 'rejected' }, { status: 'checking' }))).toMatchObject({
      text: 'Rejected by an admin',
      open: false,
    });
  });

  it('marks deposits decided before chain verification', () => {
    expect(
      chainVerdictView(deposit({ status: 'approved', creditedBy: 'admin' }, { status: 'unchecked' })).text,
    ).toBe('Checked before chain verification');
    expect(chainVerdictView(deposit({}, { status: 'unchecked' })).text).toBe(
      'Claimed before chain verification — an admin will review it',
    );
  });

  it('says what was credited when the chain moved another amount than the one typed', () => {
    const credited = deposit(
      { status: 'approved', creditedBy: 'chain', amount: '149.5', claimedAmount: '150.00000000' },
      { status: 'verified', amount: '149.50000000' },
    );
    expect(chainVerdictView(credited).amountNote).toBe(
      'You entered 150.00 USDT; the transaction moved 149.50 USDT, which was credited',
    );
    const waiting = deposit(
      { amount: '1500.004', claimedAmount: '1500' },
      { status: 'verified', amount: '1500.00400000' },
    );
    expect(chainVerdictView(waiting).amountNote).toBe(
      'You entered 1,500.00 USDT; the transaction moved 1,500.004 USDT, which is what will be credited',
    );
    // The same amount written differently is no difference.
    expect(
      chainVerdictView(deposit({ claimedAmount: '150.5' }, { status: 'verified', amount: '150.50000000' }))
        .amountNote,
    ).toBeNull();
  });

  it('is open only while the chain still works on a pending deposit', () => {
    for (const status of ['checking', 'confirming', 'not_found_yet'] as const) {
      expect(isVerdictOpen(deposit({}, { status }))).toBe(true);
      expect(isVerdictOpen(deposit({ status: 'rejected' }, { status }))).toBe(false);
    }
    for (const status of ['unchecked', 'no_txid', 'not_found', 'verified', 'refused'] as const)
      expect(isVerdictOpen(deposit({}, { status }))).toBe(false);
  });
});

describe('amounts compared as decimal text', () => {
  it.each([
    ['150', '150.00000000', true],
    ['0150.50', '150.5', true],
    ['0.10', '0.1', true],
    ['150.00000001', '150', false],
    ['12345678.90000000', '12345678.9', true],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameAmount(a, b)).toBe(same);
  });

  it('shows every decimal where cents would hide one', () => {
    expect(formatUsdtPrecise('1500.00400000')).toBe('1,500.004 USDT');
    expect(formatUsdtPrecise('150.5')).toBe('150.50 USDT');
    expect(formatUsdtPrecise('0.12345678')).toBe('0.12345678 USDT');
    expect(formatUsdtPrecise(null)).toBe('—');
  });
});

describe('networks', () => {
  it('names each network with its chain', () => {
    expect(networkLabel('BEP20')).toBe('BEP-20');
    expect(networkTitle('TRC20')).toBe('TRON (TRC-20)');
    expect([...NETWORK_ORDER].sort()).toEqual([...NETWORK_TYPES].sort());
    expect(NETWORK_ORDER[0]).toBe('TRC20');
  });

  it('says how long finality takes, in whole minutes and blocks', () => {
    expect(finalityDuration(2)).toBe('about 1 minute');
    expect(finalityDuration(57)).toBe('about 1 minute');
    expect(finalityDuration(144)).toBe('about 2 minutes');
    expect(finalityText({ monitored: true, finalitySeconds: 57, confirmations: 19 })).toBe(
      'Credited about 1 minute after your transfer, once it is final (19 blocks).',
    );
    expect(finalityText({ monitored: true, finalitySeconds: 1, confirmations: 1 })).toBe(
      'Credited about 1 minute after your transfer, once it is final (1 block).',
    );
    expect(finalityText({ monitored: false, finalitySeconds: 57, confirmations: 19 })).toMatch(
      /an admin checks them/,
    );
  });
});

describe('the verdict alone (describeChainVerdict)', () => {
  it('names the amount and the confirmations of a verified transaction', () => {
    expect(
      describeChainVerdict(
        verdict({
          status: 'verified',
          amount: '1500.00000000',
          confirmations: 12,
          requiredConfirmations: 12,
        }),
      ),
    ).toEqual({
      label: 'Verified',
      tone: 'green',
      text: 'Verified on chain: 1,500.00 USDT received, 12 confirmations.',
      verified: true,
    });
  });

  it('counts the confirmations of one still confirming', () => {
    const view = describeChainVerdict(
      verdict({ status: 'confirming', confirmations: 3, requiredConfirmations: 12 }),
    );
    expect(view).toMatchObject({ label: 'Confirming', text: 'Confirming: 3 of 12 confirmations.' });
    expect(view.verified).toBe(false);
  });

  it("uses the chain's own message for a transaction it cannot find", () => {
    expect(
      describeChainVerdict(
        verdict({ status: 'not_found_yet', message: 'Waiting for the transaction to appear on TRC-20.' }),
      ),
    ).toMatchObject({ label: 'Not found yet', text: 'Waiting for the transaction to appear on TRC-20.' });
    expect(describeChainVerdict(verdict({ status: 'not_found' }))).toMatchObject({
      label: 'Not found on chain',
      verified: false,
    });
  });

  it('gives the reason of a refusal, from the message or else from the reason code', () => {
    expect(
      describeChainVerdict(
        verdict({ status: 'refused', reason: 'wrong_token', message: 'Not USDT (contract 0xabc).' }),
      ),
    ).toMatchObject({ label: 'Refused', tone: 'red', text: 'Not USDT (contract 0xabc).' });
    expect(describeChainVerdict(verdict({ status: 'refused', reason: 'already_claimed' })).text).toBe(
      REFUSAL_REASONS.already_claimed,
    );
  });

  it('says when there was nothing to verify, and counts nothing but a final verification as verified', () => {
    expect(describeChainVerdict(verdict({ status: 'no_txid' })).label).toBe('No transaction id');
    expect(describeChainVerdict(verdict({ status: 'unchecked' })).label).toBe('Unchecked');
    expect(describeChainVerdict(verdict({ status: 'checking' })).label).toBe('Checking');
    for (const status of [
      'unchecked',
      'no_txid',
      'checking',
      'confirming',
      'not_found_yet',
      'not_found',
      'refused',
    ] as const)
      expect(describeChainVerdict(verdict({ status })).verified).toBe(false);
  });
});

describe("a withdrawal's payout, as an admin reads it (payoutVerdictView)", () => {
  const payout = (
    changes: Partial<Omit<PayoutSubject, 'chain'>> = {},
    chain: Partial<WithdrawalChainVerdict> = {},
  ): PayoutSubject => ({
    status: 'approved',
    txid: TXID,
    chain: {
      status: 'checking',
      reason: null,
      message: null,
      confirmations: null,
      requiredConfirmations: null,
      checkedAt: null,
      ...chain,
    },
    ...changes,
  });

  it('says nothing before the withdrawal is approved', () => {
    expect(payoutVerdictView(payout({ status: 'pending', txid: null }, { status: 'no_txid' }))).toBeNull();
    expect(payoutVerdictView(payout({ status: 'rejected', txid: null }, { status: 'no_txid' }))).toBeNull();
  });

  it('follows a payout from verifying to verified, with its confirmations', () => {
    expect(payoutVerdictView(payout())).toMatchObject({
      text: 'Verifying on chain…',
      kind: 'working',
      open: true,
      alarm: false,
    });
    expect(
      payoutVerdictView(payout({}, { status: 'confirming', confirmations: 2, requiredConfirmations: 3 })),
    ).toMatchObject({
      text: 'Confirming: 2 of 3 blocks',
      badge: 'Confirming 2/3',
      progress: { done: 2, required: 3 },
      open: true,
    });
    expect(payoutVerdictView(payout({}, { status: 'not_found_yet' }))).toMatchObject({
      text: 'Waiting for the transaction to appear',
      open: true,
    });
    expect(
      payoutVerdictView(payout({}, { status: 'verified', confirmations: 3, requiredConfirmations: 3 })),
    ).toEqual({
      badge: 'Verified',
      text: 'Payout verified on chain, 3 confirmations',
      tone: 'green',
      kind: 'done',
      progress: null,
      alarm: false,
      open: false,
    });
    expect(payoutVerdictView(payout({}, { status: 'verified', confirmations: 1 }))?.text).toBe(
      'Payout verified on chain, 1 confirmation',
    );
  });

  it("shows a mismatch red and prominent, with the chain's reason or else the reason code's", () => {
    const message = 'The transaction paid 29 USDT; the withdrawal is 30 USDT.';
    expect(payoutVerdictView(payout({}, { status: 'mismatch', reason: 'wrong_amount', message }))).toEqual({
      badge: 'Does not match',
      text: `Payout does not match: ${message}`,
      tone: 'red',
      kind: 'refused',
      progress: null,
      alarm: true,
      open: false,
    });
    expect(payoutVerdictView(payout({}, { status: 'mismatch', reason: 'not_from_platform' }))?.text).toBe(
      `Payout does not match: ${PAYOUT_MISMATCH_REASONS.not_from_platform}`,
    );
    expect(payoutVerdictView(payout({}, { status: 'mismatch' }))?.text).toBe(
      'Payout does not match: the transaction does not pay this withdrawal.',
    );
  });

  it('says what an admin has to do when the chain cannot verify the payout', () => {
    expect(payoutVerdictView(payout({}, { status: 'not_found' }))).toMatchObject({
      text: 'Not found on chain — check the transaction id',
      kind: 'review',
      open: false,
    });
    expect(payoutVerdictView(payout({ txid: null }, { status: 'no_txid' }))).toMatchObject({
      text: 'Transfer not verified — no transaction id',
      badge: 'Not verified',
      tone: 'yellow',
      open: false,
    });
    expect(payoutVerdictView(payout({ txid: null }, { status: 'unchecked' }))).toMatchObject({
      text: 'Approved before chain verification',
      tone: 'gray',
      open: false,
    });
  });

  it('offers to add or correct the transaction id exactly when the wallet takes one', () => {
    expect(payoutTxidAction(payout({ txid: null }, { status: 'no_txid' }))).toBe('add');
    expect(payoutTxidAction(payout({ txid: null }, { status: 'unchecked' }))).toBe('add');
    expect(payoutTxidAction(payout({}, { status: 'unchecked' }))).toBe('correct');
    expect(payoutTxidAction(payout({}, { status: 'not_found' }))).toBe('correct');
    expect(payoutTxidAction(payout({}, { status: 'mismatch', reason: 'wrong_amount' }))).toBe('correct');
    for (const status of ['checking', 'confirming', 'not_found_yet', 'verified'] as const)
      expect(payoutTxidAction(payout({}, { status }))).toBeNull();
    expect(payoutTxidAction(payout({ status: 'pending', txid: null }, { status: 'no_txid' }))).toBeNull();
  });

  it('is open only while the chain still works on an approved payout', () => {
    for (const status of ['checking', 'confirming', 'not_found_yet'] as const) {
      expect(isPayoutOpen(payout({}, { status }))).toBe(true);
      expect(isPayoutOpen(payout({ status: 'pending' }, { status }))).toBe(false);
    }
    for (const status of ['unchecked', 'no_txid', 'not_found', 'verified', 'mismatch'] as const)
      expect(isPayoutOpen(payout({}, { status }))).toBe(false);
  });

  describe('as its investor reads it (investorPayoutView)', () => {
    it('says "Paid — verified on chain" with the transaction id once verified', () => {
      expect(
        investorPayoutView(payout({}, { status: 'verified', confirmations: 3, requiredConfirmations: 3 })),
      ).toMatchObject({ text: 'Paid — verified on chain', tone: 'green', kind: 'done', showTxid: true });
    });

    it('follows the transfer on chain in plain words', () => {
      expect(investorPayoutView(payout())).toMatchObject({
        text: 'Sent — being verified on chain',
        open: true,
        showTxid: true,
      });
      expect(
        investorPayoutView(payout({}, { status: 'confirming', confirmations: 1, requiredConfirmations: 3 })),
      ).toMatchObject({
        text: 'Sent — confirming on chain: 1 of 3 blocks',
        progress: { done: 1, required: 3 },
      });
      expect(investorPayoutView(payout({}, { status: 'not_found_yet' }))?.text).toBe(
        'Sent — waiting for the transfer to appear on chain',
      );
      expect(investorPayoutView(payout({ txid: null }, { status: 'no_txid' }))).toMatchObject({
        text: 'Approved — verification on chain to follow',
        showTxid: false,
      });
      expect(investorPayoutView(payout({}, { status: 'unchecked' }))).toMatchObject({
        text: 'Approved by our team',
        showTxid: true,
      });
    });

    it('never alarms: a payout the chain could not match is being checked, and its id is not shown', () => {
      for (const chain of [
        { status: 'mismatch', reason: 'wrong_amount', message: 'The transaction paid 29 USDT.' },
        { status: 'not_found', message: 'Not found on chain: no TRC-20 node knows this transaction.' },
      ] as const) {
        const view = investorPayoutView(payout({}, chain));
        expect(view).toMatchObject({
          text: 'Being checked by our team',
          alarm: false,
          showTxid: false,
        });
        expect(view?.tone).not.toBe('red');
        expect(view?.text).not.toMatch(/match|wrong|fail|not found/i);
      }
    });

    it('says nothing before the withdrawal is approved', () => {
      expect(investorPayoutView(payout({ status: 'pending', txid: null }, { status: 'no_txid' }))).toBeNull();
    });
  });
});

describe("a plan's recorded transfer, as an admin reads it (fundingVerdictView)", () => {
  const funding = (changes: Partial<FundingChainVerdict> = {}): FundingChainVerdict => ({
    status: 'checking',
    reason: null,
    message: null,
    confirmations: null,
    requiredConfirmations: null,
    checkedAt: null,
    ...changes,
  });

  it('follows a transfer from verifying to verified, open while the chain works on it', () => {
    expect(fundingVerdictView(funding())).toMatchObject({ text: 'Verifying on chain…', open: true });
    expect(
      fundingVerdictView(funding({ status: 'confirming', confirmations: 1, requiredConfirmations: 3 })),
    ).toMatchObject({ badge: 'Confirming 1/3', progress: { done: 1, required: 3 }, open: true });
    expect(fundingVerdictView(funding({ status: 'verified', confirmations: 3 }))).toMatchObject({
      badge: 'Verified',
      text: 'Verified on chain, 3 confirmations',
      tone: 'green',
      open: false,
      alarm: false,
    });
    expect(fundingVerdictView(funding({ status: 'not_found' }))).toMatchObject({
      kind: 'review',
      open: false,
    });
  });

  it("words a mismatch for the record, the chain's message first, and money off chain plainly", () => {
    expect(fundingVerdictView(funding({ status: 'mismatch', reason: 'wrong_recipient' }))).toMatchObject({
      text: `Does not match the record: ${FUNDING_MISMATCH_REASONS.wrong_recipient}`,
      tone: 'red',
      alarm: true,
    });
    expect(
      fundingVerdictView(funding({ status: 'mismatch', reason: 'wrong_amount', message: 'Moved 10 USDT' }))
        .text,
    ).toBe('Does not match the record: Moved 10 USDT');
    expect(fundingVerdictView(funding({ status: 'no_txid' }))).toMatchObject({
      badge: 'Off chain',
      open: false,
      alarm: false,
    });
  });
});
