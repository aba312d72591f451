// Manage Deposits' pure rules: what the chain's verdict means for an admin about to approve (only a final
// verification counts; anything else is named in the confirmation), the claimed amount beside the credited one,
// and the transaction's explorer page on its network. No React, no zod: unit-tested in
// test/deposits.unit.test.ts.
import type { ChainNetwork, DepositChainVerdict } from '@cropvest/contracts/chain/model';
import type { AdminDeposit } from '@cropvest/contracts/wallet/model';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { sameAmount } from '@cropvest/contracts/money';
import { explorerTxLink } from '@cropvest/ui/chain-text';
import type { DepositsText } from './messages/catalogue.ts';

export { approvalStage, type ApprovalStage } from '../../shared/review-queue/four-eyes.ts';

type Verdict = Pick<DepositChainVerdict, 'status' | 'confirmations' | 'requiredConfirmations' | 'message'>;

/**
 * Why the chain has not verified a deposit's transaction, as the end of "The chain has not verified this
 * transaction: …"; null when it has (a final transfer of real USDT to a platform address).
 */
export function unverifiedBecause(verdict: Verdict, text: DepositsText): string | null {
  switch (verdict.status) {
    case 'verified':
      return null;
    case 'no_txid':
      return text('deposits.unverified.noTxid');
    case 'checking':
      return text('deposits.unverified.checking');
    case 'confirming':
      return verdict.confirmations !== null && verdict.requiredConfirmations !== null
        ? text('deposits.unverified.confirmingCount', {
            confirmations: verdict.confirmations,
            required: verdict.requiredConfirmations,
          })
        : text('deposits.unverified.confirming');
    case 'not_found_yet':
      return text('deposits.unverified.notFoundYet');
    case 'not_found':
      return text('deposits.unverified.notFound');
    case 'refused':
      return verdict.message
        ? text('deposits.unverified.refusedBecause', { message: verdict.message })
        : text('deposits.unverified.refused');
    case 'unchecked':
    default:
      return text('deposits.unverified.unchecked');
  }
}

/** The amount the investor typed, when it is not what the deposit credits (or will: the chain's amount). */
export const claimedDiffers = (deposit: Pick<AdminDeposit, 'amount' | 'claimedAmount'>): boolean =>
  !sameAmount(deposit.amount, deposit.claimedAmount);

/**
 * The transaction's page on its network's explorer, or null: no transaction id, the networks not known yet, or
 * a network without an explorer (the local chains).
 */
export function explorerLinkOf(
  deposit: { network: NetworkName; txid: string | null },
  networks: readonly Pick<ChainNetwork, 'network' | 'explorerTxUrl'>[] | undefined,
): string | null {
  if (!deposit.txid) return null;
  const template = networks?.find((network) => network.network === deposit.network)?.explorerTxUrl;
  return explorerTxLink(template ?? null, deposit.txid);
}
