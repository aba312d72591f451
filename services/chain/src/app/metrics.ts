// The chain service's own figures: what its checks decided and how often an endpoint failed it.
import { serviceCounter, type Metrics } from '@cropvest/service-kit';

export function createChainMetrics(metrics: Metrics) {
  return {
    rpcErrors: serviceCounter(
      metrics,
      'cropvest_chain_rpc_errors_total',
      'Calls to a chain endpoint that failed after their retries (unreachable, timeout, 5xx, 429, malformed)',
      ['network', 'reason'],
    ),
    claimVerdicts: serviceCounter(
      metrics,
      'cropvest_chain_claim_verdicts_total',
      'Deposit claims decided by the chain: verified, or refused with a reason',
      ['network', 'verdict'],
    ),
    payoutMismatches: serviceCounter(
      metrics,
      'cropvest_chain_withdrawal_mismatches_total',
      "Withdrawal payouts whose transaction does not pay the withdrawal (wrong amount, address, token or sender)",
      ['network', 'reason'],
    ),
  };
}
export type ChainMetrics = ReturnType<typeof createChainMetrics>;
