import { describe, expect, it } from '@jest/globals';
import type { TransactionHistoryItem } from '@cropvest/contracts/wallet/model';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import {
  amountSign,
  clampPageSize,
  defaultStatementRange,
  HISTORY_TABS,
  historyTab,
  shortDescription,
  shortReference,
  signedAmount,
  statementFilename,
  statusMessage,
  type StatementRange,
} from '../src/screens/history/rules.ts';
import en from '../src/screens/history/messages/en.json';

/** What the screen shows in English for a message id of the rules. */
const english = (id: keyof typeof en): string => en[id];
const statusOf = (item: Parameters<typeof statusMessage>[0]): string => english(statusMessage(item));

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const INVESTMENT_ID = '1a2b3c4d-0000-4000-8000-000000000001';

const item = (overrides: Partial<TransactionHistoryItem>): TransactionHistoryItem => ({
  id: '00000000-0000-4000-8000-000000000000',
  type: 'deposit',
  direction: 'in',
  amount: '1000.00000000',
  status: 'approved',
  description: 'Deposit',
  reference: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  ...overrides,
});

describe('amounts are signed by the way the money moved (decision 0108)', () => {
  it('signs a pending or approved withdrawal minus, and a rejected one, whose money came back, not at all', () => {
    for (const status of ['pending', 'approved'] as const)
      expect(signedAmount(item({ type: 'withdrawal', direction: 'out', amount: '100', status }))).toBe(
        '−100.00 USDT',
      );
    const rejected = item({ type: 'withdrawal', direction: 'out', amount: '30', status: 'rejected' });
    expect(signedAmount(rejected)).toBe('30.00 USDT');
    expect(statusOf(rejected)).toBe('Returned');
  });

  it('signs an investment minus (it leaves the available balance) and says it is growing until it is paid', () => {
    const growing = item({ type: 'investment', direction: 'out', amount: '150.00000000', status: 'active' });
    expect(signedAmount(growing)).toBe('−150.00 USDT');
    expect(statusOf(growing)).toBe('Growing');
    expect(statusOf({ ...growing, status: 'completed' })).toBe('Completed');
    // A cancellation gives the principal back.
    expect(amountSign(item({ type: 'investment', direction: 'in', status: 'completed' }))).toBe('+');
  });

  it('signs deposits and harvest payouts plus; a rejected deposit credited nothing', () => {
    expect(signedAmount(item({ type: 'deposit', amount: '1000.00000000' }))).toBe('+1,000.00 USDT');
    expect(amountSign(item({ type: 'harvest', direction: 'in', status: 'completed' }))).toBe('+');
    const rejected = item({ type: 'deposit', status: 'rejected' });
    expect(amountSign(rejected)).toBe('');
    expect(statusOf(rejected)).toBe('Rejected');
    expect(statusOf(item({ type: 'deposit', status: 'pending' }))).toBe('Pending');
  });

  it('signs a balance adjustment (not one of the spec kinds) by its real direction', () => {
    expect(amountSign(item({ type: 'adjustment', direction: 'in' }))).toBe('+');
    expect(signedAmount(item({ type: 'adjustment', direction: 'out', amount: '25.5' }))).toBe('−25.50 USDT');
  });

  it('signs a realised loss (a harvest settled short: no money moved) minus, as the loss it is', () => {
    const loss = item({ type: 'realised_loss', direction: 'none', amount: '505.00000000' });
    expect(signedAmount(loss)).toBe('−505.00 USDT');
    expect(shortReference({ ...loss, reference: INVESTMENT_ID })).toBe('#1a2b3c4d');
  });

  it('formats with two decimals from the decimal string, never a float', () => {
    expect(signedAmount(item({ amount: '0.10000000' }))).toBe('+0.10 USDT');
    expect(signedAmount(item({ amount: '12345678.99500000' }))).toBe('+12,345,679.00 USDT');
  });
});

