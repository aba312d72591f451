// A ticket on the admin desk (spec sections 2, 5 and 8), shared by Support Tickets' cards and a ticket's own page
// (issue 27 item 4): who opened it with its category, priority in its colour and date; the message and any
// response with its date; the status dropdown; and Respond / Update Response in a dialog whose send is disabled
// while the text is blank. A change refreshes the list and the ticket's page ('Tickets' tags).
import { useRef, useState } from 'react';
import { MessageSquareReply } from 'lucide-react';
import type { AdminTicket, TicketPriority, TicketStatus } from '@cropvest/contracts/support/model';
import { TICKET_RESPONSE_MAX, TICKET_STATUSES } from '@cropvest/contracts/support/ticket-rules';
import { toastFailure } from '@cropvest/web-kit/form';
import { useTicketWords } from '@cropvest/web-kit/words/tickets';
import { Badge, type BadgeTone } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Select } from '@cropvest/ui/select';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { formatDateTime } from '@cropvest/ui/format';
import { useRespondToTicketMutation, useSetTicketStatusMutation } from '../../api/support.ts';
import { useSupportMessages } from './messages/catalogue.ts';

/** The ticket statuses as the status dropdown and Support Tickets' filter name them ("OPEN", "IN PROGRESS"). */
export function useTicketStatusOptions() {
  const words = useTicketWords();
  return TICKET_STATUSES.map((status) => ({ value: status, label: words.status(status) }));
}

/** Priorities colour-coded from calm to urgent. */
const PRIORITY_TONE: Record<TicketPriority, BadgeTone> = {
  low: 'gray',
  medium: 'blue',
  high: 'yellow',
  critical: 'red',
};

/** The opener, the category, the priority and when it was opened. */
export function TicketFacts({ ticket }: { ticket: AdminTicket }) {
  const { text, rich } = useSupportMessages();
  const words = useTicketWords();
  return (
    <>
      <p className="break-words text-sm text-ink-muted">
        {ticket.user
          ? rich('support.ticket.opener', {
              name: ticket.user.name,
              email: ticket.user.email,
              muted: (chunks) => <span className="text-ink-muted">{chunks}</span>,
            })
          : text('support.ticket.unknownUser')}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge tone="outline">{words.category(ticket.category)}</Badge>
        <Badge tone={PRIORITY_TONE[ticket.priority]}>{words.priorityOf(ticket.priority)}</Badge>
        <span className="text-ink-muted">{formatDateTime(ticket.createdAt)}</span>
      </div>
    </>
  );
}

/** The status dropdown and Respond / Update Response, which opens the response dialog. */
export function TicketActions({ ticket, className }: { ticket: AdminTicket; className?: string }) {
  const { text, rich } = useSupportMessages();
  const statusOptions = useTicketStatusOptions();
  const [setStatus, { isLoading: saving }] = useSetTicketStatusMutation();
  const [responding, setResponding] = useState(false);
  const respondButton = useRef<HTMLButtonElement>(null);
  // The dialog has no trigger of its own to give the focus back to: Respond gets it once the dialog has gone.
  const closeResponse = () => {
    setResponding(false);
    window.setTimeout(() => respondButton.current?.focus(), 0);
  };
  const change = async (status: TicketStatus) => {
    if (status === ticket.status) return;
    try {
      await setStatus({ id: ticket.id, status }).unwrap();
      toast({
        title: text('support.status.updated'),
        description: text('support.status.updatedDescription'),
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, { fallback: text('support.status.failed') });
    }
  };
  return (
    <div className={className}>
      <Select
        aria-label={text('support.ticket.statusOf', { subject: ticket.subject })}
        value={ticket.status}
        options={statusOptions}
        disabled={saving}
        onValueChange={(value) => void change(value as TicketStatus)}
      />
      <Button
        ref={respondButton}
        variant={ticket.adminResponse ? 'outline' : 'primary'}
        onClick={() => setResponding(true)}
      >
        <MessageSquareReply aria-hidden="true" className="h-4 w-4" />
        {rich('support.ticket.respondButton', {
          kind: ticket.adminResponse ? 'update' : 'respond',
          subject: ticket.subject,
          hidden: (chunks) => <span className="sr-only">{chunks}</span>,
        })}
      </Button>
      {responding ? <ResponseDialog ticket={ticket} onClose={closeResponse} /> : null}
    </div>
  );
}

/** The message and the response given, with its date. */
export function TicketConversation({ ticket }: { ticket: AdminTicket }) {
  const { text, rich } = useSupportMessages();
  return (
    <>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm text-ink">{ticket.description}</p>
      {ticket.adminResponse ? (
        <div className="mt-3 rounded-lg border border-brand-border bg-brand-muted p-3">
          <p className="text-xs font-semibold text-brand-ink">
            {ticket.responseAt
              ? rich('support.ticket.adminResponseAt', {
                  date: formatDateTime(ticket.responseAt),
                  light: (chunks) => <span className="font-normal">{chunks}</span>,
                })
              : text('support.ticket.adminResponse')}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-brand-ink">
            {ticket.adminResponse}
          </p>
        </div>
      ) : null}
    </>
  );
}

/** Respond or Update Response; the send stays disabled while the text is empty or only spaces (spec section 5). */
function ResponseDialog({ ticket, onClose }: { ticket: AdminTicket; onClose: () => void }) {
  const { text: say } = useSupportMessages();
  const [respond, { isLoading }] = useRespondToTicketMutation();
  const [text, setText] = useState(ticket.adminResponse ?? '');
  const blank = text.trim() === '';

  const send = async () => {
    if (blank) return;
    try {
      await respond({ id: ticket.id, response: text.trim() }).unwrap();
      toast({
        title: say('support.response.sent'),
        description: say('support.response.sentDescription'),
        variant: 'success',
      });
      setText('');
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: say('support.response.failed') });
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={say(ticket.adminResponse ? 'support.ticket.updateResponse' : 'support.response.title')}
      description={<span className="break-words">{ticket.subject}</span>}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      submitLabel={say('support.response.submit')}
      busy={isLoading}
      busyLabel={say('support.response.busy')}
      submitDisabled={blank}
    >
      <TextareaField
        label={say('support.response.label')}
        hint={say('support.response.count', { count: String(text.length), max: String(TICKET_RESPONSE_MAX) })}
        value={text}
        maxLength={TICKET_RESPONSE_MAX}
        placeholder={say('support.response.placeholder')}
        onChange={(event) => setText(event.target.value)}
      />
    </FormDialog>
  );
}
