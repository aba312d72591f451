// GET /api/investments is paged on the server: the spec's JSON array with the nested plan, newest first, one
// page of it, and the number of all the investor's investments in X-Total-Count (passed through the gateway).
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { operationCall } from '@cropvest/contracts/operation-call';
import { registerInvestor, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();

describe('GET /api/investments, paged', () => {
  it('answers pages that do not overlap, newest first, with the total in X-Total-Count, and only own investments', async () => {
    const plan = await createPlan({ title: 'Paged sorghum', minSlotPrice: '100' });
    const owner = await verifiedInvestor('500', 'plans');
    const other = await verifiedInvestor('100', 'plans');
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) {
      const bought = await client.call(plansOperations.invest, {
        token: owner.accessToken,
        body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 1 },
      });
      mine.push(succeeded(bought, 201).id);
    }
    const theirs = await client.ok(plansOperations.invest, {
      token: other.accessToken,
      body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 1 },
    });

    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const result = await client.call(plansOperations.myInvestments, {
        token: owner.accessToken,
        query: { page, pageSize: 2 },
      });
      expect(result.status).toBe(200);
      expect(result.headers.get('x-total-count')).toBe('5');
      pages.push(succeeded(result));
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1, 0]);
    const seen = pages.flat();
    expect(seen.map((i) => i.id)).toEqual([...mine].reverse());
    expect(seen.every((i) => i.plan.title === 'Paged sorghum')).toBe(true);
    expect(seen.map((i) => i.id)).not.toContain(theirs.id);

    const plain = await client.call(plansOperations.myInvestments, { token: other.accessToken });
    expect(plain.headers.get('x-total-count')).toBe('1');
    expect(succeeded(plain).map((i) => i.id)).toEqual([theirs.id]);
  });

  it.each([
    ['page=0', 'page must be at least 1'],
    ['page=abc', 'page must be a number'],
    ['pageSize=500', 'pageSize must be at most 200'],
    ['pageSize=0', 'pageSize must be at least 1'],
    ['status=active', 'Unknown field: status'],
  ])('refuses ?%s with a 400 JSON error', async (query, message) => {
    const investor = await registerInvestor();
    // Raw: these queries are what the contract's query type refuses to express.
    const { method, path } = operationCall(plansOperations.myInvestments);
    const result = await client.raw(method, `${path}?${query}`, { token: investor.accessToken });
    expect(result).toMatchObject({ status: 400, body: { message, code: 'VALIDATION_FAILED' } });
  });
});
