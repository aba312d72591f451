// The chain service's own figures: what its checks decided, how often an endpoint failed it, and what the latest
// reconciliation found (every replica reads those from the database, so any of them answers the same).
import { serviceCounter, serviceGauge, type Metrics } from '@cropvest/service-kit/runtime';

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
      'Withdrawal payouts whose transaction does not pay the withdrawal (wrong amount, address, token or sender)',
      ['network', 'reason'],
    ),
    fundingMismatches: serviceCounter(
      metrics,
      'cropvest_chain_funding_mismatches_total',
      'Disbursements, proceeds and reserve contributions whose transaction does not move what they record',
      ['network', 'kind', 'reason'],
    ),
    scanTransfers: serviceCounter(
      metrics,
      'cropvest_chain_scan_transfers_total',
      'Incoming USDT transfers to platform addresses the scanner recorded for the first time',
      ['network'],
    ),
    scanRewinds: serviceCounter(
      metrics,
      'cropvest_chain_scan_rewinds_total',
      "Scans that found the network's final head below their cursor (a rewind deeper than finality) and did not follow it",
      ['network'],
    ),
    scanLagBlocks: serviceGauge(
      metrics,
      'cropvest_chain_scan_lag_blocks',
      "Final blocks the network's scan has still to read after its latest page (0 when caught up)",
      ['network'],
    ),
    // Floats, for charts and alerts only: the reconciliation's own rows hold the exact amounts.
    reservesUsdt: serviceGauge(
      metrics,
      'cropvest_reserves_usdt',
      'USDT the platform addresses held at the latest reconciliation (the networks it could read)',
    ),
    liabilitiesUsdt: serviceGauge(
      metrics,
      'cropvest_liabilities_usdt',
      'What the platform owed investors at the latest reconciliation: available, held, invested and accrued interest',
    ),
    reservesShortfall: serviceGauge(
      metrics,
      'cropvest_reserves_shortfall',
      '1 while the reserves are below the liabilities (since a run found them short, until one finds them covered), else 0',
    ),
    reservesLastRun: serviceGauge(
      metrics,
      'cropvest_reserves_last_run_timestamp_seconds',
      'When the latest reconciliation started, in Unix seconds (0 before the first)',
    ),
  };
}
export type ChainMetrics = ReturnType<typeof createChainMetrics>;
