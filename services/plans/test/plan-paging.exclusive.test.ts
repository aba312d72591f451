// The admin plan lists page on the server, newest first, with the whole total in X-Total-Count. Exclusive: the
// total counts every plan, so it holds still only while no other suite creates plans.
import { afterAll, expect, it, jest } from '@jest/globals';
import type { Plan } from '@cropvest/contracts/plans/model';
import { plansOperations } from '@cropvest/contracts/plans/api';
import type { PlanAnalytics } from '@cropvest/contracts/plans/plan-analytics';
import { operationCall } from '@cropvest/contracts/operation-call';
import { adminSession, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { createPlan, plansDb } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();

it.each([plansOperations.planAnalytics, plansOperations.adminPlans])(
  '$path pages newest first with the total in X-Total-Count',
  async (operation) => {
    const admin = await adminSession();
    for (const title of ['Paging oats', 'Paging rye', 'Paging teff']) await createPlan({ title });
    const [{ total }] = (
      await plansDb().raw('SELECT count(*)::int AS total FROM plans WHERE deleted_at IS NULL')
    ).rows;
    const ids: string[] = [];
    for (let page = 1; page <= total + 1; page++) {
      const result = await client.call(operation, { token: admin.accessToken, query: { page, pageSize: 1 } });
      expect(result.status).toBe(200);
      expect(result.headers.get('x-total-count')).toBe(String(total));
      const rows: (Plan | PlanAnalytics)[] = succeeded(result);
      expect(rows).toHaveLength(page <= total ? 1 : 0);
      ids.push(...rows.map((r) => ('planId' in r ? r.planId : r.id)));
    }
    const newestFirst = (
      await plansDb().raw('SELECT id FROM plans WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC')
    ).rows.map((r: { id: string }) => r.id);
    expect(ids).toEqual(newestFirst);

    // Raw: a page size over the contract's limit, to see the refusal.
    const { method, path } = operationCall(operation);
    const tooBig = await client.raw(method, `${path}?pageSize=500`, { token: admin.accessToken });
    expect(tooBig).toMatchObject({ status: 400, body: { message: 'pageSize must be at most 200' } });
  },
);
