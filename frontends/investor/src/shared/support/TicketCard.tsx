// A support ticket as its opener sees it (spec section 2, My Tickets): subject, status, category, priority, when it
// was opened, the message and the support team's answer once given.
import type { Ticket } from '@cropvest/contracts/support/model';
import { Link } from '@cropvest/web-kit/router';
import { Card, CardContent } from '@cropvest/ui/card';
import { formatDate, formatDateTime } from '@cropvest/ui/format';
import { useTicketWords } from '@cropvest/web-kit/words/tickets';
import { TicketStatusBadge } from './rules.tsx';
import { useSharedSupportMessages } from './messages/catalogue.ts';

/** Between the facts of a ticket's line: the same in every language. */
const SEPARATOR = ' · ';

/**
 * A ticket with its status and any answer. In My Tickets the subject links to the ticket's page (`detailTo`); on
 * that page the card stands alone under the page's heading, with when it last changed.
 */
export function TicketCard({ ticket, detailTo }: { ticket: Ticket; detailTo?: string }) {
  const { text } = useSharedSupportMessages();
  const words = useTicketWords();
  const Heading = detailTo ? 'h3' : 'h2';
  // On the ticket's own page it also says when it last changed and was resolved.
  const when = [
    text('support.ticket.opened', {
      date: detailTo ? formatDate(ticket.createdAt) : formatDateTime(ticket.createdAt),
    }),
    ...(detailTo ? [] : [text('support.ticket.lastUpdated', { date: formatDateTime(ticket.updatedAt) })]),
    ...(ticket.resolvedAt && !detailTo
      ? [text('support.ticket.resolved', { date: formatDateTime(ticket.resolvedAt) })]
      : []),
  ];
  return (
    <Card>
      <CardContent className="space-y-3 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading className="break-words font-semibold text-ink">
            {detailTo ? (
              <Link to={detailTo} className="underline-offset-2 hover:underline">
                {ticket.subject}
                <span className="sr-only">{text('support.ticket.details')}</span>
              </Link>
            ) : (
              text('support.ticket.yourMessage')
            )}
          </Heading>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="text-xs text-ink-muted">
          {[words.category(ticket.category), words.priorityOf(ticket.priority), ...when].join(SEPARATOR)}
        </p>
        <p className="whitespace-pre-line break-words text-sm text-ink-muted">{ticket.description}</p>
        {ticket.adminResponse ? (
          <div className="rounded-lg border border-brand-border bg-brand-muted p-3">
            <p className="text-sm font-medium text-brand-ink">
              {text('support.ticket.response')}
              {ticket.responseAt ? (
                <span className="font-normal text-brand-ink">
                  {SEPARATOR}
                  {formatDateTime(ticket.responseAt)}
                </span>
              ) : null}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-sm text-ink">{ticket.adminResponse}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
