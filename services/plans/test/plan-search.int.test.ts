// GET /api/admin/plans (the admin command palette finds a plan by name): the shared admin-list checks
// (test/support/admin-list-suite.ts) with the title searched in any case and a whole plan id finding that plan;
// then the plans list's own: a title holding `%` found by the text typed, not as a pattern.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, stackClient } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { createPlan } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const word = `Quinoa${randomUUID().slice(0, 6)}`;
let made: Promise<{ id: string }[]> | undefined;
/** Three plans of this run, oldest first; the first's title holds a percent sign. */
const plans = () =>
  (made ??= (async () => [
    await createPlan({ title: `${word} highland 100%` }),
    await createPlan({ title: `Late ${word.toLowerCase()} season` }),
    await createPlan({ title: `${word} lowland` }),
  ])());

adminList(plansOperations.adminPlans).describe({
  findsById: true,
  seed: async () => {
    const [highland, late, lowland] = (await plans()).map(({ id }) => id) as [string, string, string];
    return {
      ids: [lowland, late, highland],
      scope: { q: word },
      term: word,
      searches: [
        { q: `${word} highland`, ids: [highland] },
        { q: `late ${word}`, ids: [late] },
      ],
    };
  },
});

describe('GET /api/admin/plans, searched', () => {
  it('finds a title holding % by the text typed, and no title by a pattern', async () => {
    const [highland] = await plans();
    const search = async (q: string) => {
      const answer = await stackClient().call(plansOperations.adminPlans, {
        token: (await adminSession()).accessToken,
        query: { q },
      });
      if (!answer.ok) throw new Error(`the plan list refused: ${answer.status} ${answer.body.message}`);
      return { ids: answer.body.map((plan) => plan.id), total: answer.headers.get('x-total-count') };
    };
    expect(await search(`${word} highland 100%`)).toEqual({ ids: [highland!.id], total: '1' });
    expect((await search(`${word}%season`)).total).toBe('0');
  });
});
