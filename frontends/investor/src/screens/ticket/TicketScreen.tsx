// One support ticket's page (issue 27 item 4), opened from My Tickets: its subject, status, category and priority,
// the message, the support team's answer once given, and when it was opened and last changed. When an admin answers
// or moves it, the live stream's tickets topic reads it again, so an open page shows the answer without a reload.
import { BackLink } from '@cropvest/web-kit/detail-link';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { DetailPage } from '@cropvest/ui/detail-page';
import { SkeletonRows } from '@cropvest/ui/query-view';
import { useMyTicketQuery } from '../../api/support.ts';
import { TicketCard } from '../../shared/support/TicketCard.tsx';
import { useTicketMessages } from './messages/catalogue.ts';

export default function TicketScreen() {
  const { text } = useTicketMessages();
  const lists = [{ path: '/investor/support?tab=tickets', label: text('ticket.back.myTickets') }] as const;
  const { id } = useRouteParams<'id'>();
  const ticket = useMyTicketQuery(id ?? '', { skip: !id });
  return (
    <DetailPage
      back={<BackLink lists={lists} />}
      query={ticket}
      what={text('ticket.what')}
      skeleton={<SkeletonRows rows={1} className="h-48" />}
    >
      {(data) => (
        <div className="space-y-6">
          <div>
            <h1 className="break-words text-2xl font-bold text-ink">{data.subject}</h1>
            <p className="mt-1 text-ink-muted">{text('ticket.intro')}</p>
          </div>
          <TicketCard ticket={data} />
        </div>
      )}
    </DetailPage>
  );
}
