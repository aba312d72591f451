// Support Tickets (spec sections 2, 4, 5, 7 and 8): counters for total, open, in progress, resolved and closed;
// the status filter; a search by subject, name or email; one server page of tickets, each with subject, the
// opener's name and email, category, priority in its colour, date, description and any response with its
// date; a status dropdown; Respond / Update Response in a dialog whose send is disabled while the text is
// blank. Search, status, order and page live in the address; a ticket's subject opens its page.
import { Inbox } from 'lucide-react';
import {
  type AdminTicket,
  type AdminTicketCounts,
  type AdminTicketSort,
  type AdminTicketStatusFilter,
} from '@cropvest/contracts/support/model';
import { adminTicketPage } from '@cropvest/web-kit';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { useListState } from '@cropvest/web-kit/list-state';
import { Link } from '@cropvest/web-kit/router';
import { Card, CardContent } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { StatCard } from '@cropvest/ui/stat-card';
import { formatCount } from '@cropvest/ui/format';
import { ListCards } from '@cropvest/ui/list/results';
import { ListToolbar, chosenOption, sortParam } from '@cropvest/ui/list/toolbar';
import { useAdminTicketCountsQuery, useAdminTicketsQuery } from '../../api/support.ts';
import {
  TicketActions,
  TicketConversation,
  TicketFacts,
  useTicketStatusOptions,
} from '../../shared/support/tickets.tsx';
import { useSupportTicketsMessages, type SupportTicketsMessageId } from './messages/catalogue.ts';

const PAGE_SIZE = 20;

const SORTS: { value: AdminTicketSort; label: SupportTicketsMessageId }[] = [
  { value: '-createdAt', label: 'supportTickets.sort.newest' },
  { value: 'createdAt', label: 'supportTickets.sort.oldest' },
  { value: '-updatedAt', label: 'supportTickets.sort.updated' },
];

const COUNTERS: { key: keyof AdminTicketCounts; label: SupportTicketsMessageId }[] = [
  { key: 'all', label: 'supportTickets.counter.all' },
  { key: 'open', label: 'supportTickets.counter.open' },
  { key: 'in_progress', label: 'supportTickets.counter.inProgress' },
  { key: 'resolved', label: 'supportTickets.counter.resolved' },
  { key: 'closed', label: 'supportTickets.counter.closed' },
];

export default function SupportTicketsScreen() {
  const { text } = useSupportTicketsMessages();
  const statusFilters: { value: AdminTicketStatusFilter; label: string }[] = [
    { value: 'all', label: text('supportTickets.filter.all') },
    ...useTicketStatusOptions(),
  ];
  const sorts = SORTS.map((option) => ({ value: option.value, label: text(option.label) }));
  const list = useListState<'status'>({
    pageSize: PAGE_SIZE,
    sort: { id: 'createdAt', desc: true },
    filters: { status: 'all' },
  });
  const q = list.search.trim();
  const status = chosenOption(statusFilters, list.filters.status);
  const sort = chosenOption(sorts, sortParam(list.sort, '-createdAt'));
  const tickets = useAdminTicketsQuery({
    page: list.page,
    pageSize: PAGE_SIZE,
    status,
    sort,
    ...(q ? { q } : {}),
  });
  const counts = useAdminTicketCountsQuery(q ? { q } : {});
  const detailLink = useDetailLink();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('supportTickets.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('supportTickets.intro')}</p>
      </div>

      <section
        aria-label={text('supportTickets.counts')}
        className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5"
      >
        {COUNTERS.map((counter) => (
          <StatCard
            key={counter.key}
            label={text(counter.label)}
            value={formatCount(counts.data?.[counter.key])}
            loading={counts.isLoading}
          />
        ))}
      </section>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <ListToolbar
            list={list}
            search={{
              label: text('supportTickets.search.label'),
              placeholder: text('supportTickets.search.placeholder'),
            }}
            order={{ id: 'ticket-sort', options: sorts, current: sort }}
            filter={{
              label: text('supportTickets.filter.label'),
              options: statusFilters,
              current: status,
              counts: counts.data,
              onChange: (value) => list.setFilter('status', value),
            }}
            noun={text('supportTickets.noun.one')}
            nouns={text('supportTickets.noun.list')}
            total={tickets.data?.total}
          />
          <ListCards
            query={tickets}
            list={list}
            pageSize={PAGE_SIZE}
            noun={text('supportTickets.noun.list')}
            skeletonHeight="h-40"
            className="space-y-4"
            empty={
              <EmptyState
                icon={<Inbox className="h-8 w-8" />}
                title={text('supportTickets.empty.title')}
                description={text('supportTickets.empty.description')}
              />
            }
            noResults={
              <EmptyState
                icon={<Inbox className="h-8 w-8" />}
                title={text('supportTickets.noResults.title')}
                description={text('supportTickets.noResults.description')}
              />
            }
          >
            {(ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} detailTo={detailLink(adminTicketPage(ticket.id))} />
            )}
          </ListCards>
        </CardContent>
      </Card>
    </div>
  );
}

function TicketCard({ ticket, detailTo }: { ticket: AdminTicket; detailTo: string }) {
  const { rich } = useSupportTicketsMessages();
  const headingId = `ticket-${ticket.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="break-words text-lg font-semibold text-ink">
            <Link to={detailTo} className="underline-offset-2 hover:underline">
              {rich('supportTickets.card.link', {
                subject: ticket.subject,
                hidden: (chunks) => <span className="sr-only">{chunks}</span>,
              })}
            </Link>
          </h2>
          <TicketFacts ticket={ticket} />
        </div>
        <TicketActions ticket={ticket} className="flex shrink-0 flex-col gap-2 sm:w-48" />
      </div>
      <TicketConversation ticket={ticket} />
    </li>
  );
}
