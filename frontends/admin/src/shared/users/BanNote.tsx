// A banned user's note: when the ban began and why, as the admin who banned them wrote it.
import type { AdminUser } from '@cropvest/contracts/identity/admin-users';
import { cn } from '@cropvest/ui/cn';
import { formatDateTime } from '@cropvest/ui/format';
import { useSharedUsersMessages } from './messages/catalogue.ts';

export function BanNote({ user, className }: { user: AdminUser; className?: string }) {
  const { text } = useSharedUsersMessages();
  if (!user.isBanned) return null;
  const banned = user.bannedAt
    ? text('users.banNote.bannedAt', { date: formatDateTime(user.bannedAt) })
    : text('users.banNote.banned');
  return (
    <p className={cn('text-sm text-danger-ink', className)}>
      {user.banReason
        ? text('users.banNote.reason', { banned, reason: user.banReason })
        : text('users.banNote.noReason', { banned })}
    </p>
  );
}
