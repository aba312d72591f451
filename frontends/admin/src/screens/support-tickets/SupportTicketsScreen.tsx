// Support Tickets (spec sections 2, 4, 5, 7 and 8): counters for total, open, in progress, resolved and closed;
// the status filter; a search by subject, name or email; one server page of tickets, each with subject, the
// opener's name and email, category, priority in its colour, date, description and any response with its
// date; a status dropdown; Respond / Update Response in a dialog whose send is disabled while the text is
// blank. Search, status, order and page live in the address.
import { useState } from 'react';
import { Inbox, MessageSquareReply } from 'lucide-react';
import {
  TICKET_RESPONSE_MAX,
  TICKET_STATUSES,
  ticketStatusLabel,
  type AdminTicket,
  type AdminTicketCounts,
  type AdminTicketSort,
  type AdminTicketStatusFilter,
  type TicketPriority,
  type TicketStatus,
} from '@cropvest/contracts/support/model';
import { toastFailure } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { Badge, type BadgeTone } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Select } from '@cropvest/ui/select';
import { StatCard } from '@cropvest/ui/stat-card';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { formatCount, formatDateTime } from '@cropvest/ui/format';
import { ListCards } from '@cropvest/ui/list/results';
import { ListToolbar, chosenOption, sortParam } from '@cropvest/ui/list/toolbar';
import {
  useAdminTicketCountsQuery,
  useAdminTicketsQuery,
  useRespondToTicketMutation,
  useSetTicketStatusMutation,
} from '../../api/support.ts';

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

const STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({ value: status, label: ticketStatusLabel(status) }));

/** Priorities colour-coded from calm to urgent. */
const PRIORITY_TONE: Record<TicketPriority, BadgeTone> = {
  low: 'gray',
  medium: 'blue',
  high: 'yellow',
  critical: 'red',
};

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
  const [responding, setResponding] = useState<AdminTicket | null>(null);

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
              <TicketCard key={ticket.id} ticket={ticket} onRespond={() => setResponding(ticket)} />
            )}
          </ListCards>
        </CardContent>
      </Card>

      {responding ? <ResponseDialog ticket={responding} onClose={() => setResponding(null)} /> : null}
    </div>
  );
}

function TicketCard({ ticket, onRespond }: { ticket: AdminTicket; onRespond: () => void }) {
  const [setStatus, { isLoading: saving }] = useSetTicketStatusMutation();
  const change = async (status: TicketStatus) => {
    if (status === ticket.status) return;
    try {
      await setStatus({ id: ticket.id, status }).unwrap();
      toast({
        title: 'Status Updated',
        description: 'Ticket status has been updated successfully.',
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to update ticket status' });
    }
  };
  const headingId = `ticket-${ticket.id}`;

  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="break-words text-lg font-semibold text-ink">
            {ticket.subject}
          </h2>
          <p className="break-words text-sm text-ink-muted">
            {ticket.user ? (
              <>
                {ticket.user.name} · <span className="text-ink-muted">{ticket.user.email}</span>
              </>
            ) : (
              'Unknown User'
            )}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <Badge tone="outline" className="capitalize">
              {ticket.category}
            </Badge>
            <Badge tone={PRIORITY_TONE[ticket.priority]} className="capitalize">
              {ticket.priority} priority
            </Badge>
            <span className="text-ink-muted">{formatDateTime(ticket.createdAt)}</span>
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:w-48">
          <Select
            aria-label={`Status of “${ticket.subject}”`}
            value={ticket.status}
            options={STATUS_OPTIONS}
            disabled={saving}
            onValueChange={(value) => void change(value as TicketStatus)}
          />
          <Button variant={ticket.adminResponse ? 'outline' : 'primary'} onClick={onRespond}>
            <MessageSquareReply aria-hidden="true" className="h-4 w-4" />
            {ticket.adminResponse ? 'Update Response' : 'Respond'}
            <span className="sr-only"> to “{ticket.subject}”</span>
          </Button>
        </div>
      </div>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm text-ink">{ticket.description}</p>
      {ticket.adminResponse ? (
        <div className="mt-3 rounded-lg border border-brand-border bg-brand-muted p-3">
          <p className="text-xs font-semibold text-brand-ink">
            Admin response
            {ticket.responseAt ? (
              <span className="font-normal"> · {formatDateTime(ticket.responseAt)}</span>
            ) : null}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-brand-ink">
            {ticket.adminResponse}
          </p>
        </div>
      ) : null}
    </li>
  );
}

/** Respond or Update Response; the send stays disabled while the text is empty or only spaces (spec section 5). */
function ResponseDialog({ ticket, onClose }: { ticket: AdminTicket; onClose: () => void }) {
  const [respond, { isLoading }] = useRespondToTicketMutation();
  const [text, setText] = useState(ticket.adminResponse ?? '');
  const blank = text.trim() === '';

  const send = async () => {
    if (blank) return;
    try {
      await respond({ id: ticket.id, response: text.trim() }).unwrap();
      toast({
        title: 'Response Sent',
        description: 'Your response has been sent to the user.',
        variant: 'success',
      });
      setText('');
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to send response' });
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={ticket.adminResponse ? 'Update Response' : 'Respond to Ticket'}
      description={<span className="break-words">{ticket.subject}</span>}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      submitLabel="Send Response"
      busy={isLoading}
      busyLabel="Sending…"
      submitDisabled={blank}
    >
      <TextareaField
        label="Response"
        hint={`${text.length} / ${TICKET_RESPONSE_MAX} characters`}
        value={text}
        maxLength={TICKET_RESPONSE_MAX}
        placeholder="Type your response to the user…"
        onChange={(event) => setText(event.target.value)}
      />
    </FormDialog>
  );
}
