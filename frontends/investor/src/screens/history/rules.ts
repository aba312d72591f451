// Transaction History's pure rules (spec sections 2, 4 and 9): the tabs and their empty states, how each row's
// amount is signed, how references are shortened, and the account statement's default range and file name.
// No React, no zod: unit-tested in test/history.unit.test.ts.
import type { StatementFormat } from '@cropvest/contracts/wallet/statement';
import type { TransactionHistoryFilter, TransactionHistoryItem } from '@cropvest/contracts/wallet/model';
import { MAX_PAGE_SIZE } from '@cropvest/web-kit';
import { formatUsdt, shortenAddress } from '@cropvest/ui/format';

// ---- tabs ----

export interface HistoryTab {
  value: TransactionHistoryFilter;
  label: string;
  /** The empty state's title when this tab has nothing. */
  empty: string;
}

/** The spec's four tabs, in order; harvest payouts come back with investments (the server filters). */
export const HISTORY_TABS: readonly HistoryTab[] = [
  { value: 'all', label: 'All Transactions', empty: 'No transactions yet' },
  { value: 'investments', label: 'Investments', empty: 'No investments yet' },
  { value: 'deposits', label: 'Deposits', empty: 'No deposits yet' },
  { value: 'withdrawals', label: 'Withdrawals', empty: 'No withdrawals yet' },
];

export const DEFAULT_HISTORY_TYPE: TransactionHistoryFilter = 'all';

/** The tab a `?type=` value names; anything else (a typo, an old bookmark) is All Transactions. */
export function historyTab(value: string | null | undefined): HistoryTab {
  return HISTORY_TABS.find((tab) => tab.value === value) ?? (HISTORY_TABS[0] as HistoryTab);
}

/** A `?pageSize=` in the address is kept within the server's largest page (PageQuery: 1 … 200). */
export const clampPageSize = (size: number): number => Math.min(Math.max(1, size), MAX_PAGE_SIZE);

// ---- rows ----

export type TransactionType = TransactionHistoryItem['type'];

/** What the Type column reads. Harvest payouts, adjustments and realised losses are not named by the spec. */
export const TYPE_LABELS: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  investment: 'Investment',
  harvest: 'Harvest payout',
  adjustment: 'Balance adjustment',
  realised_loss: 'Realised loss',
};

export type AmountSign = '+' | '−' | '';

/**
 * The sign a row's amount shows: the way the money moved through the available balance, as a person reads a
 * bank statement (docs/decisions/0108-history-signs-by-direction.md departs here from the spec's "withdrawals
 * minus, all others plus"). An investment takes money out (−), its cancellation and harvest payouts bring it
 * back (+). A rejected deposit or withdrawal moved nothing in the end (a rejected withdrawal's money came
 * back), so it has no sign. A realised loss (what a harvest settled short did not pay, decision 0096) moves no
 * money but is a loss, so it reads with a minus.
 */
export function amountSign(item: Pick<TransactionHistoryItem, 'type' | 'direction' | 'status'>): AmountSign {
  if (item.type === 'realised_loss') return '−';
  if (item.status === 'rejected' && (item.type === 'deposit' || item.type === 'withdrawal')) return '';
  return item.direction === 'out' ? '−' : '+';
}

/** "+1,000.00 USDT", "−100.00 USDT" (a real minus sign, read as "minus"), "30.00 USDT" when nothing moved. */
export const signedAmount = (
  item: Pick<TransactionHistoryItem, 'type' | 'direction' | 'status' | 'amount'>,
): string => `${amountSign(item)}${formatUsdt(item.amount)}`;

/**
 * The status a row's badge reads: an investment still in its plan is Growing; a rejected withdrawal is
 * Returned (its money is back in the available balance); the rest read their review or ledger status.
 */
export function statusText(item: Pick<TransactionHistoryItem, 'type' | 'status'>): string {
  if (item.type === 'investment' && item.status === 'active') return 'Growing';
  if (item.type === 'withdrawal' && item.status === 'rejected') return 'Returned';
  return item.status.charAt(0).toUpperCase() + item.status.slice(1);
}

/** A row's reference as the list shows it: addresses and transaction ids shortened, ids to 8 characters. */
export function shortReference(item: Pick<TransactionHistoryItem, 'type' | 'reference'>): string | null {
  const reference = item.reference;
  if (!reference) return null;
  if (item.type === 'investment' || item.type === 'harvest' || item.type === 'realised_loss')
    return `#${reference.slice(0, 8)}`;
  return shortenAddress(reference);
}

/** The description with a withdrawal's destination shortened like its reference ("Withdrawal to TR7N…j6t"). */
export function shortDescription(item: Pick<TransactionHistoryItem, 'type' | 'description' | 'reference'>) {
  if (item.type === 'withdrawal' && item.reference && item.description.includes(item.reference))
    return item.description.replace(item.reference, shortenAddress(item.reference));
  return item.description;
}

let timeFormat: Intl.DateTimeFormat | undefined;
/** The time of day of an instant in UTC, for the Date column's second line: "03:39 PM UTC". */
export function formatTimeUtc(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  timeFormat ??= new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  return timeFormat.format(date);
}

// ---- the account statement ----

/** YYYY-MM-DD of an instant, in UTC (the statement's days are UTC days). */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

export interface StatementRange {
  from: string;
  to: string;
}

/** The form's starting range: the first day of the current month to today, both in UTC. */
export function defaultStatementRange(now: Date = new Date()): StatementRange {
  const today = utcDay(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** What the saved file is called when the server names none (it sends the same name). */
export const statementFilename = ({ from, to }: StatementRange, format: StatementFormat): string =>
  `cropvest-statement-${from}-to-${to}.${format}`;

export const STATEMENT_NOTE =
  'Amounts in USDT. The statement lists every movement of your available balance, with the balance after each, and any realised loss of a harvest settled short beside its payout (a loss moves no money).';
