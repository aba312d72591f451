// One section of the user page: a card with its own loading, error and empty states and its own small server
// page through the list kit (one card per row at phone width), so a slow or failing service leaves the other
// sections alone.
import { useId, type ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import type { Paged } from '@cropvest/web-kit';
import type { DataTableColumn } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import type { QueryLike } from '@cropvest/ui/query-view';
import { pagesOnly } from '@cropvest/ui/list/controls';
import { ListTable } from '@cropvest/ui/list/results';
import { SECTION_PAGE_SIZE } from '../../api/user-page.ts';
import { SectionCard } from './SectionCard.tsx';
import { useUserDetailMessages } from './messages/catalogue.ts';

export interface UserSectionProps<T extends object> {
  title: string;
  /** Plural noun, in the page's language: "the deposits" in the list kit's loading and error texts. */
  noun: string;
  /** The empty state's title ("No deposits"). */
  empty: string;
  /** The pager's name ("Pages of deposits"). */
  pagerLabel: string;
  query: QueryLike<Paged<T>>;
  page: number;
  onPageChange: (page: number) => void;
  columns: DataTableColumn<T>[];
  rowId: (row: T) => string;
  /** Above the table (e.g. how many await a decision). */
  intro?: ReactNode;
}

export function UserSection<T extends object>({
  title,
  noun,
  empty,
  pagerLabel,
  query,
  page,
  onPageChange,
  columns,
  rowId,
  intro,
}: UserSectionProps<T>) {
  const { text } = useUserDetailMessages();
  const headingId = useId();
  return (
    <SectionCard headingId={headingId} title={title} total={query.data?.total} contentClassName="space-y-3">
      {intro}
      <ListTable
        query={query}
        list={pagesOnly(page, onPageChange)}
        pageSize={SECTION_PAGE_SIZE}
        noun={noun}
        empty={<EmptyState icon={<Inbox className="h-8 w-8" />} title={empty} />}
        caption={title}
        columns={columns}
        rowId={rowId}
        sortable={false}
        pagerLabel={pagerLabel}
        scrollLabel={text('userDetail.section.table', { title })}
      />
    </SectionCard>
  );
}
