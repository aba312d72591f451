// Manage Deposits' pure rules: what the chain's verdict means for an admin about to approve (only a final
// verification counts; anything else is named in the confirmation), the claimed amount beside the credited one,
// and the transaction's explorer page on its network. No React, no zod: unit-tested in
// test/deposits.unit.test.ts.
import type { ChainNetwork, DepositChainVerdict } from '@cropvest/contracts/chain/model';
import type { AdminDeposit } from '@cropvest/contracts/wallet/model';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { sameAmount } from '@cropvest/contracts/money';
import { explorerTxLink } from '@cropvest/ui/chain-text';

export { approvalStage, type ApprovalStage } from '../../shared/review-queue/four-eyes.ts';

type Verdict = Pick<DepositChainVerdict, 'status' | 'confirmations' | 'requiredConfirmations' | 'message'>;

/**
 * Why the chain has not verified a deposit's transaction, as the end of "The chain has not verified this
 * transaction: …"; null when it has (a final transfer of real USDT to a platform address).
 */
export function unverifiedBecause(verdict: Verdict): string | null {
  switch (verdict.status) {
    case 'verified':
      return null;
    case 'no_txid':
      return 'the investor gave no transaction id, so there was nothing to look up';
    case 'checking':
      return 'it is still being looked up';
    case 'confirming':
      return verdict.confirmations !== null && verdict.requiredConfirmations !== null
        ? `it is not final yet (${verdict.confirmations} of ${verdict.requiredConfirmations} confirmations)`
        : 'it is not final yet';
    case 'not_found_yet':
      return 'no node knows it yet';
    case 'not_found':
      return 'it was not found on chain';
    case 'refused':
      return verdict.message ? `it was refused (${verdict.message})` : 'it was refused';
    case 'unchecked':
    default:
      return 'it was claimed before deposits were verified on chain';
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
