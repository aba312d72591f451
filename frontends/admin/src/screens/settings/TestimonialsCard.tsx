// Landing testimonials (issue 13 section 6): an admin adds an investor's words only after recording their
// consent (how it was given); the landing shows the list and hides the section while it is empty. The admin's list
// pages through the list kit.
import { useId, useState } from 'react';
import { MessageSquareQuote, Plus, Star, Trash2 } from 'lucide-react';
import { Controller } from 'react-hook-form';
import type { AdminTestimonial, CreateTestimonialRequest } from '@cropvest/contracts/identity/testimonials';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { Checkbox } from '@cropvest/ui/checkbox';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDateTime } from '@cropvest/ui/format';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { pagesOnly } from '@cropvest/ui/list/controls';
import { ListCards } from '@cropvest/ui/list/results';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import {
  useAddTestimonialMutation,
  useAdminTestimonialsQuery,
  useRemoveTestimonialMutation,
} from '../../api/identity.ts';
import { useSettingsMessages } from './messages/catalogue.ts';

const PAGE_SIZE = 10;

interface TestimonialValues {
  name: string;
  role: string;
  location: string;
  content: string;
  rating: string;
  consent: boolean;
  consentNote: string;
}

const resolver = lazyZodResolver<TestimonialValues, CreateTestimonialRequest>(() =>
  import('../../shared/settings/schemas.ts').then((m) => m.CreateTestimonialRequest),
);

const EMPTY: TestimonialValues = {
  name: '',
  role: '',
  location: '',
  content: '',
  rating: '5',
  consent: false,
  consentNote: '',
};

function AddDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { text } = useSettingsMessages();
  const consentId = useId();
  const [add, { isLoading }] = useAddTestimonialMutation();
  const form = useContractForm<TestimonialValues, CreateTestimonialRequest>({
    resolver,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const onSubmit = async (values: CreateTestimonialRequest) => {
    try {
      await add(values).unwrap();
      toast({
        title: text('settings.testimonials.added'),
        description: text('settings.testimonials.addedDescription'),
        variant: 'success',
      });
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      reportFormError(form, error, {
        title: text('settings.testimonials.error'),
        fallback: text('settings.testimonials.addFailed'),
      });
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text('settings.testimonials.add')}
      description={text('settings.testimonials.dialogDescription')}
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel={text('settings.testimonials.add')}
      busy={isLoading}
      busyLabel={text('settings.testimonials.adding')}
    >
      <TextField
        label={text('settings.testimonials.name')}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={text('settings.testimonials.role')}
          hint={text('settings.testimonials.roleHint')}
          error={errors.role?.message}
          {...form.register('role')}
        />
        <TextField
          label={text('settings.testimonials.location')}
          error={errors.location?.message}
          {...form.register('location')}
        />
      </div>
      <TextareaField
        label={text('settings.testimonials.content')}
        error={errors.content?.message}
        {...form.register('content')}
      />
      <TextField
        label={text('settings.testimonials.rating')}
        type="number"
        inputMode="numeric"
        min="1"
        max="5"
        step="1"
        error={errors.rating?.message}
        {...form.register('rating')}
      />
      <TextField
        label={text('settings.testimonials.consentNote')}
        hint={text('settings.testimonials.consentNoteHint')}
        error={errors.consentNote?.message}
        {...form.register('consentNote')}
      />
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="consent"
            render={({ field }) => (
              <Checkbox
                id={consentId}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={Boolean(errors.consent)}
                aria-describedby={errors.consent ? `${consentId}-error` : undefined}
              />
            )}
          />
          <label htmlFor={consentId} className="text-sm text-ink-muted">
            {text('settings.testimonials.consent')}
          </label>
        </div>
        {errors.consent ? (
          <p id={`${consentId}-error`} role="alert" className="text-sm font-medium text-danger">
            {errors.consent.message}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}

function TestimonialItem({ entry, onRemove }: { entry: AdminTestimonial; onRemove: () => void }) {
  const { text } = useSettingsMessages();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">
          {entry.name}
          {entry.role ? (
            <span className="font-normal text-ink-muted">
              {text('settings.testimonials.detail', { detail: entry.role })}
            </span>
          ) : null}
          {entry.location ? (
            <span className="font-normal text-ink-muted">
              {text('settings.testimonials.detail', { detail: entry.location })}
            </span>
          ) : null}
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          {text('settings.testimonials.quote', { content: entry.content })}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-ink-muted">
          <Star aria-hidden="true" className="h-3 w-3 fill-warning text-warning" />
          {text('settings.testimonials.consentLine', {
            rating: entry.rating,
            note: entry.consentNote,
            recordedAt: formatDateTime(entry.consentRecordedAt),
          })}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onRemove}
        aria-label={text('settings.testimonials.removeLabel', { name: entry.name })}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" /> {text('settings.testimonials.remove')}
      </Button>
    </li>
  );
}

export function TestimonialsCard() {
  const { text } = useSettingsMessages();
  const [page, setPage] = useState(1);
  const list = useAdminTestimonialsQuery({ page, pageSize: PAGE_SIZE });
  const [remove, removing] = useRemoveTestimonialMutation();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<AdminTestimonial | null>(null);

  const confirmRemove = async () => {
    if (!toRemove) return;
    try {
      await remove(toRemove.id).unwrap();
      toast({ title: text('settings.testimonials.removed'), variant: 'success' });
      setToRemove(null);
    } catch (error) {
      toastFailure(error, {
        title: text('settings.testimonials.error'),
        fallback: text('settings.testimonials.removeFailed'),
      });
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle level={2} className="flex items-center gap-2">
            <MessageSquareQuote aria-hidden="true" className="h-5 w-5 text-brand" />
            {text('settings.testimonials.title')}
          </CardTitle>
          <CardDescription>{text('settings.testimonials.description')}</CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {text('settings.testimonials.add')}
        </Button>
      </CardHeader>
      <CardContent>
        <ListCards
          query={list}
          list={pagesOnly(page, setPage)}
          pageSize={PAGE_SIZE}
          noun={text('settings.testimonials.noun')}
          empty={
            <EmptyState
              icon={<MessageSquareQuote aria-hidden="true" className="h-8 w-8" />}
              title={text('settings.testimonials.emptyTitle')}
              description={text('settings.testimonials.emptyDescription')}
            />
          }
          label={{
            list: text('settings.testimonials.list'),
            pager: text('settings.testimonials.pager'),
          }}
          skeletonHeight="h-16"
          className="divide-y divide-border"
        >
          {(entry) => <TestimonialItem key={entry.id} entry={entry} onRemove={() => setToRemove(entry)} />}
        </ListCards>
      </CardContent>
      <AddDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => (open ? undefined : setToRemove(null))}
        title={text('settings.testimonials.removeTitle')}
        description={text('settings.testimonials.removeDescription', { name: toRemove?.name ?? '' })}
        confirmLabel={text('settings.testimonials.remove')}
        tone="destructive"
        busy={removing.isLoading}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
