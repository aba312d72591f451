// Funded payouts through the admin API (docs/decisions/0091): what suites that expect a funded plan's harvest to
// pay need to record first, as an admin would: the harvest proceeds the plan received.
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import type { ProceedsReceipt } from '@cropvest/contracts';
import { adminSession, eventually, stackClient } from './api.ts';
import { serviceDb } from './connections.ts';

/**
 * Records `amount` of harvest proceeds for a plan and waits until the wallet holds them in the plan's proceeds
 * account, so a harvest announced afterwards is paid at once.
 */
export async function recordProceeds(
  planId: string,
  amount: string,
  buyer = 'Unga Millers Ltd',
): Promise<ProceedsReceipt> {
  const recorded = await stackClient().ok(fundingOperations.recordProceeds, {
    token: (await adminSession()).accessToken,
    path: { id: planId },
    body: { amount, receivedOn: new Date().toISOString().slice(0, 10), buyer },
  });
  await eventually(
    () => serviceDb('wallet')('transfers').where({ reference_id: recorded.id, kind: 'proceeds' }).first(),
    30_000,
    `the proceeds of plan ${planId} in the wallet`,
  );
  return recorded;
}
