// GET /api/admin/plans?q= (the admin command palette finds a plan by name): the title searched case-insensitively
// with LIKE's wildcards taken literally, a whole plan id finding that plan, the count in X-Total-Count.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { adminSession, api, registerInvestor } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { createPlan } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const search = async (q: string) => {
  const answer = await api(
    'GET',
    `/api/admin/plans?q=${encodeURIComponent(q)}`,
    (await adminSession()).accessToken,
  );
  expect(answer.status).toBe(200);
  return {
    ids: (answer.body as { id: string }[]).map((plan) => plan.id),
    total: answer.headers.get('x-total-count'),
  };
};

describe('GET /api/admin/plans, searched', () => {
  it('finds plans by part of the title in any case, and one plan by its whole id', async () => {
    const word = `Quinoa${randomUUID().slice(0, 6)}`;
    const first = await createPlan({ title: `${word} highland 100%` });
    const second = await createPlan({ title: `Late ${word.toLowerCase()} season` });
    const other = await createPlan({ title: `Barley ${randomUUID().slice(0, 6)}` });

    expect(await search(word.toUpperCase())).toEqual({ ids: [second.id, first.id], total: '2' });
    expect(await search(`${word} highland 100%`)).toEqual({ ids: [first.id], total: '1' });
    // '%' and '_' are the text a person typed, not wildcards.
    expect((await search(`${word}%season`)).total).toBe('0');
    expect(await search(other.id.toUpperCase())).toEqual({ ids: [other.id], total: '1' });
  });

  it('refuses an unknown parameter and an investor', async () => {
    const admin = await adminSession();
    const unknown = await api('GET', '/api/admin/plans?title=x', admin.accessToken);
    expect(unknown).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const investor = await registerInvestor();
    expect((await api('GET', '/api/admin/plans?q=a', investor.accessToken)).status).toBe(403);
  });
});
