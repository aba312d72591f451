// A ticket on the admin desk (spec sections 2, 5 and 8), shared by Support Tickets' cards and a ticket's own page
// (issue 27 item 4): who opened it with its category, priority in its colour and date; the message and any
// response with its date; the status dropdown; and Respond / Update Response in a dialog whose send is disabled
// while the text is blank. A change refreshes the list and the ticket's page ('Tickets' tags).
import { useRef, useState } from 'react';
import { MessageSquareReply } from 'lucide-react';
import {
  TICKET_RESPONSE_MAX,
  TICKET_STATUSES,
  ticketStatusLabel,
  type AdminTicket,
  type TicketPriority,
  type TicketStatus,
} from '@cropvest/contracts/support/model';
import { toastFailure } from '@cropvest/web-kit/form';
import { Badge, type BadgeTone } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Select } from '@cropvest/ui/select';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { formatDateTime } from '@cropvest/ui/format';
import { useRespondToTicketMutation, useSetTicketStatusMutation } from '../../api/support.ts';

const STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({ value: status, label: ticketStatusLabel(status) }));

/** Priorities colour-coded from calm to urgent. */
const PRIORITY_TONE: Record<TicketPriority, BadgeTone> = {
  low: 'gray',
  medium: 'blue',
  high: 'yellow',
  critical: 'red',
};

/** The opener, the category, the priority and when it was opened. */
export function TicketFacts({ ticket }: { ticket: AdminTicket }) {
  return (
    <>
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
    </>
  );
}

/** The status dropdown and Respond / Update Response, which opens the response dialog. */
export function TicketActions({ ticket, className }: { ticket: AdminTicket; className?: string }) {
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
        title: 'Status Updated',
        description: 'Ticket status has been updated successfully.',
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to update ticket status' });
    }
  };
  return (
    <div className={className}>
      <Select
        aria-label={`Status of “${ticket.subject}”`}
        value={ticket.status}
        options={STATUS_OPTIONS}
        disabled={saving}
        onValueChange={(value) => void change(value as TicketStatus)}
      />
      <Button
        ref={respondButton}
        variant={ticket.adminResponse ? 'outline' : 'primary'}
        onClick={() => setResponding(true)}
      >
        <MessageSquareReply aria-hidden="true" className="h-4 w-4" />
        {ticket.adminResponse ? 'Update Response' : 'Respond'}
        <span className="sr-only"> to “{ticket.subject}”</span>
      </Button>
      {responding ? <ResponseDialog ticket={ticket} onClose={closeResponse} /> : null}
    </div>
  );
}

/** The message and the response given, with its date. */
export function TicketConversation({ ticket }: { ticket: AdminTicket }) {
  return (
    <>
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
    </>
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
