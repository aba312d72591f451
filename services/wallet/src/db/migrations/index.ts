// The service's migrations in the order they run; one file each, named by its number.
import type { Migration } from '@cropvest/service-kit/db';
import { walletSchema } from './001_wallet.ts';
import { adminLists } from './002_admin_lists.ts';
import { reportIndexes } from './003_reports.ts';
import { balanceAdjustments } from './004_balance_adjustments.ts';
import { paymentMethods } from './005_payment_methods.ts';
import { sharedUserDirectory } from './006_user_directory.ts';
import { transferSearch } from './007_transfer_search.ts';
import { chainVerification } from './008_chain_verification.ts';
import { planFunding } from './009_plan_funding.ts';
import { investmentCancellation } from './010_investment_cancellation.ts';
import { transferSearchRace } from './011_transfer_search_race.ts';
import { realisedLosses } from './012_realised_losses.ts';
import { addressBook } from './013_address_book.ts';
import { withdrawalHolds } from './014_withdrawal_holds.ts';
import { withdrawalLimits } from './015_withdrawal_limits.ts';
import { frozenAccounts } from './016_frozen_accounts.ts';
import { ledgerBalancedPerStatement } from './017_ledger_balanced_per_statement.ts';

export const migrations: Migration[] = [
  walletSchema,
  adminLists,
  reportIndexes,
  balanceAdjustments,
  paymentMethods,
  sharedUserDirectory,
  transferSearch,
  chainVerification,
  planFunding,
  investmentCancellation,
  transferSearchRace,
  realisedLosses,
  addressBook,
  withdrawalHolds,
  withdrawalLimits,
  frozenAccounts,
  ledgerBalancedPerStatement,
];
