// The admin desk's pure rules for money the chain verifies (docs/decisions/0060, 0080, 0081): the four-eyes stage
// both queues share, what an admin is told before approving a deposit the chain has not verified, the claimed
// amount beside the credited one, explorer links per network, the Approve form's TRC-20 transaction id and the one
// added after the approval with its explorer link, the wallets per network, and the chain's own entries in the
// audit trail.
import { describe, expect, it } from '@jest/globals';
import type { DepositChainVerdict } from '@cropvest/contracts/chain/model';
import { CHAIN_ACTOR_ID, CHAIN_ACTOR_NAME, checkTxid } from '@cropvest/contracts/chain/networks';
import type { WalletSettings } from '@cropvest/contracts/wallet/model';
import { createIntl } from '@formatjs/intl';
import { approvalStage, approveLabel } from '../src/shared/review-queue/four-eyes.ts';
import { claimedDiffers, explorerLinkOf, unverifiedBecause } from '../src/screens/deposits/rules.ts';
import depositsEnglish from '../src/screens/deposits/messages/en.json';
import reviewQueueEnglish from '../src/shared/review-queue/messages/en.json';
import auditEnglish from '../src/shared/audit/messages/en.json';
import { approvalBody, payoutExplorerLink, rejectionBody } from '../src/screens/withdrawals/rules.ts';
import { PayoutTxidForm, RequiredPayoutTxidForm } from '../src/screens/withdrawals/schemas.ts';
import { hasActiveWallet, networksWithout, walletOn } from '../src/screens/wallets/networks.ts';
import { actorDetail, actorName, bySystem, SYSTEM_ACTOR_OPTION } from '../src/shared/audit/labels.ts';

const ME = '0190a4b2-0000-7000-8000-00000000000a';
const OTHER = '0190a4b2-0000-7000-8000-00000000000b';
const TXID = 'ab'.repeat(32);

/** The deposits' English messages, as the screen's `text` formats them. */
const depositsIntl = createIntl({ locale: 'en', messages: depositsEnglish });
const depositsText = (id: keyof typeof depositsEnglish, values?: Record<string, string | number>) =>
  depositsIntl.formatMessage({ id }, values);

const verdict = (changes: Partial<DepositChainVerdict>): DepositChainVerdict => ({
  status: 'checking',
  reason: null,
  message: null,
  confirmations: null,
  requiredConfirmations: null,
  amount: null,
  checkedAt: null,
  ...changes,
});

describe('the four-eyes stage of a deposit or a withdrawal', () => {
  const request = (changes: Partial<Parameters<typeof approvalStage>[0]> = {}) => ({
    status: 'pending' as const,
    requiresSecondApproval: false,
    firstApprovedBy: null,
    ...changes,
  });

  it('needs one approval below the threshold and two above it', () => {
    expect(approvalStage(request(), ME)).toBe('single');
    expect(approvalStage(request({ requiresSecondApproval: true }), ME)).toBe('first');
    expect(reviewQueueEnglish[approveLabel('first')]).toBe('Approve (1 of 2)');
  });

  it('leaves the second approval to another admin than the first', () => {
    const held = request({ requiresSecondApproval: true, firstApprovedBy: ME });
    expect(approvalStage(held, ME)).toBe('waiting-for-another-admin');
    expect(approvalStage(held, OTHER)).toBe('second');
    expect(reviewQueueEnglish[approveLabel('second')]).toBe('Approve (2 of 2)');
  });

  it('offers nothing once the request is decided', () => {
    expect(approvalStage(request({ status: 'approved' }), ME)).toBe('done');
    expect(approvalStage(request({ status: 'rejected', firstApprovedBy: OTHER }), ME)).toBe('done');
  });
});

