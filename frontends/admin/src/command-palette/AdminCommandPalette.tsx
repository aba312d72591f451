// The admin command palette (docs/decisions/0111): the screens of the admin sidebar, and users, deposits,
// withdrawals and plans found through their lists' own searches; a found record opens its own page (a deposit's
// and a withdrawal's since decision 0121, with the same review actions as its queue's row). The shell's admin
// layout opens it (Ctrl/⌘-K or the header's Search button) and passes the routes its sidebar is built from, so
// the palette offers exactly the screens the sidebar offers this admin.
import { useCallback, useMemo, type ReactNode } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, LayoutGrid, Sprout, User } from 'lucide-react';
import { adminDepositPage, adminWithdrawalPage } from '@cropvest/web-kit';
import { usePagedSearch } from '@cropvest/web-kit/paged-search';
import { navigate } from '@cropvest/web-kit/router';
import { sidebarGroups, type AreaCommandPaletteProps, type ScreenRoute } from '@cropvest/web-kit/screens';
import { CommandMenu, type CommandMenuGroup, type CommandMenuItem } from '@cropvest/ui/command-menu';
import { formatDate, formatUsdt, shortenAddress } from '@cropvest/ui/format';
import { useSearchGroup, type SearchGroupState } from './use-search-group.ts';
import { searchDeposits, searchPlans, searchUsers, searchWithdrawals } from './sources.ts';
import { useCommandPaletteMessages } from './messages/catalogue.ts';

/** The sidebar's screens matching the text (all of them while it is blank), each named as the sidebar names it. */
function screenItems(
  routes: readonly ScreenRoute[],
  text: string,
  go: (to: string) => void,
): CommandMenuItem[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return sidebarGroups(routes).flatMap((group) =>
    group.links
      .filter((link) => {
        const name = `${link.label} ${group.title}`.toLowerCase();
        return words.every((word) => name.includes(word));
      })
      .map((link) => ({
        id: `screen:${link.to}`,
        label: link.label,
        detail: group.title,
        icon: <LayoutGrid className="h-4 w-4" />,
        onSelect: () => go(link.to),
      })),
  );
}

/** A search group's commands and its state for the menu (nothing while the text is blank). */
function groupOf<T>(
  heading: string,
  search: SearchGroupState<T>,
  item: (found: T) => CommandMenuItem,
): CommandMenuGroup {
  switch (search.status) {
    case 'idle':
      return { heading, items: [] };
    case 'loading':
      return { heading, items: [], state: 'loading' };
    case 'error':
      return { heading, items: [], state: { error: search.message } };
    case 'done':
      return { heading, items: search.items.map(item) };
  }
}

const transferDetail = (parts: ReactNode[]) => parts.filter(Boolean).join(' · ');

export default function AdminCommandPalette({ open, onOpenChange, routes }: AreaCommandPaletteProps) {
  const { text: message } = useCommandPaletteMessages();
  const { text, setText, search } = usePagedSearch();
  const go = useCallback(
    (to: string) => {
      onOpenChange(false);
      setText('');
      navigate(to);
    },
    [onOpenChange, setText],
  );
  // Searches run only while the palette is open; closing it aborts whatever is still running.
  const sent = open ? search : '';
  const users = useSearchGroup(sent, searchUsers, message('commandPalette.users.failed'));
  const deposits = useSearchGroup(sent, searchDeposits, message('commandPalette.deposits.failed'));
  const withdrawals = useSearchGroup(sent, searchWithdrawals, message('commandPalette.withdrawals.failed'));
  const plans = useSearchGroup(sent, searchPlans, message('commandPalette.plans.failed'));

  const groups = useMemo<CommandMenuGroup[]>(
    () => [
      { heading: message('commandPalette.screens'), items: screenItems(routes, text, go) },
      groupOf(message('commandPalette.users'), users, (user) => ({
        id: `user:${user.id}`,
        label: user.name,
        detail: transferDetail([
          user.email,
          user.role === 'admin' ? message('commandPalette.user.admin') : null,
          user.isBanned ? message('commandPalette.user.banned') : null,
        ]),
        icon: <User className="h-4 w-4" />,
        onSelect: () => go(`/admin/users/${user.id}`),
      })),
      groupOf(message('commandPalette.deposits'), deposits, (deposit) => ({
        id: `deposit:${deposit.id}`,
        label: message('commandPalette.deposit.label', {
          amount: formatUsdt(deposit.amount),
          name: deposit.user.name,
        }),
        detail: transferDetail([
          deposit.user.email,
          message('commandPalette.transfer.status', { status: deposit.status }),
          formatDate(deposit.createdAt),
        ]),
        icon: <ArrowDownToLine className="h-4 w-4" />,
        onSelect: () => go(adminDepositPage(deposit.id)),
      })),
      groupOf(message('commandPalette.withdrawals'), withdrawals, (withdrawal) => ({
        id: `withdrawal:${withdrawal.id}`,
        label: message('commandPalette.withdrawal.label', {
          amount: formatUsdt(withdrawal.amount),
          address: shortenAddress(withdrawal.walletAddress),
        }),
        detail: transferDetail([
          withdrawal.user.email,
          message('commandPalette.transfer.status', { status: withdrawal.status }),
          formatDate(withdrawal.createdAt),
        ]),
        icon: <ArrowUpFromLine className="h-4 w-4" />,
        onSelect: () => go(adminWithdrawalPage(withdrawal.id)),
      })),
      groupOf(message('commandPalette.plans'), plans, (plan) => ({
        id: `plan:${plan.id}`,
        label: plan.title,
        detail: plan.isActive
          ? message('commandPalette.plan.active')
          : message('commandPalette.plan.inactive'),
        icon: <Sprout className="h-4 w-4" />,
        onSelect: () => go(`/admin/plans/${plan.id}/funding`),
      })),
    ],
    [routes, text, go, users, deposits, withdrawals, plans, message],
  );

  return (
    <CommandMenu
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
      title={message('commandPalette.title')}
      placeholder={message('commandPalette.placeholder')}
      search={text}
      onSearchChange={setText}
      groups={groups}
      empty={message('commandPalette.empty', { search: text.trim() })}
    />
  );
}
