// The coverage every gauge shows (decision 0091), where investors read it: Browse Plans' plan list carries what is
// due from the plan's proceeds and the coverage, the same figures as the plan's funding; My Investments carries
// them with each investment, and the key information version its investor acknowledged.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { adminSession, eventually, stackClient, type Session } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { recordProceeds } from '../../../test/support/funding.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan, isoDay, plansDb } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();

const planCard = async (planId: string) =>
  (await client.ok(plansOperations.plans)).find((p) => p.id === planId)?.funding;
const funding = (planId: string) => client.ok(fundingOperations.planFunding, { path: { id: planId } });
const myInvestments = (investor: Session) =>
  client.ok(plansOperations.myInvestments, { token: investor.accessToken });

describe('coverage on the plan list and My Investments', () => {
  it('shows what is due from the proceeds and the coverage, as the plan funding computes them', async () => {
    const plan = await createPlan({ title: 'Covered Teff', minSlotPrice: '100' });
    const investor = await verifiedInvestor('1000', 'plans');
    const { keyInformationVersion } = await acknowledgement(plan.id);
    const answer = await client.call(plansOperations.invest, {
      token: investor.accessToken,
      body: { planId: plan.id, slotsPurchased: 2, keyInformationVersion },
    });
    expect(answer.status).toBe(201);
    const bought = succeeded(answer, 201);
    expect(bought.keyInformationVersion).toBe(keyInformationVersion);

    // Nothing disbursed nor accrued: nothing is due from the proceeds, and a ratio over nothing is no ratio.
    const nothingDue = {
      proceedsRecorded: false,
      proceeds: '0.00000000',
      reserveAllocated: '0.00000000',
      due: '0.00000000',
      coverage: null,
    };
    expect(await planCard(plan.id)).toEqual({ model: 'funded', payoutStatus: 'open', ...nothingDue });
    expect(await myInvestments(investor)).toEqual([
      expect.objectContaining({ id: bought.id, keyInformationVersion, planCoverage: nothingDue }),
    ]);

    // Its four days to reconsider over, 160 of the 200 go to the operator: 160 is due from the proceeds.
    await plansDb().raw(
      `UPDATE investments SET cancellable_until = now() - interval '1 second' WHERE id = ?`,
      [bought.id],
    );
    const answered = await client.call(fundingOperations.recordDisbursement, {
      token: (await adminSession()).accessToken,
      path: { id: plan.id },
      body: { amount: '160', disbursedOn: isoDay(0) },
    });
    expect(answered.status).toBe(201);
    const disbursed = succeeded(answered, 201);
    await eventually(
      async () =>
        (await serviceDb('wallet')('transfers').where({ kind: 'disbursement', memo: disbursed.id }))
          .length === 1,
      30_000,
      'the disbursement in the wallet',
    );
    await recordProceeds(plan.id, '130');

    const covered = {
      proceedsRecorded: true,
      proceeds: '130.00000000',
      reserveAllocated: '0.00000000',
      due: '160.00000000',
      coverage: '0.8125',
    };
    expect(await planCard(plan.id)).toEqual({ model: 'funded', payoutStatus: 'open', ...covered });
    expect(await funding(plan.id)).toMatchObject({ due: covered.due, coverage: covered.coverage });
    expect(await myInvestments(investor)).toEqual([
      expect.objectContaining({ id: bought.id, keyInformationVersion, planCoverage: covered }),
    ]);
  });
});
