// One section of the user page: a card with its own loading, error and empty states and its own small server
// page, so a slow or failing service leaves the other sections alone.
import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import type { Paged } from '@cropvest/web-kit';
import { DataTable, type DataTableColumn } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { QueryView, SkeletonRows, type QueryLike } from '@cropvest/ui/query-view';
import { SECTION_PAGE_SIZE } from '../../api/user-page.ts';
import { SectionCard } from './SectionCard.tsx';

export interface UserSectionProps<T extends object> {
  title: string;
  /** Plural noun: "the deposits" in the error, "No deposits" in the empty state. */
  noun: string;
  query: QueryLike<Paged<T>>;
  page: number;
  onPageChange: (page: number) => void;
  columns: DataTableColumn<T>[];
  rowId: (row: T) => string;
  /** Above the table (e.g. how many await a decision). */
  intro?: ReactNode;
  /** One card per row at phone width, for rows whose values are long (DataTable's `cardsOnPhone`). */
  cardsOnPhone?: boolean;
}

export function UserSection<T extends object>({
  title,
  noun,
  query,
  page,
  onPageChange,
  columns,
  rowId,
  intro,
  cardsOnPhone,
}: UserSectionProps<T>) {
  const headingId = `user-section-${noun.replace(/\s+/g, '-')}`;
  return (
    <SectionCard headingId={headingId} title={title} total={query.data?.total} contentClassName="space-y-3">
      {intro}
      <QueryView
        query={query}
        what={`the ${noun}`}
        skeleton={<SkeletonRows rows={3} className="h-10" />}
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState icon={<Inbox className="h-8 w-8" />} title={`No ${noun}`} />}
      >
        {(data) => (
          <DataTable
            caption={title}
            columns={columns}
            rows={data.items}
            rowId={rowId}
            page={page}
            pageSize={SECTION_PAGE_SIZE}
            total={data.total}
            onPageChange={onPageChange}
            pagerLabel={`Pages of ${noun}`}
            scrollLabel={`${title} table`}
            cardsOnPhone={cardsOnPhone}
            empty={<p className="py-4 text-center text-sm text-ink-muted">This page is empty.</p>}
          />
        )}
      </QueryView>
    </SectionCard>
  );
}
