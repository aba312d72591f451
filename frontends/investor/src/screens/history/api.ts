// The investor's Transaction History (GET /api/transactions): one server page of their own money movements,
// newest first, filtered by type, with the total in X-Total-Count. The statement is a file, not cached data:
// the screen downloads it with web-kit's downloadFile.
import type { TransactionHistoryFilter, TransactionHistoryItem } from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

export interface HistoryArgs {
  type: TransactionHistoryFilter;
  page: number;
  pageSize: number;
}

/** The resource each row comes from, so invalidating one deposit or withdrawal refreshes the list too. */
const rowTag = (item: TransactionHistoryItem) =>
  item.type === 'deposit'
    ? { type: 'Deposits' as const, id: item.id }
    : item.type === 'withdrawal'
      ? { type: 'Withdrawals' as const, id: item.id }
      : { type: 'Transactions' as const, id: item.id };

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactions: build.query<Paged<TransactionHistoryItem>, HistoryArgs>({
      query: ({ type, page, pageSize }) => ({ url: 'transactions', params: { type, page, pageSize } }),
      transformResponse: (items: TransactionHistoryItem[], meta) => toPaged(items, meta),
      // The history is made of deposits, withdrawals and investments: a new one of any (whose mutation
      // invalidates its own list) changes it, as does anything that invalidates the history itself.
      providesTags: (result) => [
        ...(result?.items ?? []).map(rowTag),
        { type: 'Transactions', id: 'LIST' },
        { type: 'Deposits', id: 'LIST' },
        { type: 'Withdrawals', id: 'LIST' },
        { type: 'Investments', id: 'LIST' },
      ],
    }),
  }),
});

export const { useTransactionsQuery } = historyApi;
