// What a ledger transfer is for: every movement of money is one of these (the ledger's kind column).
export type TransferKind =
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_settle'
  | 'withdrawal_release'
  | 'investment'
  | 'harvest_principal'
  | 'harvest_interest'
  | 'investment_cancel'
  | 'adjustment'
  | 'disbursement'
  | 'proceeds'
  | 'reserve_contribution'
  | 'reserve_allocation';
