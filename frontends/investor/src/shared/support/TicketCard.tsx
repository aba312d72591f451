// A support ticket as its opener sees it (spec section 2, My Tickets): subject, status, category, priority, when it
// was opened, the message and the support team's answer once given.
import type { Ticket } from '@cropvest/contracts/support/model';
import { Link } from '@cropvest/web-kit/router';
import { Card, CardContent } from '@cropvest/ui/card';
import { formatDate, formatDateTime } from '@cropvest/ui/format';
import { CATEGORY_LABELS, PRIORITY_LABELS, TicketStatusBadge } from './rules.tsx';

/**
 * A ticket with its status and any answer. In My Tickets the subject links to the ticket's page (`detailTo`); on
 * that page the card stands alone under the page's heading, with when it last changed.
 */
export function TicketCard({ ticket, detailTo }: { ticket: Ticket; detailTo?: string }) {
  const Heading = detailTo ? 'h3' : 'h2';
  return (
    <Card>
      <CardContent className="space-y-3 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading className="break-words font-semibold text-ink">
            {detailTo ? (
              <Link to={detailTo} className="underline-offset-2 hover:underline">
                {ticket.subject}
                <span className="sr-only">: ticket details</span>
              </Link>
            ) : (
              'Your message'
            )}
          </Heading>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="text-xs text-ink-muted">
          {CATEGORY_LABELS[ticket.category]} · {PRIORITY_LABELS[ticket.priority]} priority · Opened{' '}
          {detailTo ? formatDate(ticket.createdAt) : formatDateTime(ticket.createdAt)}
          {detailTo ? null : <> · Last updated {formatDateTime(ticket.updatedAt)}</>}
          {ticket.resolvedAt && !detailTo ? <> · Resolved {formatDateTime(ticket.resolvedAt)}</> : null}
        </p>
        <p className="whitespace-pre-line break-words text-sm text-ink-muted">{ticket.description}</p>
        {ticket.adminResponse ? (
          <div className="rounded-lg border border-brand-border bg-brand-muted p-3">
            <p className="text-sm font-medium text-brand-ink">
              Support response
              {ticket.responseAt ? (
                <span className="font-normal text-brand-ink"> · {formatDateTime(ticket.responseAt)}</span>
              ) : null}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-sm text-ink">{ticket.adminResponse}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
