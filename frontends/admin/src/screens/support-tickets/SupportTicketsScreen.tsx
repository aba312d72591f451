// Support Tickets (spec sections 2, 4, 5, 7 and 8): counters for total, open, in progress, resolved and closed;
// the status filter; a search by subject, name or email; one server page of tickets, each with subject, the
// opener's name and email, category, priority in its colour, date, description and any response with its
// date; a status dropdown; Respond / Update Response in a dialog whose send is disabled while the text is
// blank. Search, status, order and page live in the address; a ticket's subject opens its page.
import { Inbox } from 'lucide-react';
import {
  TICKET_STATUSES,
  ticketStatusLabel,
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
import { TicketActions, TicketConversation, TicketFacts } from '../../shared/support/tickets.tsx';

const PAGE_SIZE = 20;

const STATUS_FILTERS: { value: AdminTicketStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...TICKET_STATUSES.map((status) => ({ value: status, label: ticketStatusLabel(status) })),
];

const SORTS: { value: AdminTicketSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-updatedAt', label: 'Recently updated' },
];

const COUNTERS: { key: keyof AdminTicketCounts; label: string }[] = [
  { key: 'all', label: 'Total Tickets' },
  { key: 'open', label: 'Open' },
  { key: 'in_progress', label: 'In Progress' },
  { key: 'resolved', label: 'Resolved' },
  { key: 'closed', label: 'Closed' },
];

export default function SupportTicketsScreen() {
  const list = useListState<'status'>({
    pageSize: PAGE_SIZE,
    sort: { id: 'createdAt', desc: true },
    filters: { status: 'all' },
  });
  const q = list.search.trim();
  const status = chosenOption(STATUS_FILTERS, list.filters.status);
  const sort = chosenOption(SORTS, sortParam(list.sort, '-createdAt'));
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
        <h1 className="text-2xl font-bold text-ink">Support Tickets</h1>
        <p className="mt-1 text-ink-muted">Answer investors’ tickets and keep their status up to date.</p>
      </div>

      <section aria-label="Ticket counts" className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        {COUNTERS.map((counter) => (
          <StatCard
            key={counter.key}
            label={counter.label}
            value={formatCount(counts.data?.[counter.key])}
            loading={counts.isLoading}
          />
        ))}
      </section>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <ListToolbar
            list={list}
            search={{ label: 'Search tickets', placeholder: 'Subject, name or email' }}
            order={{ id: 'ticket-sort', options: SORTS, current: sort }}
            filter={{
              label: 'Filter by status',
              options: STATUS_FILTERS,
              current: status,
              counts: counts.data,
              onChange: (value) => list.setFilter('status', value),
            }}
            noun="ticket"
            total={tickets.data?.total}
          />
          <ListCards
            query={tickets}
            list={list}
            pageSize={PAGE_SIZE}
            noun="tickets"
            skeletonHeight="h-40"
            className="space-y-4"
            empty={
              <EmptyState
                icon={<Inbox className="h-8 w-8" />}
                title="No support tickets"
                description="Tickets investors open will appear here."
              />
            }
            noResults={
              <EmptyState
                icon={<Inbox className="h-8 w-8" />}
                title="No tickets found"
                description="Try adjusting your search or filters."
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
  const headingId = `ticket-${ticket.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="break-words text-lg font-semibold text-ink">
            <Link to={detailTo} className="underline-offset-2 hover:underline">
              {ticket.subject}
              <span className="sr-only">: ticket page</span>
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
