// What the ledger owes its users, for the chain service's reconciliation and proof of liabilities (decision 0082):
// exact NUMERIC sums over the wallet's own accounts, never a float, each answer read in one snapshot.
import type { OwedPage, OwedPageQuery, WalletLiabilities } from '@cropvest/contracts';
import { NETWORK_TYPES } from '@cropvest/contracts/chain/networks';
import { BEFORE_EVERY_UUID, keysetPage, type Knex } from '@cropvest/service-kit/db';

/**
 * The user accounts summed by kind, and per network the deposits credited there and the withdrawals paid from it
 * (approved: the ledger moved them to the outflow; payouts are on TRC-20 only) with those whose payout the chain has
 * not verified, all in one snapshot.
 */
export function walletLiabilities(db: Knex): Promise<WalletLiabilities> {
  return db.transaction(
    async (trx) => {
      const { rows: accounts } = await trx.raw<{
        rows: { available: string; held: string; invested: string }[];
      }>(
        `SELECT coalesce(sum(balance) FILTER (WHERE kind = 'available'), 0)::numeric(28,8)::text AS available,
                coalesce(sum(balance) FILTER (WHERE kind = 'hold'), 0)::numeric(28,8)::text AS held,
                coalesce(sum(balance) FILTER (WHERE kind = 'invested'), 0)::numeric(28,8)::text AS invested
           FROM accounts WHERE user_id IS NOT NULL`,
      );
      const { rows: networks } = await trx.raw<{
        rows: { network: string; deposits: string; withdrawals: string; unverified: string }[];
      }>(
        `SELECT n.network,
                coalesce((SELECT sum(amount) FROM deposits d WHERE d.status = 'approved' AND d.network = n.network), 0)::numeric(28,8)::text AS deposits,
                CASE WHEN n.network = 'TRC20'
                     THEN coalesce((SELECT sum(amount) FROM withdrawals WHERE status = 'approved'), 0)
                     ELSE 0 END::numeric(28,8)::text AS withdrawals,
                CASE WHEN n.network = 'TRC20'
                     THEN coalesce((SELECT sum(amount) FROM withdrawals WHERE status = 'approved' AND chain_status <> 'verified'), 0)
                     ELSE 0 END::numeric(28,8)::text AS unverified
           FROM unnest(?::text[]) AS n(network)`,
        [[...NETWORK_TYPES]],
      );
      const [totals] = accounts;
      return {
        available: totals?.available ?? '0.00000000',
        held: totals?.held ?? '0.00000000',
        invested: totals?.invested ?? '0.00000000',
        networks: networks.map((row) => ({
          network: row.network as WalletLiabilities['networks'][number]['network'],
          depositsCredited: row.deposits,
          withdrawalsPaid: row.withdrawals,
          withdrawalsUnverified: row.unverified,
        })),
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/**
 * What each user is owed (available + hold + invested), for the users after `after` in id order and owed more than
 * zero. The accounts' (user_id, kind) index hands the rows over in user order, so a page reads only its users.
 */
export async function owedPage(db: Knex, { after, limit }: OwedPageQuery): Promise<OwedPage> {
  const { rows } = await db.raw<{ rows: { userId: string; amount: string }[] }>(
    `SELECT user_id AS "userId", sum(balance)::numeric(28,8)::text AS amount
       FROM accounts WHERE user_id > ?
      GROUP BY user_id HAVING sum(balance) > 0
      ORDER BY user_id LIMIT ?`,
    [after ?? BEFORE_EVERY_UUID, limit],
  );
  return keysetPage(rows, limit, (row) => row.userId);
}
