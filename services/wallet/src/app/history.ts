// The investor's Transaction History: one merged list of their own money movements, newest first, paged.
import type { TransactionHistoryItem, TransactionHistoryQuery } from '@cropvest/contracts';
import type { AuthUser } from '@cropvest/service-kit/auth';
import type { Page } from '@cropvest/service-kit/db';
import { toHistoryItem } from '../db/history.ts';
import { listHistory } from '../db/history.ts';
import type { WalletContext } from './context.ts';

export async function myTransactions(
  ctx: WalletContext,
  user: AuthUser,
  query: TransactionHistoryQuery,
): Promise<Page<TransactionHistoryItem>> {
  const page = await listHistory(ctx.db, user.id, query);
  return { ...page, items: page.items.map(toHistoryItem) };
}
