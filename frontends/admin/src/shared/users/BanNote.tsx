// A banned user's note: when the ban began and why, as the admin who banned them wrote it.
import type { AdminUser } from '@cropvest/contracts/identity/admin-users';
import { cn } from '@cropvest/ui/cn';
import { formatDateTime } from '@cropvest/ui/format';

export function BanNote({ user, className }: { user: AdminUser; className?: string }) {
  if (!user.isBanned) return null;
  return (
    <p className={cn('text-sm text-danger-ink', className)}>
      Banned{user.bannedAt ? ` ${formatDateTime(user.bannedAt)}` : ''}
      {user.banReason ? <>: {user.banReason}</> : ' (no reason given)'}
    </p>
  );
}
