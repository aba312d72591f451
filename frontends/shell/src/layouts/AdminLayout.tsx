// Admin layout (spec section 2): sidebar 64 units wide on large screens with every group and link of the
// spec, only Overview open at first, the group holding the current page highlighted.
import type { ReactNode } from 'react';
import { selectUser, useAppSelector } from '@cropvest/web-kit';
import { useNotificationStream } from '@cropvest/web-kit/notification-stream';
import { sidebarGroups, type ScreenRoute } from '@cropvest/web-kit/screens';
import { Frame } from './Frame.tsx';
import { AdminSearch } from './AdminSearch.tsx';
import { useShellMessages } from '../messages/catalogue.ts';

export default function AdminLayout({
  routes,
  children,
}: {
  routes: readonly ScreenRoute[];
  children: ReactNode;
}) {
  const user = useAppSelector(selectUser);
  const { text } = useShellMessages();
  // The live stream keeps every queue current while the admin looks at it (docs/decisions/0105).
  useNotificationStream();
  return (
    <Frame
      label={text('shell.admin.navigation')}
      groups={sidebarGroups(routes)}
      initiallyOpen={['Overview']}
      widthClass="w-64"
      offsetClass="lg:ps-64"
      actions={<AdminSearch routes={routes} />}
      header={
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {text('shell.admin.account')}
          </p>
          <p className="mt-1 truncate text-sm font-medium text-ink">{user?.name}</p>
        </div>
      }
    >
      {children}
    </Frame>
  );
}
