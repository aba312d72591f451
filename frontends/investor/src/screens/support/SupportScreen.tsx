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
import type { CreateTicketRequest } from '@cropvest/contracts/support/model';
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from '@cropvest/contracts/support/ticket-rules';
import { investorTicketPage, usePublicSettingsQuery } from '@cropvest/web-kit';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { useListState, type ListState } from '@cropvest/web-kit/list-state';
import { useTicketWords } from '@cropvest/web-kit/words/tickets';
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
import { supportTab } from '../../shared/support/rules.tsx';
import { TicketCard } from '../../shared/support/TicketCard.tsx';
import { useSupportCenterMessages } from './messages/catalogue.ts';

const TICKETS_PAGE_SIZE = 10;
const SUPPORT_PATH = '/investor/support';

export default function SupportScreen() {
  const list = useListState<'tab' | 'category'>({
    pageSize: TICKETS_PAGE_SIZE,
    filters: { tab: 'help', category: '' },
  });
  const tab = supportTab(list.filters.tab);
  const { text } = useSupportCenterMessages();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('support.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('support.intro')}</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => list.setFilter('tab', value)} activationMode="manual">
        <TabsList aria-label={text('support.tabs.label')}>
          <TabsTrigger value="help">{text('support.tab.help')}</TabsTrigger>
          <TabsTrigger value="faq">{text('support.tab.faq')}</TabsTrigger>
          <TabsTrigger value="contact">{text('support.tab.contact')}</TabsTrigger>
          <TabsTrigger value="tickets">{text('support.tab.tickets')}</TabsTrigger>
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
  const { text } = useSupportCenterMessages();
  const settings = usePublicSettingsQuery();
  const chat = useLiveChat(settings.data);
  const configured = Boolean(settings.data?.liveChatScriptUrl);

  const onChat = () => {
    if (chat === 'ready' && openChatWidget(window as never)) return;
    toast({
      title: text('support.chat.loadingToast.title'),
      description: text('support.chat.loadingToast.description'),
    });
  };

  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle level={2} className="flex items-center gap-2">
              <MessageCircle aria-hidden="true" className="h-5 w-5 text-brand" /> {text('support.chat.title')}
            </CardTitle>
            <CardDescription>
              {text(
                settings.isLoading
                  ? 'support.chat.checking'
                  : configured
                    ? 'support.chat.available'
                    : 'support.chat.notConfigured',
              )}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {settings.isLoading ? (
              <Spinner label={text('support.chat.loading')} />
            ) : configured ? (
              <div className="space-y-2">
                <Button onClick={onChat}>
                  <MessageCircle aria-hidden="true" className="h-4 w-4" /> {text('support.chat.start')}
                </Button>
                {chat === 'failed' ? (
                  <p className="text-sm text-danger" role="status">
                    {text('support.chat.failed')}
                  </p>
                ) : null}
              </div>
            ) : (
              <Button variant="outline" onClick={onContact}>
                <Mail aria-hidden="true" className="h-4 w-4" /> {text('support.chat.contactUs')}
              </Button>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle level={2} className="flex items-center gap-2">
              <Mail aria-hidden="true" className="h-5 w-5 text-brand" /> {text('support.email.title')}
            </CardTitle>
            <CardDescription>{text('support.email.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={onContact}>
              <Mail aria-hidden="true" className="h-4 w-4" /> {text('support.email.send')}
            </Button>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle level={2}>{text('support.quick.title')}</CardTitle>
          <CardDescription>{text('support.quick.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <Link to="/investor/deposit" className={buttonClass('outline')}>
            <ArrowDownToLine aria-hidden="true" className="h-4 w-4" /> {text('support.quick.deposit')}
          </Link>
          <Link to={`${SUPPORT_PATH}?tab=contact&category=technical`} className={buttonClass('outline')}>
            <TriangleAlert aria-hidden="true" className="h-4 w-4" /> {text('support.quick.report')}
          </Link>
          <Link to="/investor/profile?tab=kyc" className={buttonClass('outline')}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4" /> {text('support.quick.verification')}
          </Link>
          <Link to="/investor/history" className={buttonClass('outline')}>
            <History aria-hidden="true" className="h-4 w-4" /> {text('support.quick.history')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

// ---- FAQ ----

function Faq() {
  const { text } = useSupportCenterMessages();
  const faq = useFaqQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <HelpCircle aria-hidden="true" className="h-5 w-5 text-brand" /> {text('support.faq.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryView
          query={faq}
          what={text('support.faq.what')}
          skeleton={<SkeletonRows rows={6} className="h-10" />}
          isEmpty={(entries) => entries.length === 0}
          empty={
            <EmptyState
              icon={<HelpCircle className="h-8 w-8" />}
              title={text('support.faq.empty.title')}
              description={text('support.faq.empty.description')}
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
  const { text } = useSupportCenterMessages();
  const words = useTicketWords();
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
        title: text('support.contact.created.title'),
        description: text('support.contact.created.description'),
        variant: 'success',
      });
      reset({ subject: '', category: '', priority: 'medium', description: '' });
      onCreated();
    } catch (error) {
      reportFormError(form, error, { fallback: text('support.contact.failed') });
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle level={2}>{text('support.contact.title')}</CardTitle>
          <CardDescription>{text('support.contact.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="space-y-4" noValidate onSubmit={handleSubmit(onSubmit)}>
            <TextField
              label={text('support.contact.subject')}
              placeholder={text('support.contact.subjectPlaceholder')}
              error={errors.subject?.message}
              {...register('subject')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={control}
                name="category"
                render={({ field }) => (
                  <Field label={text('support.contact.category')} error={errors.category?.message}>
                    {({ id, describedBy, invalid }) => (
                      <Select
                        id={id}
                        aria-describedby={describedBy}
                        aria-invalid={invalid}
                        value={field.value}
                        onValueChange={field.onChange}
                        placeholder={text('support.contact.categoryPlaceholder')}
                        options={TICKET_CATEGORIES.map((value) => ({
                          value,
                          label: words.category(value),
                        }))}
                      />
                    )}
                  </Field>
                )}
              />
              <Controller
                control={control}
                name="priority"
                render={({ field }) => (
                  <Field label={text('support.contact.priority')} error={errors.priority?.message}>
                    {({ id, describedBy, invalid }) => (
                      <Select
                        id={id}
                        aria-describedby={describedBy}
                        aria-invalid={invalid}
                        value={field.value}
                        onValueChange={field.onChange}
                        placeholder={text('support.contact.priorityPlaceholder')}
                        options={TICKET_PRIORITIES.map((value) => ({
                          value,
                          label: words.priority(value),
                        }))}
                      />
                    )}
                  </Field>
                )}
              />
            </div>
            <TextareaField
              label={text('support.contact.description.label')}
              error={errors.description?.message}
              rows={6}
              placeholder={text('support.contact.descriptionPlaceholder')}
              {...register('description')}
            />
            <Button type="submit" disabled={isSubmitting}>
              {text(isSubmitting ? 'support.contact.submitting' : 'support.contact.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2} className="flex items-center gap-2">
            <LifeBuoy aria-hidden="true" className="h-5 w-5 text-brand" /> {text('support.info.title')}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 text-sm text-ink-muted">
          {settings.data ? (
            <>
              <p className="flex items-start gap-2">
                <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>
                  <span className="block font-medium text-ink">{text('support.info.email')}</span>
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
                  <span className="block font-medium text-ink">{text('support.info.hours')}</span>
                  {settings.data.supportHours}
                </span>
              </p>
            </>
          ) : settings.isLoading ? (
            <SkeletonRows rows={2} className="h-8" />
          ) : (
            <p>{text('support.info.failed')}</p>
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
  const { text } = useSupportCenterMessages();
  // The tab in the address is no filter of the tickets: an empty answer means none were ever written.
  const none = (
    <EmptyState
      icon={<FileText className="h-8 w-8" />}
      title={text('support.tickets.empty.title')}
      description={text('support.tickets.empty.description')}
      action={<Button onClick={onCreate}>{text('support.tickets.create')}</Button>}
    />
  );
  return (
    <div aria-busy={tickets.isFetching}>
      <ListCards
        query={tickets}
        list={list}
        pageSize={TICKETS_PAGE_SIZE}
        noun={text('support.tickets.noun')}
        what={text('support.tickets.what')}
        empty={none}
        noResults={none}
        label={{ list: text('support.tickets.list'), pager: text('support.tickets.pager') }}
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
