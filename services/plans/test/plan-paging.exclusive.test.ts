// The admin plan lists page on the server, newest first, with the whole total in X-Total-Count. Exclusive: the
// total counts every plan, so it holds still only while no other suite creates plans.
import { afterAll, expect, it, jest } from '@jest/globals';
import { adminSession, api } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { createPlan, plansDb } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

it.each(['/api/admin/plans/analytics', '/api/admin/plans'])(
  '%s pages newest first with the total in X-Total-Count',
  async (path) => {
    const admin = await adminSession();
    for (const title of ['Paging oats', 'Paging rye', 'Paging teff']) await createPlan({ title });
    const [{ total }] = (
      await plansDb().raw('SELECT count(*)::int AS total FROM plans WHERE deleted_at IS NULL')
    ).rows;
    const ids: string[] = [];
    for (let page = 1; page <= total + 1; page++) {
      const result = await api('GET', `${path}?page=${page}&pageSize=1`, admin.accessToken);
      expect(result.status).toBe(200);
      expect(result.headers.get('x-total-count')).toBe(String(total));
      expect(result.body).toHaveLength(page <= total ? 1 : 0);
      ids.push(...result.body.map((r: { planId?: string; id?: string }) => r.planId ?? r.id));
    }
    const newestFirst = (
      await plansDb().raw('SELECT id FROM plans WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC')
    ).rows.map((r: { id: string }) => r.id);
    expect(ids).toEqual(newestFirst);

    const tooBig = await api('GET', `${path}?pageSize=500`, admin.accessToken);
    expect(tooBig).toMatchObject({ status: 400, body: { message: 'pageSize must be at most 200' } });
  },
);
