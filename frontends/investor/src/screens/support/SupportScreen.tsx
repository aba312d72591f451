// Support Center (spec sections 2, 5 and 8): four tabs, the tab in the address. Get Help (Live Chat from the
// admin's chat settings, Email Support, Quick Actions that go where they say), FAQ (single-open accordion of
// the entries admins publish), Contact Us (the ticket form and the support address and hours from the
// settings) and My Tickets (own tickets with their status and any answer, paged on the server).
import { useEffect } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { Controller } from 'react-hook-form';
import {
  ArrowDownToLine,
  Clock,
  FileText,
  HelpCircle,
  History,
  LifeBuoy,
  Mail,
  MessageCircle,
  ShieldCheck,
  TriangleAlert,
} from 'lucide-react';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type CreateTicketRequest,
} from '@cropvest/contracts/support/model';
import { investorTicketPage, usePublicSettingsQuery } from '@cropvest/web-kit';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { useListState, type ListState } from '@cropvest/web-kit/list-state';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@cropvest/ui/accordion';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { Field, TextField } from '@cropvest/ui/input';
import { ListCards } from '@cropvest/ui/list/results';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Select } from '@cropvest/ui/select';
import { Spinner } from '@cropvest/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cropvest/ui/tabs';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useFaqQuery, useMyTicketsQuery, useOpenTicketMutation } from '../../api/support.ts';
import { openChatWidget, useLiveChat } from './live-chat.ts';
import { CATEGORY_LABELS, PRIORITY_LABELS, supportTab } from '../../shared/support/rules.tsx';
import { TicketCard } from '../../shared/support/TicketCard.tsx';

const TICKETS_PAGE_SIZE = 10;
const SUPPORT_PATH = '/investor/support';

