// Notification History (spec section 2): every send, one server page at a time, with whom it went to and how
// many read it; searched by title or message, filtered by type with a count each, newest or oldest first.
// Search, type, order and page live in the address.
import { History } from 'lucide-react';
import {
  NOTIFICATION_TYPES,
  type AdminNotificationSort,
  type AdminNotificationTypeFilter,
} from '@cropvest/contracts/notify/model';
import { useListState } from '@cropvest/web-kit/list-state';
import { Card, CardContent } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { ListCards } from '@cropvest/ui/list/results';
import { ListToolbar, chosenOption, sortParam } from '@cropvest/ui/list/toolbar';
import { useAdminSendCountsQuery, useAdminSendsQuery } from '../../api/notifications.ts';
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
  const sort = chosenOption(SORTS, sortParam(list.sort, '-createdAt'));
  const sends = useAdminSendsQuery({ page: list.page, pageSize: PAGE_SIZE, type, sort, ...(q ? { q } : {}) });
  const counts = useAdminSendCountsQuery(q ? { q } : {});

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Notification History</h1>
        <p className="mt-1 text-ink-muted">
          Every notification sent, whom it went to and how many have read it.
        </p>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <ListToolbar
            list={list}
            search={{ label: 'Search notifications', placeholder: 'Title or message' }}
            order={{ id: 'history-sort', options: SORTS, current: sort }}
            filter={{
              label: 'Filter by type',
              options: TYPE_FILTERS,
              current: type,
              counts: counts.data,
              onChange: (value) => list.setFilter('type', value),
            }}
            noun="notification"
            total={sends.data?.total}
          />
          <ListCards
            query={sends}
            list={list}
            pageSize={PAGE_SIZE}
            noun="notification history"
            skeletonHeight="h-24"
            className="space-y-3"
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
            {(sent) => <SentNotification key={sent.id} sent={sent} />}
          </ListCards>
        </CardContent>
      </Card>
    </div>
  );
}