describe('tabs and references', () => {
  it('has the spec tabs in order and falls back to All Transactions for an unknown ?type=', () => {
    expect(HISTORY_TABS.map((tab) => english(tab.label))).toEqual([
      'All Transactions',
      'Investments',
      'Deposits',
      'Withdrawals',
    ]);
    expect(historyTab('deposits').value).toBe('deposits');
    expect(historyTab('harvests').value).toBe('all');
    expect(english(historyTab(null).empty)).toBe('No transactions yet');
    expect(english(historyTab('withdrawals').empty)).toBe('No withdrawals yet');
  });

  it('keeps the page size within the server limit', () => {
    expect(clampPageSize(20)).toBe(20);
    expect(clampPageSize(5000)).toBe(200);
    expect(clampPageSize(0)).toBe(1);
  });

  it('shortens addresses and transaction ids, ids of investments to 8 characters', () => {
    const withdrawal = item({
      type: 'withdrawal',
      direction: 'out',
      reference: ADDRESS,
      description: `Withdrawal to ${ADDRESS}`,
    });
    expect(shortReference(withdrawal)).toBe('TR7NHqjeKQ…gjLj6t');
    expect(shortDescription(withdrawal)).toBe('Withdrawal to TR7NHqjeKQ…gjLj6t');
    expect(shortReference(item({ reference: `0x${'ab'.repeat(32)}` }))).toBe('0xabababab…ababab');
    expect(shortReference(item({ reference: 'tx-42' }))).toBe('tx-42');
    expect(shortReference(item({ type: 'investment', reference: INVESTMENT_ID }))).toBe('#1a2b3c4d');
    expect(shortReference(item({ type: 'harvest', reference: INVESTMENT_ID }))).toBe('#1a2b3c4d');
    expect(shortReference(item({ type: 'adjustment', reference: null }))).toBeNull();
    expect(shortDescription(item({ type: 'investment', description: 'Wheat · 3 slots' }))).toBe(
      'Wheat · 3 slots',
    );
  });
});

describe('the statement form', () => {
  it('starts at the first day of the current month and ends today, in UTC', () => {
    expect(defaultStatementRange(new Date('2026-03-15T10:00:00.000Z'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
    });
    // 00:30 on April 1st in UTC+02:00 is still March 31st in UTC.
    expect(defaultStatementRange(new Date('2026-04-01T00:30:00+02:00'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(defaultStatementRange(new Date('2027-01-01T00:00:00.000Z'))).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
    });
  });

  it('names the file like the server does', () => {
    expect(statementFilename({ from: '2026-03-01', to: '2026-03-31' }, 'pdf')).toBe(
      'cropvest-statement-2026-03-01-to-2026-03-31.pdf',
    );
  });

  describe('checks the range with the contract schema the wallet uses', () => {
    const resolver = lazyZodResolver<StatementRange, StatementRange>(() =>
      import('../src/screens/history/schemas.ts').then((m) => m.StatementRangeForm),
    );
    const problems = async (from: string, to: string) => {
      const result = await resolver({ from, to }, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
      return Object.fromEntries(
        Object.entries(result.errors).map(([name, error]) => [name, (error as { message?: string }).message]),
      );
    };

    it('accepts a range within one year, a single day and a leap day', async () => {
      expect(await problems('2026-03-01', '2026-03-15')).toEqual({});
      expect(await problems('2026-03-15', '2026-03-15')).toEqual({});
      expect(await problems('2028-02-29', '2028-03-01')).toEqual({});
      // 366 days, both ends included, is the most one statement covers.
      expect(await problems('2028-01-01', '2028-12-31')).toEqual({});
    });

    it('refuses a reversed range and one longer than 366 days, under To', async () => {
      expect(await problems('2026-03-15', '2026-03-14')).toEqual({
        to: 'The end date (to) must be on or after the start date (from)',
      });
      expect(await problems('2026-01-01', '2027-01-02')).toEqual({
        to: 'A statement covers at most 1 year per request',
      });
    });

    it('refuses missing days and days that do not exist', async () => {
      expect(await problems('', '2026-03-15')).toEqual({ from: 'from is required (a day as YYYY-MM-DD)' });
      expect(await problems('2027-02-29', '2027-03-01')).toEqual({
        from: 'from is not a real calendar day: 2027-02-29',
      });
      expect(await problems('2026-03-01', '1999-12-31')).toEqual({
        to: 'to must be a day between 2000-01-01 and 2199-12-31',
      });
    });
  });
});
