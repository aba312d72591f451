// Send Notifications (spec sections 2, 5, 7, 8 and 9): the Send Notification dialog (title, message, type, and
// everyone or chosen users through a searchable picker; title and message required, at least one user for
// chosen users), a counter per type, and Recent Notifications, the latest 10 sends with their recipients and
// read counts. The whole history is on Notification History.
import { useState } from 'react';
import { Bell, Send } from 'lucide-react';
import type {
  AdminNotificationCounts,
  NotificationRecipient,
  NotificationType,
  SendNotificationRequest,
} from '@cropvest/contracts/notify/model';
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TYPES,
} from '@cropvest/contracts/notify/notification-rules';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Link } from '@cropvest/web-kit/router';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Field, TextField } from '@cropvest/ui/input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Select } from '@cropvest/ui/select';
import { StatCard } from '@cropvest/ui/stat-card';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { formatCount } from '@cropvest/ui/format';
import {
  useAdminSendCountsQuery,
  useAdminSendsQuery,
  useSendNotificationMutation,
} from '../../api/notifications.ts';
import { RecipientPicker } from './RecipientPicker.tsx';
import { useNotificationsMessages, type NotificationsMessageId } from './messages/catalogue.ts';
import { SentNotification, TYPE_MESSAGES } from './SentNotification.tsx';

/** Spec section 9: the latest 10. */
const RECENT_COUNT = 10;

const COUNTERS: { key: keyof AdminNotificationCounts; label: NotificationsMessageId }[] = [
  { key: 'all', label: 'notifications.send.totalSent' },
  ...NOTIFICATION_TYPES.map((type) => ({ key: type, label: TYPE_MESSAGES[type] })),
];

export default function SendNotificationsScreen() {
  const { text } = useNotificationsMessages();
  const counts = useAdminSendCountsQuery({});
  const recent = useAdminSendsQuery({ page: 1, pageSize: RECENT_COUNT });
  const [sending, setSending] = useState(false);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('notifications.send.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('notifications.send.intro')}</p>
        </div>
        <Button onClick={() => setSending(true)}>
          <Send aria-hidden="true" className="h-4 w-4" /> {text('notifications.send.open')}
        </Button>
      </div>

      <section
        aria-label={text('notifications.send.byType')}
        className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6"
      >
        {COUNTERS.map((counter) => (
          <StatCard
            key={counter.key}
            label={text(counter.label)}
            value={formatCount(counts.data?.[counter.key])}
            loading={counts.isLoading}
          />
        ))}
      </section>

      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-3">
          <CardTitle level={2}>{text('notifications.send.recent')}</CardTitle>
          <Link to="/admin/notifications/history" className={buttonClass('outline', 'sm')}>
            {text('notifications.send.viewHistory')}
          </Link>
        </CardHeader>
        <CardContent>
          <QueryView
            query={recent}
            what={text('notifications.send.loadingRecent')}
            skeleton={<SkeletonRows rows={3} className="h-24" />}
            isEmpty={(data) => data.items.length === 0}
            empty={
              <EmptyState
                icon={<Bell className="h-8 w-8" />}
                title={text('notifications.empty.title')}
                description={text('notifications.empty.description')}
              />
            }
          >
            {(data) => (
              <ul className="space-y-3">
                {data.items.map((sent) => (
                  <SentNotification key={sent.id} sent={sent} />
                ))}
              </ul>
            )}
          </QueryView>
        </CardContent>
      </Card>

      {sending ? <SendDialog onClose={() => setSending(false)} /> : null}
    </div>
  );
}

interface SendFormInput {
  title: string;
  message: string;
  type: NotificationType;
  /** null: everyone; otherwise the chosen users' ids (the contract asks for at least one). */
  userIds: string[] | null;
}

const sendResolver = lazyZodResolver<SendFormInput, SendNotificationRequest>(() =>
  import('./schemas.ts').then((m) => m.SendNotificationRequest),
);

function SendDialog({ onClose }: { onClose: () => void }) {
  const { text } = useNotificationsMessages();
  const typeOptions = NOTIFICATION_TYPES.map((option) => ({
    value: option,
    label: text(TYPE_MESSAGES[option]),
  }));
  const audienceOptions = [
    { value: 'all', label: text('notifications.dialog.allUsers') },
    { value: 'users', label: text('notifications.dialog.specificUsers') },
  ];
  const [sendNotification, { isLoading }] = useSendNotificationMutation();
  const [chosen, setChosen] = useState<NotificationRecipient[]>([]);
  const form = useContractForm<SendFormInput, SendNotificationRequest>({
    resolver: sendResolver,
    defaultValues: { title: '', message: '', type: 'general', userIds: null },
  });
  const { errors } = form.formState;
  const userIds = form.watch('userIds');
  const type = form.watch('type');

  const choose = (users: NotificationRecipient[]) => {
    setChosen(users);
    form.setValue(
      'userIds',
      users.map((user) => user.id),
      { shouldValidate: form.formState.isSubmitted },
    );
  };

  const submit = form.handleSubmit(async (request) => {
    try {
      await sendNotification(request).unwrap();
      toast({ title: text('notifications.dialog.sent'), variant: 'success' });
      onClose();
    } catch (error) {
      reportFormError(form, error, { fallback: text('notifications.dialog.failed') });
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('notifications.send.open')}
      description={text('notifications.dialog.description')}
      onSubmit={(event) => void submit(event)}
      submitLabel={text('notifications.send.open')}
      busy={isLoading}
      busyLabel={text('notifications.dialog.sending')}
      className="max-h-[90vh] max-w-xl overflow-y-auto"
    >
      <TextField
        label={text('notifications.dialog.titleField')}
        maxLength={NOTIFICATION_TITLE_MAX}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextareaField
        label={text('notifications.dialog.message')}
        error={errors.message?.message}
        maxLength={NOTIFICATION_MESSAGE_MAX}
        {...form.register('message')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={text('notifications.dialog.type')}>
          {({ id }) => (
            <Select
              id={id}
              value={type}
              options={typeOptions}
              onValueChange={(value) => form.setValue('type', value as NotificationType)}
            />
          )}
        </Field>
        <Field label={text('notifications.dialog.sendTo')}>
          {({ id }) => (
            <Select
              id={id}
              value={userIds === null ? 'all' : 'users'}
              options={audienceOptions}
              onValueChange={(value) =>
                form.setValue('userIds', value === 'all' ? null : chosen.map((user) => user.id), {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
            />
          )}
        </Field>
      </div>
      {userIds !== null ? (
        <div className="space-y-1.5">
          <RecipientPicker chosen={chosen} onChange={choose} />
          {errors.userIds?.message ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.userIds.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </FormDialog>
  );
}
