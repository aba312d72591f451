// One ticket's page on the admin desk (issue 27 item 4), opened from Support Tickets: the subject, who opened it,
// category, priority and date, the message and the response given; the same status dropdown and Respond / Update
// Response dialog as the list's cards. The opener's page is linked; the back link returns to the list as it was.
import type { AdminTicket } from '@cropvest/contracts/support/model';
import { BackLink } from '@cropvest/web-kit/detail-link';
import { Link } from '@cropvest/web-kit/router';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Card, CardContent } from '@cropvest/ui/card';
import { DetailPage } from '@cropvest/ui/detail-page';
import { formatDateTime } from '@cropvest/ui/format';
import { SkeletonRows } from '@cropvest/ui/query-view';
import { useAdminTicketQuery } from '../../api/support.ts';
import { TicketActions, TicketConversation, TicketFacts } from '../../shared/support/tickets.tsx';
import { useSupportTicketMessages } from './messages/catalogue.ts';

export default function SupportTicketScreen() {
  const { text } = useSupportTicketMessages();
  const { id } = useRouteParams<'id'>();
  const ticket = useAdminTicketQuery(id ?? '', { skip: !id });
  return (
    <DetailPage
      back={<BackLink lists={[{ path: '/admin/support', label: text('supportTicket.back') }]} />}
      query={ticket}
      what={text('supportTicket.what')}
      skeleton={<SkeletonRows rows={1} className="h-48" />}
    >
      {(data) => <TicketPage ticket={data} />}
    </DetailPage>
  );
}

function TicketPage({ ticket }: { ticket: AdminTicket }) {
  const { text } = useSupportTicketMessages();
  return (
    <Card>
      <CardContent className="pt-6">
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <div className="min-w-0 space-y-1">
            <h1 className="break-words text-2xl font-bold text-ink">{ticket.subject}</h1>
            <TicketFacts ticket={ticket} />
            <p className="text-xs text-ink-muted">
              {ticket.resolvedAt
                ? text('supportTicket.updatedResolved', {
                    date: formatDateTime(ticket.updatedAt),
                    resolved: formatDateTime(ticket.resolvedAt),
                  })
                : text('supportTicket.updated', { date: formatDateTime(ticket.updatedAt) })}
            </p>
            <Link
              to={`/admin/users/${ticket.userId}`}
              className="inline-block text-sm font-medium text-brand-ink underline underline-offset-2"
            >
              {text('supportTicket.investorPage')}
            </Link>
          </div>
          <TicketActions ticket={ticket} className="flex shrink-0 flex-col gap-2 md:w-56" />
        </div>
        <TicketConversation ticket={ticket} />
      </CardContent>
    </Card>
  );
}