describe('approving a deposit the chain has not verified', () => {
  it('asks nothing more of a verified transaction', () => {
    expect(unverifiedBecause(verdict({ status: 'verified', confirmations: 12 }), depositsText)).toBeNull();
  });

  it.each([
    [verdict({ status: 'no_txid' }), 'the investor gave no transaction id, so there was nothing to look up'],
    [verdict({ status: 'checking' }), 'it is still being looked up'],
    [
      verdict({ status: 'confirming', confirmations: 3, requiredConfirmations: 12 }),
      'it is not final yet (3 of 12 confirmations)',
    ],
    [verdict({ status: 'not_found_yet' }), 'no node knows it yet'],
    [verdict({ status: 'not_found' }), 'it was not found on chain'],
    [verdict({ status: 'unchecked' }), 'it was claimed before deposits were verified on chain'],
  ])('names the verdict %#', (chain, because) => {
    expect(unverifiedBecause(chain, depositsText)).toBe(because);
  });
});

describe('a deposit row', () => {
  it('shows the claimed amount only when it is not what is credited', () => {
    expect(claimedDiffers({ amount: '150.00000000', claimedAmount: '150' })).toBe(false);
    expect(claimedDiffers({ amount: '149.50000000', claimedAmount: '150.00000000' })).toBe(true);
  });

  it("links the transaction to its network's explorer, and nowhere without one", () => {
    const networks = [
      { network: 'TRC20' as const, explorerTxUrl: 'https://tronscan.org/#/transaction/{txid}' },
      { network: 'ERC20' as const, explorerTxUrl: 'https://etherscan.io/tx/{txid}' },
      { network: 'BEP20' as const, explorerTxUrl: null },
    ];
    expect(explorerLinkOf({ network: 'TRC20', txid: TXID }, networks)).toBe(
      `https://tronscan.org/#/transaction/${TXID}`,
    );
    expect(explorerLinkOf({ network: 'ERC20', txid: `0x${TXID}` }, networks)).toBe(
      `https://etherscan.io/tx/0x${TXID}`,
    );
    expect(explorerLinkOf({ network: 'BEP20', txid: `0x${TXID}` }, networks)).toBeNull();
    expect(explorerLinkOf({ network: 'TRC20', txid: null }, networks)).toBeNull();
    expect(explorerLinkOf({ network: 'TRC20', txid: TXID }, undefined)).toBeNull();
  });
});

describe("the withdrawal Approve form's transaction id", () => {
  it('may be left blank', () => {
    expect(PayoutTxidForm.parse({ txid: '   ' })).toEqual({ txid: null });
    expect(approvalBody(null)).toEqual({ status: 'approved' });
  });

  it('is written as the wallet stores a TRC-20 transaction id', () => {
    expect(PayoutTxidForm.parse({ txid: `  0x${TXID.toUpperCase()} ` })).toEqual({ txid: TXID });
    expect(approvalBody(TXID)).toEqual({ status: 'approved', txid: TXID });
  });

  it("is refused in the browser with the contract's message when it is not 64 hexadecimal digits", () => {
    for (const typed of ['0xdeskpaid', 'ab'.repeat(31), `${TXID}zz`]) {
      const result = PayoutTxidForm.safeParse({ txid: typed });
      expect(result.success).toBe(false);
      const check = checkTxid('TRC20', typed);
      expect(check.ok).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['txid'],
        message: check.ok ? '' : check.message,
      });
    }
  });

  it('sends a trimmed rejection reason, or none', () => {
    expect(rejectionBody('  Address not on the allow list ')).toEqual({
      status: 'rejected',
      rejectionReason: 'Address not on the allow list',
    });
    expect(rejectionBody('  ')).toEqual({ status: 'rejected' });
  });
});

