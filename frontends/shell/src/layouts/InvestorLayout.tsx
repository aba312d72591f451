// Investor layout (spec section 2): sidebar 72 units wide on large screens, drawer on small ones, every group
// open, "Investor Account" with the available balance, an unread badge on Notifications, Sign Out at the bottom.
import type { ReactNode } from 'react';
import {
  selectUser,
  UNREAD_POLL_MS,
  useAppSelector,
  useMeQuery,
  useUnreadCountQuery,
} from '@cropvest/web-kit';
import { useNotificationStream } from '@cropvest/web-kit/notification-stream';
import { sidebarGroups, type ScreenRoute } from '@cropvest/web-kit/screens';
import { formatUsdt } from '@cropvest/ui/format';
import { useShellMessages } from '../messages/catalogue.ts';
import { Frame } from './Frame.tsx';

export default function InvestorLayout({
  routes,
  children,
}: {
  routes: readonly ScreenRoute[];
  children: ReactNode;
}) {
  const user = useAppSelector(selectUser);
  const { text } = useShellMessages();
  // The balance shown here comes from /api/auth/me; holding this subscription is what makes a screen's
  // invalidation of 'User' (after a deposit, withdrawal or investment) refetch it at once.
  useMeQuery();
  // One live stream for every screen of the area; the spec's 30-second poll runs only while it is down.
  const live = useNotificationStream();
  const { data: unread } = useUnreadCountQuery(undefined, {
    pollingInterval: live ? 0 : UNREAD_POLL_MS,
    skipPollingIfUnfocused: false,
  });
  const count = unread?.count ?? 0;
  const groups = sidebarGroups(routes).map((group) => ({
    ...group,
    links: group.links.map((link) =>
      link.to === '/investor/notifications' && count > 0
        ? {
            ...link,
            badge: (
              <span
                className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-on-danger"
                aria-label={text('shell.investor.unread', { count })}
              >
                {count}
              </span>
            ),
          }
        : link,
    ),
  }));
  return (
    <Frame
      label={text('shell.investor.navigation')}
      groups={groups}
      initiallyOpen="all"
      widthClass="w-72"
      offsetClass="lg:ps-72"
      header={
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {text('shell.investor.account')}
          </p>
          <p className="mt-1 truncate text-sm font-medium text-ink">{user?.name}</p>
          <p className="mt-2 text-xs text-ink-muted">{text('shell.investor.availableBalance')}</p>
          <p className="text-lg font-bold text-brand-ink" data-testid="sidebar-balance">
            {formatUsdt(user?.balance)}
          </p>
        </div>
      }
    >
      {children}
    </Frame>
  );
}
