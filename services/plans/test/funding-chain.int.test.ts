// Plan money verified on chain (docs/decisions/0095): the transaction an admin names for a disbursement, proceeds or a
// reserve contribution is checked by the chain service — real USDT, the exact amount, leaving (a disbursement) or
// reaching (proceeds, contributions) a platform address — and its verdict shows beside the record; a mismatch is
// flagged with its reason and audited. A record without a transaction id says so.
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { FundingChainVerdict } from '@cropvest/contracts/chain/model';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { adminSession, eventually, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { chainOf, chains, strangerAddress } from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan, isoDay, plansDb } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();
const admin = async () => (await adminSession()).accessToken;
const platform = () => chainOf('TRC20').platformAddress;

// Disbursements leave the platform's address: the faucet gives it enough for every one here, whatever ran before.
beforeAll(async () => {
  await chains().transfer({ network: 'TRC20', to: platform(), amount: '1000' });
});

type Kind = 'disbursements' | 'proceeds' | 'reserve/contributions';

/** The records of one kind as the admins list them, each with its chain verdict. */
async function recordsOf(
  kind: Kind,
  planId?: string,
): Promise<readonly { id: string; chain: FundingChainVerdict }[]> {
  const token = await admin();
  const query = { pageSize: 100 };
  if (kind === 'reserve/contributions')
    return client.ok(fundingOperations.reserveContributions, { token, query });
  const path = { id: planId ?? '' };
  return kind === 'disbursements'
    ? client.ok(fundingOperations.adminPlanDisbursements, { token, path, query })
    : client.ok(fundingOperations.planProceeds, { token, path, query });
}

/** The record's chain verdict once it is one of `statuses`, read from the admin list of its kind. */
async function verdictOf(
  kind: Kind,
  recordId: string,
  statuses: string[],
  planId?: string,
): Promise<FundingChainVerdict> {
  return eventually(
    async () => {
      const record = (await recordsOf(kind, planId)).find((item) => item.id === recordId);
      return record && statuses.includes(record.chain.status) ? record.chain : undefined;
    },
    30_000,
    `${kind} ${recordId} to be ${statuses.join(' or ')}`,
  );
}

const mismatchAudited = (recordId: string) =>
  eventually(
    () =>
      serviceDb('identity')('audit_logs')
        .where({ action: 'funding_transfer_mismatch' })
        .whereRaw(`details->>'recordId' = ?`, [recordId])
        .first(),
    30_000,
    `the audit entry of ${recordId}'s mismatch`,
  );

it('proceeds that reached the platform’s address with their exact amount are verified; a wrong amount is flagged and audited', async () => {
  const plan = await createPlan({ title: 'Chain-checked maize' });
  const record = async (txid: string) =>
    client.call(fundingOperations.recordProceeds, {
      token: await admin(),
      path: { id: plan.id },
      body: { amount: '250', receivedOn: isoDay(0), buyer: 'Unga Millers Ltd', network: 'TRC20', txid },
    });

  const paid = await chains().transfer({ network: 'TRC20', to: platform(), amount: '250' });
  const answer = await record(paid.txid);
  expect(answer.status).toBe(201);
  const recorded = succeeded(answer, 201);
  expect(recorded.chain.status).toBe('checking');
  expect(await verdictOf('proceeds', recorded.id, ['verified'], plan.id)).toMatchObject({
    reason: null,
    message: null,
  });
  // The same transaction cannot back a second record.
  expect((await record(paid.txid)).status).toBe(409);

  const short = await chains().transfer({ network: 'TRC20', to: platform(), amount: '25' });
  const wrongAnswer = await record(short.txid);
  expect(wrongAnswer.status).toBe(201);
  const wrong = succeeded(wrongAnswer, 201);
  expect(await verdictOf('proceeds', wrong.id, ['mismatch'], plan.id)).toEqual({
    status: 'mismatch',
    reason: 'wrong_amount',
    message: 'The transaction paid 25 USDT; the proceeds receipt is 250 USDT.',
    confirmations: null,
    requiredConfirmations: null,
    checkedAt: expect.any(String),
  });
  const audit = await mismatchAudited(wrong.id);
  expect(audit).toMatchObject({ target_id: plan.id, target_type: 'plan' });
});

it('a disbursement is verified only when its USDT left a platform address; a contribution only when it reached one', async () => {
  const plan = await createPlan({ title: 'Chain-checked sorghum', minSlotPrice: '300' });
  const investor = await verifiedInvestor('300', 'plans');
  const bought = await client.call(plansOperations.invest, {
    token: investor.accessToken,
    body: { planId: plan.id, slotsPurchased: 1, ...(await acknowledgement(plan.id)) },
  });
  expect(bought.status).toBe(201);
  // Its four days to reconsider are over, so its principal may go to the operator.
  await plansDb().raw(`UPDATE investments SET cancellable_until = now() - interval '1 second' WHERE id = ?`, [
    succeeded(bought, 201).id,
  ]);
  const disburse = async (amount: string, txid: string) =>
    succeeded(
      await client.call(fundingOperations.recordDisbursement, {
        token: await admin(),
        path: { id: plan.id },
        body: { amount, disbursedOn: isoDay(0), network: 'TRC20', txid },
      }),
      201,
    );

  // USDT sent to the platform is not principal sent to the operator.
  const inbound = await chains().transfer({ network: 'TRC20', to: platform(), amount: '100' });
  const backwards = await disburse('100', inbound.txid);
  expect(await verdictOf('disbursements', backwards.id, ['mismatch'], plan.id)).toMatchObject({
    reason: 'not_from_platform',
    message: "The transaction's USDT did not leave a platform address.",
  });

  const sent = await chains().transfer({
    network: 'TRC20',
    from: 'platform',
    to: strangerAddress('TRC20'),
    amount: '150',
  });
  const disbursed = await disburse('150', sent.txid);
  expect((await verdictOf('disbursements', disbursed.id, ['verified'], plan.id)).reason).toBeNull();

  // A reserve contribution whose USDT went elsewhere, and one paid off chain (nothing to verify).
  const away = await chains().transfer({ network: 'TRC20', to: strangerAddress('TRC20'), amount: '40' });
  const contribute = async (fields: Partial<OperationBody<typeof fundingOperations.contributeToReserve>>) =>
    succeeded(
      await client.call(fundingOperations.contributeToReserve, {
        token: await admin(),
        body: { amount: '40', receivedOn: isoDay(0), source: 'Platform fees of October', ...fields },
      }),
      201,
    );
  const misdirected = await contribute({ network: 'TRC20', txid: away.txid });
  expect(await verdictOf('reserve/contributions', misdirected.id, ['mismatch'])).toMatchObject({
    reason: 'wrong_recipient',
    message: "The transaction's USDT went to another address, not to a platform address.",
  });
  const offChain = await contribute({});
  expect(offChain.chain).toMatchObject({ status: 'no_txid', reason: null });
});
