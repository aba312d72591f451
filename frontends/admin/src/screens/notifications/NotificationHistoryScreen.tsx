// Notification History (spec section 2): every send, one server page at a time, with whom it went to and how
// many read it; searched by title or message, filtered by type with a count each, newest or oldest first.
// Search, type, order and page live in the address.
import { History } from 'lucide-react';
import {
  NOTIFICATION_TYPES,
  type AdminNotificationSort,
  type AdminNotificationTypeFilter,
} from '@cropvest/contracts/notifications';
import { useListState } from '@cropvest/web-kit/list-state';
import { Card, CardContent } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { Label } from '@cropvest/ui/input';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Select } from '@cropvest/ui/select';
import { formatCount } from '@cropvest/ui/format';
import { chosenOption, FilterButtons } from '../admin-list/FilterButtons.tsx';
import { SearchBox } from '../review-queue/SearchBox.tsx';
import { useAdminSendCountsQuery, useAdminSendsQuery } from './api.ts';
import { SentNotification, TYPE_LABELS } from './SentNotification.tsx';

const PAGE_SIZE = 20;

const TYPE_FILTERS: { value: AdminNotificationTypeFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...NOTIFICATION_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
];

const SORTS: { value: AdminNotificationSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'title', label: 'Title A–Z' },
];

export default function NotificationHistoryScreen() {
  const list = useListState<'type'>({
    pageSize: PAGE_SIZE,
    sort: { id: 'createdAt', desc: true },
    filters: { type: 'all' },
  });
  const q = list.search.trim();
  const type = chosenOption(TYPE_FILTERS, list.filters.type);
  const sort = chosenOption(SORTS, list.sort ? `${list.sort.desc ? '-' : ''}${list.sort.id}` : '-createdAt');
  const sends = useAdminSendsQuery({ page: list.page, pageSize: PAGE_SIZE, type, sort, ...(q ? { q } : {}) });
  const counts = useAdminSendCountsQuery(q ? { q } : {});

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Notification History</h1>
        <p className="mt-1 text-slate-600">
          Every notification sent, whom it went to and how many have read it.
        </p>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
            <SearchBox
              label="Search notifications"
              placeholder="Title or message"
              search={list.search}
              setSearch={list.setSearch}
            />
            <div className="space-y-1.5">
              <Label htmlFor="history-sort">Order</Label>
              <Select
                id="history-sort"
                value={sort}
                options={SORTS}
                onValueChange={(value) =>
                  list.setSort({ id: value.replace(/^-/, ''), desc: value.startsWith('-') })
                }
              />
            </div>
          </div>
          <FilterButtons
            label="Filter by type"
            options={TYPE_FILTERS}
            current={type}
            counts={counts.data}
            onChange={(value) => list.setFilter('type', value)}
          />
          <p role="status" className="text-sm text-slate-700">
            {sends.data
              ? `${formatCount(sends.data.total)} notification${sends.data.total === 1 ? '' : 's'} found`
              : '\u00a0'}
          </p>
          <QueryView
            query={sends}
            what="the notification history"
            skeleton={<SkeletonRows rows={4} className="h-24" />}
            isEmpty={(data) => data.items.length === 0}
            filtered={list.filtered || list.page > 1}
            empty={
              <EmptyState
                icon={<History className="h-8 w-8" />}
                title="No notifications sent yet"
                description="Notifications you send will appear here."
              />
            }
            noResults={
              <EmptyState
                icon={<History className="h-8 w-8" />}
                title="No notifications found"
                description="Try adjusting your search or filters."
              />
            }
          >
            {(data) => (
              <div className="space-y-4">
                <ul className="space-y-3">
                  {data.items.map((sent) => (
                    <SentNotification key={sent.id} sent={sent} />
                  ))}
                </ul>
                <Pagination
                  page={list.page}
                  pageSize={PAGE_SIZE}
                  total={data.total}
                  onPageChange={list.setPage}
                />
              </div>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </div>
  );
}
