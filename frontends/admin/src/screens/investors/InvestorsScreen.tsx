// Manage Investors (spec section 2): only users with role investor. Three cards (how many investors, their
// combined and average available balance), a search by name, email or user id, the order (name, balance highest
// first, newest), one server page of investors as cards, and a View dialog per investor. Search, order and page
// live in the address.
import { useCallback, useRef, useState } from 'react';
import { Eye, UsersRound } from 'lucide-react';
import type { AdminUser, AdminUserSort } from '@cropvest/contracts/identity/admin-users';
import { useListState } from '@cropvest/web-kit/list-state';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { QueryView } from '@cropvest/ui/query-view';
import { StatCard } from '@cropvest/ui/stat-card';
import { formatCount, formatDate, formatUsdt } from '@cropvest/ui/format';
import { ListCards } from '@cropvest/ui/list/results';
import { FilterSelect, FoundStatus, SearchBox, chosenOption, sortParam } from '@cropvest/ui/list/toolbar';
import { useInvestorSummaryQuery, useUserListQuery } from '../../api/identity.ts';
import { InvestorDialog } from './InvestorDialog.tsx';
import { useInvestorsMessages, type InvestorsMessageId } from './messages/catalogue.ts';

const PAGE_SIZE = 20;
const SORT_ID = 'investor-sort';

/** The first is the default (the contract's): newest first. */
const SORTS: { value: AdminUserSort; label: InvestorsMessageId }[] = [
  { value: '-createdAt', label: 'investors.sort.newest' },
  { value: 'name', label: 'investors.sort.name' },
  { value: '-balance', label: 'investors.sort.balance' },
];

const TOTALS: InvestorsMessageId[] = [
  'investors.totals.count',
  'investors.totals.combined',
  'investors.totals.average',
];

export default function InvestorsScreen() {
  const { text, rich } = useInvestorsMessages();
  const list = useListState({ pageSize: PAGE_SIZE, sort: { id: 'createdAt', desc: true } });
  const q = list.search.trim();
  const sort = chosenOption(SORTS, sortParam(list.sort, '-createdAt'));
  const investors = useUserListQuery({
    role: 'investor',
    sort,
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(q ? { q } : {}),
  });
  const summary = useInvestorSummaryQuery();
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  // The dialog is unmounted when it closes, so the focus is given back to the View button that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const closeView = () => {
    setViewing(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const { refetch: refetchInvestors } = investors;
  const { refetch: refetchSummary } = summary;
  // The View dialog found the investor changed (banned, edited elsewhere): the cards and totals follow.
  const refresh = useCallback(() => {
    void refetchInvestors();
    void refetchSummary();
  }, [refetchInvestors, refetchSummary]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('investors.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('investors.subtitle')}</p>
      </div>

      <section aria-label={text('investors.totals.label')}>
        <QueryView
          query={summary}
          what={text('investors.totals.what')}
          skeleton={
            <div className="grid gap-4 sm:grid-cols-3">
              {TOTALS.map((label) => (
                <StatCard key={label} label={text(label)} value={null} loading />
              ))}
            </div>
          }
        >
          {(totals) => (
            <div className="grid gap-4 sm:grid-cols-3">
              <StatCard
                label={text('investors.totals.count')}
                value={<span data-testid="investor-count">{formatCount(totals.investors)}</span>}
              />
              <StatCard
                label={text('investors.totals.combined')}
                value={<span data-testid="investor-combined">{formatUsdt(totals.combinedBalance)}</span>}
              />
              <StatCard
                label={text('investors.totals.average')}
                value={<span data-testid="investor-average">{formatUsdt(totals.averageBalance)}</span>}
              />
            </div>
          )}
        </QueryView>
      </section>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <div className="grid gap-4 md:grid-cols-[1fr_16rem]">
            <SearchBox
              label={text('investors.search.label')}
              placeholder={text('investors.search.placeholder')}
              search={list.search}
              setSearch={list.setSearch}
            />
            <FilterSelect
              id={SORT_ID}
              label={text('investors.sort.label')}
              options={SORTS.map((option) => ({ value: option.value, label: text(option.label) }))}
              current={sort}
              onChange={(value) => list.setSort({ id: value.replace(/^-/, ''), desc: value.startsWith('-') })}
            />
          </div>
          <FoundStatus
            total={investors.data?.total}
            noun={text('investors.noun.one')}
            nouns={text('investors.noun.other')}
          />
          <ListCards
            query={investors}
            list={list}
            pageSize={PAGE_SIZE}
            noun={text('investors.noun.other')}
            label={{ list: text('investors.list.label'), pager: text('investors.list.pager') }}
            skeletonHeight="h-20"
            className="grid gap-3 lg:grid-cols-2"
            empty={
              <EmptyState
                level={2}
                icon={<UsersRound className="h-8 w-8" />}
                title={text('investors.empty.title')}
                description={text('investors.empty.description')}
              />
            }
            noResults={
              <EmptyState
                level={2}
                icon={<UsersRound className="h-8 w-8" />}
                title={text('investors.empty.title')}
                description={
                  q
                    ? rich('investors.noResults.search', {
                        query: (chunks) => <span className="break-all">{chunks}</span>,
                        q,
                      })
                    : text('investors.noResults.filters')
                }
              />
            }
          >
            {(investor) => (
              <InvestorCard
                key={investor.id}
                investor={investor}
                onView={(button) => {
                  opener.current = button;
                  setViewing(investor);
                }}
              />
            )}
          </ListCards>
        </CardContent>
      </Card>

      {viewing ? <InvestorDialog investor={viewing} onClose={closeView} onStale={refresh} /> : null}
    </div>
  );
}

function InvestorCard({
  investor,
  onView,
}: {
  investor: AdminUser;
  onView: (button: HTMLButtonElement) => void;
}) {
  const { text } = useInvestorsMessages();
  const nameId = `investor-${investor.id}`;
  return (
    <li
      aria-labelledby={nameId}
      className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={nameId} className="break-words font-semibold text-ink">
            {investor.name}
          </h2>
          {investor.isBanned ? <Badge tone="red">{text('investors.card.banned')}</Badge> : null}
        </div>
        <p className="break-all text-sm text-ink-muted">{investor.email}</p>
        <p className="text-sm text-ink-muted">
          <span className="font-medium tabular-nums text-ink">{formatUsdt(investor.balance)}</span>
          <span className="text-ink-muted">
            {text('investors.card.since', { date: formatDate(investor.createdAt) })}
          </span>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        onClick={(event) => onView(event.currentTarget)}
      >
        <Eye aria-hidden="true" className="h-4 w-4" /> {text('investors.card.view')}
        <span className="sr-only"> {investor.name}</span>
      </Button>
    </li>
  );
}
