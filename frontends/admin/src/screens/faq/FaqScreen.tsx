// FAQ Management (/admin/support/faq): the entries investors read in the Support Center, drafts too, in
// their order. Admins add an entry (a draft unless published), edit it, publish or unpublish it, and move it
// up or down. Each change is audited by the support service.
import { useState } from 'react';
import { ArrowDown, ArrowUp, Eye, EyeOff, HelpCircle, Pencil, Plus } from 'lucide-react';
import type { AdminFaqEntry, CreateFaqRequest } from '@cropvest/contracts/support/faq';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { Checkbox } from '@cropvest/ui/checkbox';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDateTime } from '@cropvest/ui/format';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { Controller } from 'react-hook-form';
import {
  useAddFaqMutation,
  useAdminFaqQuery,
  useEditFaqMutation,
  useReorderFaqMutation,
} from '../../api/support.ts';
import { useFaqMessages } from './messages/catalogue.ts';
import { moved } from './rules.ts';

/** The dialog edits an existing entry, adds a new one, or is closed. */
type Editing = AdminFaqEntry | 'new' | null;

export default function FaqScreen() {
  const faq = useAdminFaqQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const { text } = useFaqMessages();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('faq.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('faq.subtitle')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {text('faq.add')}
        </Button>
      </div>

      <QueryView
        query={faq}
        what={text('faq.what')}
        skeleton={<SkeletonRows rows={6} className="h-24" />}
        isEmpty={(entries) => entries.length === 0}
        empty={
          <EmptyState
            icon={<HelpCircle className="h-8 w-8" />}
            title={text('faq.empty.title')}
            description={text('faq.empty.description')}
            action={<Button onClick={() => setEditing('new')}>{text('faq.add')}</Button>}
          />
        }
      >
        {(entries) => (
          <ol className="space-y-3" aria-label={text('faq.list.label')}>
            {entries.map((entry, index) => (
              <li key={entry.id}>
                <EntryCard
                  entry={entry}
                  ids={entries.map((e) => e.id)}
                  index={index}
                  onEdit={() => setEditing(entry)}
                />
              </li>
            ))}
          </ol>
        )}
      </QueryView>

      {editing ? (
        <EntryDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

function EntryCard({
  entry,
  ids,
  index,
  onEdit,
}: {
  entry: AdminFaqEntry;
  ids: string[];
  index: number;
  onEdit: () => void;
}) {
  const [edit, editing] = useEditFaqMutation();
  const [reorder, reordering] = useReorderFaqMutation();
  const { text } = useFaqMessages();

  const move = async (step: -1 | 1) => {
    const order = moved(ids, index, step);
    if (!order) return;
    try {
      await reorder({ ids: order }).unwrap();
      toast({ title: text('faq.toast.orderSaved'), variant: 'success' });
    } catch (error) {
      toastFailure(error, { fallback: text('faq.toast.reorderFailed') });
    }
  };
  const togglePublished = async () => {
    try {
      await edit({ id: entry.id, patch: { published: !entry.published } }).unwrap();
      toast({
        title: text(entry.published ? 'faq.toast.unpublished' : 'faq.toast.published'),
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, { fallback: text('faq.toast.updateFailed') });
    }
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6 md:flex-row md:items-start">
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-ink-muted">
              {text('faq.entry.position', { position: entry.position })}
            </span>
            <h2 className="break-words font-semibold text-ink">{entry.question}</h2>
            <Badge tone={entry.published ? 'green' : 'yellow'}>
              {text(entry.published ? 'faq.entry.published' : 'faq.entry.draft')}
            </Badge>
          </div>
          <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-ink-muted">
            {entry.answer}
          </p>
          <p className="text-xs text-ink-muted">
            {text('faq.entry.lastChanged', { date: formatDateTime(entry.updatedAt) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button
            variant="outline"
            size="icon"
            aria-label={text('faq.entry.moveUp', { question: entry.question })}
            disabled={index === 0 || reordering.isLoading}
            onClick={() => void move(-1)}
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={text('faq.entry.moveDown', { question: entry.question })}
            disabled={index === ids.length - 1 || reordering.isLoading}
            onClick={() => void move(1)}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={text('faq.entry.editLabel', { question: entry.question })}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" /> {text('faq.entry.edit')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={editing.isLoading}
            onClick={() => void togglePublished()}
            aria-label={text('faq.entry.publishLabel', {
              published: String(entry.published),
              question: entry.question,
            })}
          >
            {entry.published ? (
              <EyeOff aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Eye aria-hidden="true" className="h-4 w-4" />
            )}
            {text(entry.published ? 'faq.entry.unpublish' : 'faq.entry.publish')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

interface EntryFormInput {
  question: string;
  answer: string;
  published: boolean;
}

const entryResolver = lazyZodResolver<EntryFormInput, CreateFaqRequest>(() =>
  import('./schemas.ts').then((m) => m.CreateFaqRequest),
);

function EntryDialog({ entry, onClose }: { entry: AdminFaqEntry | null; onClose: () => void }) {
  const [add, adding] = useAddFaqMutation();
  const [edit, editing] = useEditFaqMutation();
  const { text } = useFaqMessages();
  const form = useContractForm<EntryFormInput, CreateFaqRequest>({
    resolver: entryResolver,
    defaultValues: {
      question: entry?.question ?? '',
      answer: entry?.answer ?? '',
      published: entry?.published ?? false,
    },
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = async (values: CreateFaqRequest) => {
    try {
      if (entry) await edit({ id: entry.id, patch: values }).unwrap();
      else await add(values).unwrap();
      toast({ title: text(entry ? 'faq.toast.updated' : 'faq.toast.added'), variant: 'success' });
      onClose();
    } catch (error) {
      reportFormError(form, error, {
        fallback: text(entry ? 'faq.toast.updateFailed' : 'faq.toast.addFailed'),
      });
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text(entry ? 'faq.dialog.editTitle' : 'faq.dialog.addTitle')}
      description={entry ? undefined : text('faq.dialog.addDescription')}
      onSubmit={handleSubmit(onSubmit)}
      submitLabel={text(entry ? 'faq.dialog.save' : 'faq.add')}
      busy={adding.isLoading || editing.isLoading}
    >
      <TextField
        label={text('faq.dialog.question')}
        error={errors.question?.message}
        {...register('question')}
      />
      <TextareaField
        label={text('faq.dialog.answer')}
        error={errors.answer?.message}
        rows={8}
        {...register('answer')}
      />
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="published"
          render={({ field }) => (
            <Checkbox
              id="faq-published"
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        <label htmlFor="faq-published" className="text-sm text-ink-muted">
          {text('faq.dialog.published')}
        </label>
      </div>
    </FormDialog>
  );
}