export default function SupportScreen() {
  const list = useListState<'tab' | 'category'>({
    pageSize: TICKETS_PAGE_SIZE,
    filters: { tab: 'help', category: '' },
  });
  const tab = supportTab(list.filters.tab);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Support Center</h1>
        <p className="mt-1 text-ink-muted">Get help, read answers to common questions, or write to us.</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => list.setFilter('tab', value)} activationMode="manual">
        <TabsList aria-label="Support">
          <TabsTrigger value="help">Get Help</TabsTrigger>
          <TabsTrigger value="faq">FAQ</TabsTrigger>
          <TabsTrigger value="contact">Contact Us</TabsTrigger>
          <TabsTrigger value="tickets">My Tickets</TabsTrigger>
        </TabsList>
        <TabsContent value="help">
          <GetHelp onContact={() => list.setFilter('tab', 'contact')} />
        </TabsContent>
        <TabsContent value="faq">
          <Faq />
        </TabsContent>
        <TabsContent value="contact">
          <ContactUs category={list.filters.category} onCreated={() => list.setFilter('category', '')} />
        </TabsContent>
        <TabsContent value="tickets">
          <MyTickets list={list} onCreate={() => list.setFilter('tab', 'contact')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

// ---- Get Help ----

function GetHelp({ onContact }: { onContact: () => void }) {
  const settings = usePublicSettingsQuery();
  const chat = useLiveChat(settings.data);
  const configured = Boolean(settings.data?.liveChatScriptUrl);

  const onChat = () => {
    if (chat === 'ready' && openChatWidget(window as never)) return;
    toast({
      title: 'Chat Loading',
      description: 'Please wait a moment for the chat to load, then try again.',
    });
  };

  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <MessageCircle aria-hidden="true" className="h-5 w-5 text-brand" /> Live Chat
            </CardTitle>
            <CardDescription>
              {settings.isLoading
                ? 'Checking whether live chat is available…'
                : configured
                  ? 'Chat with our support team, 24/7.'
                  : 'Live chat is not configured on this platform yet. Write to us instead and we will answer within 24 hours.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {settings.isLoading ? (
              <Spinner label="Loading" />
            ) : configured ? (
              <div className="space-y-2">
                <Button onClick={onChat}>
                  <MessageCircle aria-hidden="true" className="h-4 w-4" /> Start Live Chat
                </Button>
                {chat === 'failed' ? (
                  <p className="text-sm text-danger" role="status">
                    The chat could not be loaded. Please use Contact Us.
                  </p>
                ) : null}
              </div>
            ) : (
              <Button variant="outline" onClick={onContact}>
                <Mail aria-hidden="true" className="h-4 w-4" /> Contact Us
              </Button>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Mail aria-hidden="true" className="h-5 w-5 text-brand" /> Email Support
            </CardTitle>
            <CardDescription>Send us a message; we respond within 24 hours.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={onContact}>
              <Mail aria-hidden="true" className="h-4 w-4" /> Send Email
            </Button>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
          <CardDescription>Go straight to what you need.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <Link to="/investor/deposit" className={buttonClass('outline')}>
            <ArrowDownToLine aria-hidden="true" className="h-4 w-4" /> Check Deposit Status
          </Link>
          <Link to={`${SUPPORT_PATH}?tab=contact&category=technical`} className={buttonClass('outline')}>
            <TriangleAlert aria-hidden="true" className="h-4 w-4" /> Report an Issue
          </Link>
          <Link to="/investor/profile?tab=kyc" className={buttonClass('outline')}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Account Verification
          </Link>
          <Link to="/investor/history" className={buttonClass('outline')}>
            <History aria-hidden="true" className="h-4 w-4" /> Transaction History
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

// ---- FAQ ----

function Faq() {
  const faq = useFaqQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HelpCircle aria-hidden="true" className="h-5 w-5 text-brand" /> Frequently Asked Questions
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryView
          query={faq}
          what="the questions and answers"
          skeleton={<SkeletonRows rows={6} className="h-10" />}
          isEmpty={(entries) => entries.length === 0}
          empty={
            <EmptyState
              icon={<HelpCircle className="h-8 w-8" />}
              title="No questions here yet"
              description="Write to us through Contact Us and we will answer within 24 hours."
            />
          }
        >
          {(entries) => (
            <Accordion type="single" collapsible>
              {entries.map((entry) => (
                <AccordionItem key={entry.id} value={entry.id}>
                  <AccordionTrigger>{entry.question}</AccordionTrigger>
                  <AccordionContent className="whitespace-pre-line">{entry.answer}</AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}

// ---- Contact Us ----

interface TicketFormInput {
  subject: string;
  category: string;
  priority: string;
  description: string;
}

const ticketResolver = lazyZodResolver<TicketFormInput, CreateTicketRequest>(() =>
  import('./schemas.ts').then((m) => m.CreateTicketRequest),
);

const categoryOf = (value: string) => ((TICKET_CATEGORIES as readonly string[]).includes(value) ? value : '');

function ContactUs({ category, onCreated }: { category: string; onCreated: () => void }) {
  const settings = usePublicSettingsQuery();
  const [openTicket] = useOpenTicketMutation();
  const form = useContractForm<TicketFormInput, CreateTicketRequest>({
    resolver: ticketResolver,
    defaultValues: { subject: '', category: categoryOf(category), priority: 'medium', description: '' },
  });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  // A Quick Action ("Report an Issue") names the category in the address.
  useEffect(() => {
    if (categoryOf(category)) setValue('category', category);
  }, [category, setValue]);

  const onSubmit = async (values: CreateTicketRequest) => {
    try {
      await openTicket(values).unwrap();
      toast({
        title: 'Support Ticket Created',
        description: "We've received your request and will respond within 24 hours.",
        variant: 'success',
      });
      reset({ subject: '', category: '', priority: 'medium', description: '' });
      onCreated();
    } catch (error) {
      reportFormError(form, error, { fallback: 'Failed to create support ticket. Please try again.' });
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Create a Support Ticket</CardTitle>
          <CardDescription>Tell us what happened; we respond within 24 hours.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="space-y-4" noValidate onSubmit={handleSubmit(onSubmit)}>
            <TextField
              label="Subject"
              placeholder="A short summary of your request"
              error={errors.subject?.message}
              {...register('subject')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={control}
                name="category"
                render={({ field }) => (
                  <Field label="Category" error={errors.category?.message}>
                    {({ id, describedBy, invalid }) => (
                      <Select
                        id={id}
                        aria-describedby={describedBy}
                        aria-invalid={invalid}
                        value={field.value}
                        onValueChange={field.onChange}
                        placeholder="Select a category"
                        options={TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
                      />
                    )}
                  </Field>
                )}
              />
              <Controller
                control={control}
                name="priority"
                render={({ field }) => (
                  <Field label="Priority" error={errors.priority?.message}>
                    {({ id, describedBy, invalid }) => (
                      <Select
                        id={id}
                        aria-describedby={describedBy}
                        aria-invalid={invalid}
                        value={field.value}
                        onValueChange={field.onChange}
                        placeholder="Select a priority"
                        options={TICKET_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
                      />
                    )}
                  </Field>
                )}
              />
            </div>
            <TextareaField
              label="Description"
              error={errors.description?.message}
              rows={6}
              placeholder="Please describe your issue in detail"
              {...register('description')}
            />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Submitting…' : 'Submit Ticket'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LifeBuoy aria-hidden="true" className="h-5 w-5 text-brand" /> Contact Information
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 text-sm text-ink-muted">
          {settings.data ? (
            <>
              <p className="flex items-start gap-2">
                <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>
                  <span className="block font-medium text-ink">Email</span>
                  <a
                    className="break-all text-brand-ink underline"
                    href={`mailto:${settings.data.supportEmail}`}
                  >
                    {settings.data.supportEmail}
                  </a>
                </span>
              </p>
              <p className="flex items-start gap-2">
                <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>
                  <span className="block font-medium text-ink">Support hours</span>
                  {settings.data.supportHours}
                </span>
              </p>
            </>
          ) : settings.isLoading ? (
            <SkeletonRows rows={2} className="h-8" />
          ) : (
            <p>The support address could not be loaded. Please try again later.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

// ---- My Tickets ----

function MyTickets({ list, onCreate }: { list: ListState<'tab' | 'category'>; onCreate: () => void }) {
  // Admins answer and move tickets elsewhere: opening the tab reads them again.
  const tickets = useMyTicketsQuery(
    { page: list.page, pageSize: TICKETS_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const detailLink = useDetailLink();
  // The tab in the address is no filter of the tickets: an empty answer means none were ever written.
  const none = (
    <EmptyState
      icon={<FileText className="h-8 w-8" />}
      title="No support tickets yet"
      description="When you write to us, your tickets and our answers appear here."
      action={<Button onClick={onCreate}>Create Your First Ticket</Button>}
    />
  );
  return (
    <div aria-busy={tickets.isFetching}>
      <ListCards
        query={tickets}
        list={list}
        pageSize={TICKETS_PAGE_SIZE}
        noun="tickets"
        what="your tickets"
        empty={none}
        noResults={none}
        label={{ list: 'Your tickets', pager: 'Pages' }}
        skeletonHeight="h-28"
        className="space-y-4"
      >
        {(ticket) => (
          <li key={ticket.id}>
            <TicketCard ticket={ticket} detailTo={detailLink(investorTicketPage(ticket.id))} />
          </li>
        )}
      </ListCards>
    </div>
  );
}
