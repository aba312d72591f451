// The admin command palette (docs/decisions/0111): the screens of the admin sidebar, and users, deposits,
// withdrawals and plans found through their lists' own searches. The shell's admin layout opens it (Ctrl/⌘-K or
// the header's Search button) and passes the routes its sidebar is built from, so the palette offers exactly the
// screens the sidebar offers this admin.
import { useCallback, useMemo, type ReactNode } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, LayoutGrid, Sprout, User } from 'lucide-react';
import { usePagedSearch } from '@cropvest/web-kit/paged-search';
import { navigate } from '@cropvest/web-kit/router';
import { sidebarGroups, type AreaCommandPaletteProps, type ScreenRoute } from '@cropvest/web-kit/screens';
import { CommandMenu, type CommandMenuGroup, type CommandMenuItem } from '@cropvest/ui/command-menu';
import { formatDate, formatUsdt, shortenAddress } from '@cropvest/ui/format';
import { useSearchGroup, type SearchGroupState } from './use-search-group.ts';
import { searchDeposits, searchPlans, searchUsers, searchWithdrawals } from './sources.ts';

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

/**
 * A request's list narrowed to it by its id in the search box (`?q=`): no deposit or withdrawal has a page of its
 * own, and the list row carries every action on it.
 */
const listFilteredTo = (list: string, q: string) => `${list}?${new URLSearchParams({ q }).toString()}`;

export default function AdminCommandPalette({ open, onOpenChange, routes }: AreaCommandPaletteProps) {
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
  const users = useSearchGroup(sent, searchUsers, 'Could not search users');
  const deposits = useSearchGroup(sent, searchDeposits, 'Could not search deposits');
  const withdrawals = useSearchGroup(sent, searchWithdrawals, 'Could not search withdrawals');
  const plans = useSearchGroup(sent, searchPlans, 'Could not search plans');

  const groups = useMemo<CommandMenuGroup[]>(
    () => [
      { heading: 'Screens', items: screenItems(routes, text, go) },
      groupOf('Users', users, (user) => ({
        id: `user:${user.id}`,
        label: user.name,
        detail: transferDetail([
          user.email,
          user.role === 'admin' ? 'Admin' : null,
          user.isBanned ? 'Banned' : null,
        ]),
        icon: <User className="h-4 w-4" />,
        onSelect: () => go(`/admin/users/${user.id}`),
      })),
      groupOf('Deposits', deposits, (deposit) => ({
        id: `deposit:${deposit.id}`,
        label: `${formatUsdt(deposit.amount)} from ${deposit.user.name}`,
        detail: transferDetail([deposit.user.email, deposit.status, formatDate(deposit.createdAt)]),
        icon: <ArrowDownToLine className="h-4 w-4" />,
        onSelect: () => go(listFilteredTo('/admin/deposits', deposit.id)),
      })),
      groupOf('Withdrawals', withdrawals, (withdrawal) => ({
        id: `withdrawal:${withdrawal.id}`,
        label: `${formatUsdt(withdrawal.amount)} to ${shortenAddress(withdrawal.walletAddress)}`,
        detail: transferDetail([withdrawal.user.email, withdrawal.status, formatDate(withdrawal.createdAt)]),
        icon: <ArrowUpFromLine className="h-4 w-4" />,
        onSelect: () => go(listFilteredTo('/admin/withdrawals', withdrawal.id)),
      })),
      groupOf('Plans', plans, (plan) => ({
        id: `plan:${plan.id}`,
        label: plan.title,
        detail: plan.isActive ? 'Active' : 'Inactive',
        icon: <Sprout className="h-4 w-4" />,
        onSelect: () => go(`/admin/plans/${plan.id}/funding`),
      })),
    ],
    [routes, text, go, users, deposits, withdrawals, plans],
  );

  return (
    <CommandMenu
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
      title="Search the admin area"
      placeholder="Go to a screen, or find a user, deposit, withdrawal or plan…"
      search={text}
      onSearchChange={setText}
      groups={groups}
      empty={`No results for “${text.trim()}”`}
    />
  );
}
