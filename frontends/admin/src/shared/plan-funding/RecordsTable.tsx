// A section of records in its card with its server-paged table through the list kit (a plan's disbursements,
// proceeds and settlements; the reserve fund's contributions and allocations): the query's loading, error and
// "nothing yet" states, a page that emptied under the admin with a way back to the first page, cards at phone
// width; and the polling of a page whose transfers the chain still verifies.
import { useState, type ReactNode } from 'react';
import type { FundingChainVerdict } from '@cropvest/contracts/chain/model';
import type { Paged } from '@cropvest/web-kit';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { OPEN_CHAIN_STATUSES } from '@cropvest/ui/chain-text';
import type { DataTableColumn } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatUsdtPrecise, NOT_AVAILABLE } from '@cropvest/ui/format';
import type { QueryLike } from '@cropvest/ui/query-view';
import { pagesOnly } from '@cropvest/ui/list/controls';
import { ListTable } from '@cropvest/ui/list/results';
import { useSharedPlanFundingMessages } from './messages/catalogue.ts';
import { RECORDS_PAGE_SIZE } from './rules.ts';

interface RecordsTableProps<T extends { id: string }> {
  query: QueryLike<Paged<T>>;
  page: number;
  setPage: (page: number) => void;
  caption: string;
  columns: DataTableColumn<T>[];
  empty: { icon: ReactNode; title: string; description: string };
}

/**
 * A section of records: a card titled as its table is captioned, what it lists, and the table; `children` (a
 * decision dialog) sit after the table.
 */
export function RecordsSection<T extends { id: string }>({
  description,
  children,
  ...table
}: RecordsTableProps<T> & { description: string; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{table.caption}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <RecordsTable {...table} />
      </CardContent>
      {children}
    </Card>
  );
}

/** One section's server-paged table through the list kit, with its loading, error and empty states. */
function RecordsTable<T extends { id: string }>({
  query,
  page,
  setPage,
  caption,
  columns,
  empty,
}: RecordsTableProps<T>) {
  const { text } = useSharedPlanFundingMessages();
  return (
    <ListTable
      query={query}
      list={pagesOnly(page, setPage)}
      pageSize={RECORDS_PAGE_SIZE}
      noun={caption.toLowerCase()}
      empty={<EmptyState icon={empty.icon} title={empty.title} description={empty.description} level={3} />}
      caption={caption}
      columns={columns}
      rowId={(row) => row.id}
      sortable={false}
      pagerLabel={text('sharedPlanFunding.records.pager', { caption: caption.toLowerCase() })}
      // A page of records may hold no link or button (off-chain records without evidence): the scroll box
      // itself takes the focus then, so the keyboard can reach it.
      scrollLabel={caption}
    />
  );
}

export const amountCell = (value: string) => (
  <span className="whitespace-nowrap font-medium tabular-nums">{formatUsdtPrecise(value)}</span>
);

/** A record's words (a note, where money came from, a reason), wrapped in a narrow column; "—" when none. */
export const textCell = (value: string | null) => (
  <p className="min-w-[10rem] max-w-xs break-words text-sm">{value ?? NOT_AVAILABLE}</p>
);

const VERDICT_POLL_MS = 10_000;

/**
 * While the chain still works on a transfer of the page shown (checking, confirming, not found yet), the page is
 * read again now and then, so its verdict moves on without a reload; `watch` is called with the page's rows.
 */
export function useVerdictPolling() {
  const [watching, setWatching] = useState(false);
  return {
    options: { pollingInterval: watching ? VERDICT_POLL_MS : 0, skipPollingIfUnfocused: true },
    watch: (rows: { chain: FundingChainVerdict }[] | undefined) => {
      const open = (rows ?? []).some((row) => OPEN_CHAIN_STATUSES.has(row.chain.status));
      if (open !== watching) setWatching(open);
    },
  };
}
