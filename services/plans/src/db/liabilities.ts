// What the platform owes on top of the wallet's balances, for the chain service's reconciliation and proof of
// liabilities (decision 0082): the interest active investments have accrued and not been paid yet. It is read from
// each investment's terms and its plan's accrual mark (INTEREST_SO_FAR, equal to the sum of its accrual rows), so
// no page sums millions of accruals; exact NUMERIC, never a float.
import type { OwedPage, OwedPageQuery, PlansLiabilities } from '@cropvest/contracts';
import { BEFORE_EVERY_UUID, keysetPage, type Knex } from '@cropvest/service-kit/db';
import { INTEREST_SO_FAR, RUNNING_INTEREST_JOIN } from './interest-terms.ts';

export async function plansLiabilities(db: Knex): Promise<PlansLiabilities> {
  const { rows } = await db.raw<{ rows: { accruedInterest: string }[] }>(
    `SELECT coalesce(sum(${INTEREST_SO_FAR}), 0)::numeric(28,8)::text AS "accruedInterest"
       FROM investments i JOIN plans p ON p.id = i.plan_id ${RUNNING_INTEREST_JOIN}
      WHERE i.status = 'active'`,
  );
  return { accruedInterest: rows[0]?.accruedInterest ?? '0.00000000' };
}

/**
 * Each user's accrued interest, for the users after `after` in id order who have some. The index of active
 * investments by user hands the rows over in user order, so a page reads only its users' investments.
 */
export async function accruedPage(db: Knex, { after, limit }: OwedPageQuery): Promise<OwedPage> {
  const { rows } = await db.raw<{ rows: { userId: string; amount: string }[] }>(
    `SELECT i.user_id AS "userId", sum(${INTEREST_SO_FAR})::numeric(28,8)::text AS amount
       FROM investments i JOIN plans p ON p.id = i.plan_id ${RUNNING_INTEREST_JOIN}
      WHERE i.status = 'active' AND i.user_id > ?
      GROUP BY i.user_id HAVING sum(${INTEREST_SO_FAR}) > 0
      ORDER BY i.user_id LIMIT ?`,
    [after ?? BEFORE_EVERY_UUID, limit],
  );
  return keysetPage(rows, limit, (row) => row.userId);
}
