// Notification History (spec section 2): every send, one server page at a time, with whom it went to and how
// many read it; searched by title or message, filtered by type with a count each, newest or oldest first.
// Search, type, order and page live in the address.
import { History } from 'lucide-react';
import type { AdminNotificationSort, AdminNotificationTypeFilter } from '@cropvest/contracts/notify/model';
import { NOTIFICATION_TYPES } from '@cropvest/contracts/notify/notification-rules';
import { useListState } from '@cropvest/web-kit/list-state';
import { Card, CardContent } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { ListCards } from '@cropvest/ui/list/results';
import { ListToolbar, chosenOption, sortParam } from '@cropvest/ui/list/toolbar';
import { useAdminSendCountsQuery, useAdminSendsQuery } from '../../api/notifications.ts';
import { useNotificationsMessages, type NotificationsMessageId } from './messages/catalogue.ts';
import { SentNotification, TYPE_MESSAGES } from './SentNotification.tsx';

const PAGE_SIZE = 20;

const TYPE_FILTERS: { value: AdminNotificationTypeFilter; label: NotificationsMessageId }[] = [
  { value: 'all', label: 'notifications.history.all' },
  ...NOTIFICATION_TYPES.map((type) => ({ value: type, label: TYPE_MESSAGES[type] })),
];

const SORTS: { value: AdminNotificationSort; label: NotificationsMessageId }[] = [
  { value: '-createdAt', label: 'notifications.history.newest' },
  { value: 'createdAt', label: 'notifications.history.oldest' },
  { value: 'title', label: 'notifications.history.titleAz' },
];

export default function NotificationHistoryScreen() {
  const { text } = useNotificationsMessages();
  const translated = <V extends string>(options: { value: V; label: NotificationsMessageId }[]) =>
    options.map(({ value, label }) => ({ value, label: text(label) }));
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
        <h1 className="text-2xl font-bold text-ink">{text('notifications.history.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('notifications.history.intro')}</p>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <ListToolbar
            list={list}
            search={{
              label: text('notifications.history.search'),
              placeholder: text('notifications.history.searchPlaceholder'),
            }}
            order={{ id: 'history-sort', options: translated(SORTS), current: sort }}
            filter={{
              label: text('notifications.history.filter'),
              options: translated(TYPE_FILTERS),
              current: type,
              counts: counts.data,
              onChange: (value) => list.setFilter('type', value),
            }}
            noun={text('notifications.history.noun')}
            nouns={text('notifications.history.nouns')}
            total={sends.data?.total}
          />
          <ListCards
            query={sends}
            list={list}
            pageSize={PAGE_SIZE}
            noun={text('notifications.history.listNoun')}
            skeletonHeight="h-24"
            className="space-y-3"
            empty={
              <EmptyState
                icon={<History className="h-8 w-8" />}
                title={text('notifications.empty.title')}
                description={text('notifications.empty.description')}
              />
            }
            noResults={
              <EmptyState
                icon={<History className="h-8 w-8" />}
                title={text('notifications.history.noResults')}
                description={text('notifications.history.noResultsDescription')}
              />
            }
          >
            {(sent) => <SentNotification key={sent.id} sent={sent} level={2} />}
          </ListCards>
        </CardContent>
      </Card>
    </div>
  );
}
