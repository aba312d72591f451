// Funded payouts through the admin API (docs/decisions/0091): what suites that expect a funded plan's harvest to
// pay need to record first, as an admin would: the harvest proceeds the plan received.
import { adminSession, api, eventually } from './api.ts';
import { serviceDb } from './connections.ts';

/**
 * Records `amount` of harvest proceeds for a plan and waits until the wallet holds them in the plan's proceeds
 * account, so a harvest announced afterwards is paid at once.
 */
export async function recordProceeds(
  planId: string,
  amount: string,
  buyer = 'Unga Millers Ltd',
): Promise<any> {
  const recorded = await api(
    'POST',
    `/api/admin/plans/${planId}/proceeds`,
    (await adminSession()).accessToken,
    {
      amount,
      receivedOn: new Date().toISOString().slice(0, 10),
      buyer,
    },
  );
  if (recorded.status !== 201)
    throw new Error(`recording proceeds failed: ${recorded.status} ${JSON.stringify(recorded.body)}`);
  await eventually(
    () =>
      serviceDb('wallet')('transfers').where({ reference_id: recorded.body.id, kind: 'proceeds' }).first(),
    30_000,
    `the proceeds of plan ${planId} in the wallet`,
  );
  return recorded.body;
}
