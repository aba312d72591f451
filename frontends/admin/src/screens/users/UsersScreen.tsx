// All Users (spec section 2, User Management; /admin/users/manage leads here): a search by
// name, email or user id; the status filter All Users, Active Only, Banned Only with their counts; the count badge;
// one server page of user cards (role icon, name, Banned and Admin badges, email, balance, joined date, and a
// ban's reason and date) with Edit, Reset Password and Ban or Unban. Search, filter, order and page live in the
// address.
import { Shield, UserRound, UsersRound } from 'lucide-react';
import type {
  AdminUser,
  AdminUserSort,
  AdminUserStatusFilter,
} from '@cropvest/contracts/identity/admin-users';
import { useListState } from '@cropvest/web-kit/list-state';
import { Link } from '@cropvest/web-kit/router';
import { Badge } from '@cropvest/ui/badge';
import { Card, CardContent } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatCount, formatDate, formatUsdt } from '@cropvest/ui/format';
import { ListCards } from '@cropvest/ui/list/results';
import { ListToolbar, chosenOption, sortParam } from '@cropvest/ui/list/toolbar';
import { useUserCountsQuery, useUserListQuery } from '../../api/identity.ts';
import { BanNote } from '../../shared/users/BanNote.tsx';
import { UserActions } from '../../shared/users/UserActions.tsx';
import { useUsersMessages, type UsersMessageId } from './messages/catalogue.ts';

const PAGE_SIZE = 20;

const STATUS_FILTERS: { value: AdminUserStatusFilter; label: UsersMessageId }[] = [
  { value: 'all', label: 'users.filter.all' },
  { value: 'active', label: 'users.filter.active' },
  { value: 'banned', label: 'users.filter.banned' },
];

/** The first is the default (the contract's): newest first. */
const SORTS: { value: AdminUserSort; label: UsersMessageId }[] = [
  { value: '-createdAt', label: 'users.sort.newest' },
  { value: 'name', label: 'users.sort.name' },
  { value: '-balance', label: 'users.sort.balance' },
];

export default function UsersScreen() {
  const { text } = useUsersMessages();
  const named = <V extends string>(options: { value: V; label: UsersMessageId }[]) =>
    options.map((option) => ({ value: option.value, label: text(option.label) }));
  const list = useListState<'status'>({
    pageSize: PAGE_SIZE,
    sort: { id: 'createdAt', desc: true },
    filters: { status: 'all' },
  });
  const q = list.search.trim();
  const status = chosenOption(STATUS_FILTERS, list.filters.status);
  const sort = chosenOption(SORTS, sortParam(list.sort, '-createdAt'));
  const users = useUserListQuery({ status, sort, page: list.page, pageSize: PAGE_SIZE, ...(q ? { q } : {}) });
  const counts = useUserCountsQuery(q ? { q } : {});

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink">{text('users.title')}</h1>
        {counts.data ? (
          <Badge tone="gray" aria-label={text('users.count', { count: formatCount(counts.data.all) })}>
            {formatCount(counts.data.all)}
          </Badge>
        ) : null}
      </div>
      <p className="-mt-4 text-ink-muted">{text('users.subtitle')}</p>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <ListToolbar
            list={list}
            search={{ label: text('users.search.label'), placeholder: text('users.search.placeholder') }}
            order={{ id: 'user-sort', options: named(SORTS), current: sort }}
            filter={{
              label: text('users.filter.label'),
              options: named(STATUS_FILTERS),
              current: status,
              counts: counts.data,
              onChange: (value) => list.setFilter('status', value),
            }}
            noun={text('users.noun.one')}
            nouns={text('users.noun.other')}
            total={users.data?.total}
          />
          <ListCards
            query={users}
            list={list}
            pageSize={PAGE_SIZE}
            noun={text('users.noun.other')}
            label={{ list: text('users.list.label'), pager: text('users.list.pager') }}
            skeletonHeight="h-24"
            className="grid gap-3 xl:grid-cols-2"
            empty={
              <EmptyState
                level={2}
                icon={<UsersRound className="h-8 w-8" />}
                title={text('users.empty.title')}
                description={text('users.empty.description')}
              />
            }
            noResults={
              <EmptyState
                level={2}
                icon={<UsersRound className="h-8 w-8" />}
                title={text('users.empty.title')}
                description={text('users.noResults.description')}
              />
            }
          >
            {(user) => <UserCard key={user.id} user={user} />}
          </ListCards>
        </CardContent>
      </Card>
    </div>
  );
}

function UserCard({ user }: { user: AdminUser }) {
  const { text } = useUsersMessages();
  const roleName = user.role === 'admin' ? text('users.card.admin') : text('users.card.investor');
  const nameId = `user-${user.id}`;
  const RoleIcon = user.role === 'admin' ? Shield : UserRound;
  return (
    <li
      aria-labelledby={nameId}
      className="space-y-3 rounded-xl border border-border bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-muted text-brand-ink"
          title={roleName}
        >
          <RoleIcon aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">{roleName}</span>
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={nameId} className="break-words font-semibold text-ink">
              <Link to={`/admin/users/${user.id}`} className="hover:underline">
                {user.name}
              </Link>
            </h2>
            {user.isBanned ? <Badge tone="red">{text('users.card.banned')}</Badge> : null}
            {user.role === 'admin' ? <Badge tone="blue">{text('users.card.admin')}</Badge> : null}
          </div>
          <p className="break-all text-sm text-ink-muted">{user.email}</p>
          <p className="text-sm text-ink-muted">
            <span className="font-medium tabular-nums text-ink">{formatUsdt(user.balance)}</span>
            <span className="text-ink-muted">
              {text('users.card.joined', { date: formatDate(user.createdAt) })}
            </span>
          </p>
          <BanNote user={user} className="rounded-md bg-danger-muted px-2 py-1" />
        </div>
      </div>
      <UserActions user={user} />
    </li>
  );
}
