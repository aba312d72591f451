// How each row of the investor's Transaction History reads. `direction` says which way the money went through
// the available balance; the screen signs by type as the spec says (withdrawals minus, everything else plus).
import type { TransactionHistoryItem } from '@cropvest/contracts';

/** What a row comes from: a deposit or withdrawal request, or a ledger transfer that has no request row. */
export type HistorySource =
  'deposit' | 'withdrawal' | 'investment' | 'harvest_principal' | 'harvest_interest' | 'adjustment';

/** One row of the merged history as the query reads it. */
export interface HistoryRow {
  id: string;
  source: HistorySource;
  direction: TransactionHistoryItem['direction'];
  amount: string;
  status: TransactionHistoryItem['status'];
  /** An investment's "<plan title> · <n> slots", a harvest payout's plan title, an adjustment's reason. */
  memo: string | null;
  wallet_address: string | null;
  txid: string | null;
  /** The investment a ledger transfer belongs to. */
  reference_id: string | null;
  created_at: Date;
}

const withTitle = (memo: string | null, text: string) => (memo ? `${memo} · ${text}` : text);
const withReason = (reason: string | null) =>
  reason ? `Balance adjustment: ${reason}` : 'Balance adjustment';

function wording(row: HistoryRow): Pick<TransactionHistoryItem, 'type' | 'description' | 'reference'> {
  switch (row.source) {
    case 'deposit':
      return { type: 'deposit', description: 'Deposit', reference: row.txid };
    case 'withdrawal':
      return {
        type: 'withdrawal',
        description: `Withdrawal to ${row.wallet_address}`,
        reference: row.wallet_address,
      };
    case 'investment':
      return { type: 'investment', description: row.memo ?? 'Investment', reference: row.reference_id };
    case 'harvest_principal':
      return {
        type: 'harvest',
        description: withTitle(row.memo, 'Harvest payout (principal)'),
        reference: row.reference_id,
      };
    case 'harvest_interest':
      return {
        type: 'harvest',
        description: withTitle(row.memo, 'Harvest payout (interest)'),
        reference: row.reference_id,
      };
    case 'adjustment':
      // The ledger's memo is the admin's reason; the direction is the transfer's.
      return {
        type: 'adjustment',
        description: withReason(row.memo),
        reference: null,
      };
  }
}

export const toHistoryItem = (row: HistoryRow): TransactionHistoryItem => ({
  id: row.id,
  ...wording(row),
  direction: row.direction,
  amount: row.amount,
  status: row.status,
  createdAt: row.created_at.toISOString(),
});
