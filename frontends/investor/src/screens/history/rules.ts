// Transaction History's pure rules (spec sections 2, 4 and 9): the tabs and their empty states, how each row's
// amount is signed, how references are shortened, and the account statement's default range and file name.
// No React, no zod: unit-tested in test/history.unit.test.ts.
import type { StatementFormat } from '@cropvest/contracts/wallet/statement';
import type { TransactionHistoryFilter, TransactionHistoryItem } from '@cropvest/contracts/wallet/model';
import { MAX_PAGE_SIZE } from '@cropvest/web-kit';
import { formatUsdt, shortenAddress } from '@cropvest/ui/format';
import type { HistoryMessageId } from './messages/catalogue.ts';

// ---- tabs ----

export interface HistoryTab {
  value: TransactionHistoryFilter;
  label: HistoryMessageId;
  /** The empty state's title when this tab has nothing. */
  empty: HistoryMessageId;
}

/** The spec's four tabs, in order; harvest payouts come back with investments (the server filters). */
export const HISTORY_TABS: readonly HistoryTab[] = [
  { value: 'all', label: 'history.tab.all', empty: 'history.empty.all' },
  { value: 'investments', label: 'history.tab.investments', empty: 'history.empty.investments' },
  { value: 'deposits', label: 'history.tab.deposits', empty: 'history.empty.deposits' },
  { value: 'withdrawals', label: 'history.tab.withdrawals', empty: 'history.empty.withdrawals' },
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
export const TYPE_LABELS: Record<TransactionType, HistoryMessageId> = {
  deposit: 'history.type.deposit',
  withdrawal: 'history.type.withdrawal',
  investment: 'history.type.investment',
  harvest: 'history.type.harvest',
  adjustment: 'history.type.adjustment',
  realised_loss: 'history.type.realisedLoss',
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

const STATUS_LABELS: Record<TransactionHistoryItem['status'], HistoryMessageId> = {
  pending: 'history.status.pending',
  approved: 'history.status.approved',
  rejected: 'history.status.rejected',
  completed: 'history.status.completed',
  active: 'history.status.active',
};

/**
 * The status a row's badge reads: an investment still in its plan is Growing; a rejected withdrawal is
 * Returned (its money is back in the available balance); the rest read their review or ledger status.
 */
export function statusMessage(item: Pick<TransactionHistoryItem, 'type' | 'status'>): HistoryMessageId {
  if (item.type === 'investment' && item.status === 'active') return 'history.status.growing';
  if (item.type === 'withdrawal' && item.status === 'rejected') return 'history.status.returned';
  return STATUS_LABELS[item.status];
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
