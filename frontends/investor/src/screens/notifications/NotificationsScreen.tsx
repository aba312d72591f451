// Notifications (spec sections 2 and 4): tabs All, Unread (n) and Read (the tab and the page are in the
// address), newest first and paged on the server, an icon per type; clicking an unread one marks it read;
// Mark All Read. New ones arrive live through the layout's stream, which refreshes this list and the count.
import type { ReactNode } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, Bell, CheckCheck, ShieldCheck, Sprout } from 'lucide-react';
import type {
  Notification,
  NotificationReadFilter,
  NotificationType,
} from '@cropvest/contracts/notify/model';
import { useUnreadCountQuery } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { useListState, type ListState } from '@cropvest/web-kit/list-state';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card } from '@cropvest/ui/card';
import { cn } from '@cropvest/ui/cn';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDateTime } from '@cropvest/ui/format';
import { ListCards } from '@cropvest/ui/list/results';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cropvest/ui/tabs';
import { toast } from '@cropvest/ui/toast';
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useMyNotificationsQuery,
} from '../../api/notifications.ts';
import { useMyNotificationsMessages, type MyNotificationsMessageId } from './messages/catalogue.ts';

const PAGE_SIZE = 20;

interface ReadTab {
  value: NotificationReadFilter;
  /** Its name, given the number of unread notifications (`{count}`). */
  label: MyNotificationsMessageId;
  empty: MyNotificationsMessageId;
  emptyText: MyNotificationsMessageId;
}

const TABS: readonly ReadTab[] = [
  {
    value: 'all',
    label: 'notifications.tab.all',
    empty: 'notifications.empty.all.title',
    emptyText: 'notifications.empty.all.description',
  },
  {
    value: 'unread',
    label: 'notifications.tab.unread',
    empty: 'notifications.empty.unread.title',
    emptyText: 'notifications.empty.unread.description',
  },
  {
    value: 'read',
    label: 'notifications.tab.read',
    empty: 'notifications.empty.read.title',
    emptyText: 'notifications.empty.read.description',
  },
];
const tabOf = (value: string): ReadTab => TABS.find((tab) => tab.value === value) ?? (TABS[0] as ReadTab);

const TYPE_ICONS: Record<
  NotificationType,
  { icon: ReactNode; label: MyNotificationsMessageId; tone: string }
> = {
  general: {
    icon: <Bell className="h-5 w-5" />,
    label: 'notifications.type.general',
    tone: 'bg-surface-muted text-ink-muted',
  },
  deposit: {
    icon: <ArrowDownToLine className="h-5 w-5" />,
    label: 'notifications.type.deposit',
    tone: 'bg-brand-muted text-brand-ink',
  },
  withdrawal: {
    icon: <ArrowUpFromLine className="h-5 w-5" />,
    label: 'notifications.type.withdrawal',
    tone: 'bg-info-muted text-info-ink',
  },
  investment: {
    icon: <Sprout className="h-5 w-5" />,
    label: 'notifications.type.investment',
    tone: 'bg-success-muted text-success-ink',
  },
  security: {
    icon: <ShieldCheck className="h-5 w-5" />,
    label: 'notifications.type.security',
    tone: 'bg-warning-muted text-warning-ink',
  },
};

export default function NotificationsScreen() {
  const list = useListState<'tab'>({ pageSize: PAGE_SIZE, filters: { tab: 'all' } });
  const tab = tabOf(list.filters.tab);
  const unread = useUnreadCountQuery().data?.count ?? 0;
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const { text } = useMyNotificationsMessages();

  const onMarkAll = async () => {
    try {
      const result = await markAll().unwrap();
      toast({ title: text('notifications.markedAll', { count: result.marked }), variant: 'success' });
    } catch (error) {
      toastFailure(error, { fallback: text('notifications.markAllFailed') });
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('notifications.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('notifications.unreadSummary', { count: unread })}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => void onMarkAll()}
          disabled={unread === 0 || markingAll.isLoading}
        >
          <CheckCheck aria-hidden="true" className="h-4 w-4" /> {text('notifications.markAll')}
        </Button>
      </div>

      <Card className="p-3 sm:p-5">
        <Tabs
          value={tab.value}
          onValueChange={(value) => list.setFilter('tab', value)}
          activationMode="manual"
        >
          <TabsList aria-label={text('notifications.tabs.label')}>
            {TABS.map((item) => (
              <TabsTrigger key={item.value} value={item.value}>
                {text(item.label, { count: unread })}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((item) => (
            <TabsContent key={item.value} value={item.value}>
              <NotificationList tab={item} list={list} />
            </TabsContent>
          ))}
        </Tabs>
      </Card>
    </div>
  );
}

function NotificationList({ tab, list }: { tab: ReadTab; list: ListState<'tab'> }) {
  const { text } = useMyNotificationsMessages();
  const notifications = useMyNotificationsQuery({ status: tab.value, page: list.page, pageSize: PAGE_SIZE });
  // The tab is the only filter, and each tab words its own empty state.
  const nothing = (
    <EmptyState
      icon={<Bell className="h-8 w-8" />}
      title={text(tab.empty)}
      description={text(tab.emptyText)}
      level={2}
    />
  );
  return (
    <div aria-busy={notifications.isFetching}>
      <ListCards
        query={notifications}
        list={list}
        pageSize={PAGE_SIZE}
        noun={text('notifications.list.noun')}
        what={text('notifications.list.what')}
        empty={nothing}
        noResults={nothing}
        label={{ list: text('notifications.list.label'), pager: text('notifications.list.pager') }}
        skeletonHeight="h-20"
        className="divide-y divide-border"
      >
        {(notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} />
          </li>
        )}
      </ListCards>
    </div>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { text } = useMyNotificationsMessages();
  const [markRead, marking] = useMarkNotificationReadMutation();
  const type = TYPE_ICONS[notification.type];
  const body = (
    <>
      <span
        aria-hidden="true"
        className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-full', type.tone)}
      >
        {type.icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className={cn('text-sm text-ink', !notification.isRead && 'font-semibold')}>
            {notification.title}
          </span>
          <Badge tone="gray">{text(type.label)}</Badge>
          {notification.isRead ? null : <Badge tone="blue">{text('notifications.item.new')}</Badge>}
        </span>
        <span className="mt-1 block whitespace-pre-line break-words text-sm text-ink-muted">
          {notification.message}
        </span>
        <span className="mt-1 block text-xs text-ink-muted">{formatDateTime(notification.createdAt)}</span>
      </span>
    </>
  );
  if (notification.isRead) return <div className="flex gap-3 px-2 py-4">{body}</div>;
  return (
    <button
      type="button"
      className="flex w-full gap-3 rounded-md bg-brand-muted/60 px-2 py-4 text-start hover:bg-brand-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus disabled:opacity-60"
      disabled={marking.isLoading}
      aria-describedby={`mark-read-${notification.id}`}
      onClick={() =>
        void markRead(notification.id)
          .unwrap()
          .catch((error: unknown) => toastFailure(error, { fallback: text('notifications.markOneFailed') }))
      }
    >
      {body}
      <span id={`mark-read-${notification.id}`} className="sr-only">
        {text('notifications.item.markRead')}
      </span>
    </button>
  );
}