describe("a payout's transaction id given after the approval", () => {
  it('is required, and written as the wallet stores a TRC-20 transaction id', () => {
    const blank = RequiredPayoutTxidForm.safeParse({ txid: '  ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]).toMatchObject({ path: ['txid'], message: 'Transaction id is required' });
    expect(RequiredPayoutTxidForm.parse({ txid: ` 0X${TXID.toUpperCase()}` })).toEqual({ txid: TXID });
  });

  it("is refused in the browser with the contract's message when it is not a TRC-20 id", () => {
    const typed = `0x${'ab'.repeat(32)}cd`;
    const check = checkTxid('TRC20', typed);
    expect(RequiredPayoutTxidForm.safeParse({ txid: typed }).error?.issues[0]).toMatchObject({
      path: ['txid'],
      message: check.ok ? '' : check.message,
    });
  });

  it("links to the TRC-20 explorer's page of the payout where one is configured", () => {
    const networks = [
      { network: 'ERC20' as const, explorerTxUrl: 'https://etherscan.io/tx/{txid}' },
      { network: 'TRC20' as const, explorerTxUrl: 'https://tronscan.org/#/transaction/{txid}' },
    ];
    expect(payoutExplorerLink({ txid: TXID }, networks)).toBe(`https://tronscan.org/#/transaction/${TXID}`);
    expect(payoutExplorerLink({ txid: null }, networks)).toBeNull();
    expect(payoutExplorerLink({ txid: TXID }, [{ network: 'TRC20', explorerTxUrl: null }])).toBeNull();
    expect(payoutExplorerLink({ txid: TXID }, undefined)).toBeNull();
  });
});

describe('wallets per network', () => {
  const wallet = (networkType: WalletSettings['networkType'], isActive: boolean): WalletSettings => ({
    id: `0190a4b2-0000-7000-8000-0000000000${networkType === 'TRC20' ? '01' : '02'}`,
    usdtWalletAddress: networkType === 'TRC20' ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' : `0x${'1'.repeat(40)}`,
    networkType,
    isActive,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  });

  it('offers Add Wallet only for the networks without one', () => {
    expect(networksWithout([])).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(networksWithout([wallet('TRC20', true), wallet('ERC20', false)])).toEqual(['BEP20']);
  });

  it('finds the wallet of a network and whether it is active', () => {
    const wallets = [wallet('TRC20', true), wallet('ERC20', false)];
    expect(walletOn(wallets, 'ERC20')?.isActive).toBe(false);
    expect(walletOn(wallets, 'BEP20')).toBeNull();
    expect(hasActiveWallet(wallets, 'TRC20')).toBe(true);
    expect(hasActiveWallet(wallets, 'ERC20')).toBe(false);
    expect(hasActiveWallet(undefined, 'TRC20')).toBe(false);
  });
});

/** The audit trail's English messages, as its components' `text` formats them. */
const auditIntl = createIntl({ locale: 'en', messages: auditEnglish });
const auditText = (id: keyof typeof auditEnglish, values?: Record<string, string | number>) =>
  auditIntl.formatMessage({ id }, values);

describe('who acted, in the audit trail', () => {
  it("names the chain's entries after the chain, not an unknown admin", () => {
    const entry = { adminId: CHAIN_ACTOR_ID, adminName: null, adminEmail: null };
    expect(bySystem(entry)).toBe(true);
    expect(actorName(entry, auditText)).toBe(CHAIN_ACTOR_NAME);
    expect(actorDetail(entry, auditText)).toMatch(/^System/);
    expect(SYSTEM_ACTOR_OPTION).toEqual({ value: CHAIN_ACTOR_ID, label: 'Chain verification' });
  });

  it("names an admin by name and email, and an account now gone as 'Unknown User'", () => {
    expect(actorName({ adminId: ME, adminName: 'Ada Admin' }, auditText)).toBe('Ada Admin');
    expect(actorDetail({ adminId: ME, adminEmail: 'ada@example.com' }, auditText)).toBe('ada@example.com');
    expect(actorName({ adminId: ME, adminName: null }, auditText)).toBe('Unknown User');
    expect(actorDetail({ adminId: ME, adminEmail: null }, auditText)).toBe(ME);
  });
});
