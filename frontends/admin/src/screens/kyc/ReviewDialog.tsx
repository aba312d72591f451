// The Review dialog (spec section 2, KYC Management): personal and address information, ID type and number,
// the documents shown inline, and then either the review (internal notes, the rejection reason a rejection
// needs, Approve and Reject) for a pending record, or its review history once reviewed.
import type { ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import type { AdminKycRecord, KycReviewRequest } from '@cropvest/contracts/kyc/model';
import { toastMessage } from '@cropvest/web-kit';
import { lazyZodResolver, useContractForm } from '@cropvest/web-kit/form';
import { StatusBadge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { Spinner } from '@cropvest/ui/spinner';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { formatDate, formatDateTime, NOT_AVAILABLE } from '@cropvest/ui/format';
import { useReviewKycMutation } from '../../api/kyc.ts';
import { DocumentViewer } from './DocumentViewer.tsx';
import { ID_TYPE_LABELS } from '../../shared/kyc/list.ts';
import { useSharedKycMessages } from '../../shared/kyc/messages/catalogue.ts';
import { useKycMessages } from './messages/catalogue.ts';

interface ReviewFormInput {
  status: 'approved' | 'rejected';
  notes: string;
  rejectionReason: string;
}

// The contract's own rule (a rejection needs a reason: 'Please provide a rejection reason.'), loaded on first use.
const reviewResolver = lazyZodResolver<ReviewFormInput, KycReviewRequest>(() =>
  import('@cropvest/contracts/kyc/model').then((m) => m.KycReviewRequest),
);

export const fullName = (record: Pick<AdminKycRecord, 'firstName' | 'lastName'>) =>
  `${record.firstName} ${record.lastName}`;

export function ReviewDialog({ record, onClose }: { record: AdminKycRecord; onClose: () => void }) {
  const { text } = useKycMessages();
  const { text: kycText } = useSharedKycMessages();
  const [review, { isLoading: saving }] = useReviewKycMutation();
  const name = fullName(record);
  return (
    <Dialog open onOpenChange={(open) => (open || saving ? undefined : onClose())}>
      <DialogContent
        title={text('kyc.review.title')}
        description={text('kyc.review.description', { name, date: formatDateTime(record.submittedAt) })}
        className="max-w-3xl"
      >
        <div className="space-y-6">
          <div className="flex items-center gap-2 text-sm text-ink-muted">
            {text('kyc.review.status')} <StatusBadge status={record.status} />
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <Facts
              title={text('kyc.review.personal')}
              facts={[
                [text('kyc.review.fullName'), name],
                [text('kyc.review.dateOfBirth'), formatDate(record.dateOfBirth)],
                [text('kyc.review.nationality'), record.nationality],
                [text('kyc.review.phone'), record.phoneNumber],
                [
                  text('kyc.review.account'),
                  record.user
                    ? text('kyc.review.accountValue', { name: record.user.name, email: record.user.email })
                    : text('kyc.unknownUser'),
                ],
              ]}
            />
            <Facts
              title={text('kyc.review.address')}
              facts={[
                [text('kyc.review.street'), record.address],
                [text('kyc.review.city'), record.city],
                [text('kyc.review.country'), record.country],
                [text('kyc.review.postalCode'), record.postalCode],
              ]}
            />
            <Facts
              title={text('kyc.review.document')}
              facts={[
                [text('kyc.review.idType'), kycText(ID_TYPE_LABELS[record.idType])],
                [text('kyc.review.idNumber'), <span className="font-mono">{record.idNumber}</span>],
              ]}
            />
          </div>
          <DocumentViewer kycId={record.id} owner={name} />
          {record.status === 'pending' ? (
            <ReviewForm
              record={record}
              saving={saving}
              onReview={async (body) => {
                try {
                  await review({ id: record.id, body }).unwrap();
                  toast({ title: text('kyc.review.success'), variant: 'success' });
                  onClose();
                } catch (error) {
                  // The spec's text, with the server's reason (already reviewed, say) when it gave one.
                  const reason = toastMessage(error, '');
                  toast({
                    title: text('kyc.review.failure'),
                    ...(reason ? { description: reason } : {}),
                    variant: 'destructive',
                  });
                }
              }}
              onCancel={onClose}
            />
          ) : (
            <ReviewHistory record={record} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Facts({ title, facts }: { title: string; facts: [string, ReactNode][] }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <dl className="space-y-1.5 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[8rem_1fr] gap-2">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="break-words text-ink">{value || NOT_AVAILABLE}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ReviewForm({
  record,
  saving,
  onReview,
  onCancel,
}: {
  record: AdminKycRecord;
  saving: boolean;
  onReview: (body: KycReviewRequest) => Promise<void>;
  onCancel: () => void;
}) {
  const { text, rich } = useKycMessages();
  const form = useContractForm<ReviewFormInput, KycReviewRequest>({
    resolver: reviewResolver,
    defaultValues: { status: 'approved', notes: '', rejectionReason: '' },
  });
  const { errors } = form.formState;
  const decide = (status: ReviewFormInput['status']) => {
    form.setValue('status', status);
    void form.handleSubmit(onReview)();
  };
  const who = fullName(record);
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="space-y-4">
      <h3 className="text-sm font-semibold text-ink">{text('kyc.review.form')}</h3>
      <TextareaField
        label={text('kyc.review.notes')}
        hint={text('kyc.review.notesHint')}
        error={errors.notes?.message}
        maxLength={2000}
        className="min-h-20"
        {...form.register('notes')}
      />
      <TextareaField
        label={text('kyc.review.rejectionReason')}
        hint={text('kyc.review.rejectionReasonHint')}
        error={errors.rejectionReason?.message}
        maxLength={500}
        className="min-h-20"
        {...form.register('rejectionReason')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {text('kyc.review.cancel')}
        </Button>
        <Button variant="destructive" onClick={() => decide('rejected')} disabled={saving}>
          {saving && form.getValues('status') === 'rejected' ? (
            <Spinner size="sm" label={text('kyc.review.rejecting')} />
          ) : (
            <X aria-hidden="true" className="h-4 w-4" />
          )}
          {rich('kyc.review.reject', {
            name: who,
            who: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </Button>
        <Button onClick={() => decide('approved')} disabled={saving}>
          {saving && form.getValues('status') === 'approved' ? (
            <Spinner size="sm" label={text('kyc.review.approving')} />
          ) : (
            <Check aria-hidden="true" className="h-4 w-4" />
          )}
          {rich('kyc.review.approve', {
            name: who,
            who: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </Button>
      </div>
    </form>
  );
}

function ReviewHistory({ record }: { record: AdminKycRecord }) {
  const { text } = useKycMessages();
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-ink">{text('kyc.history.title')}</h3>
      <ol className="space-y-3 border-s-2 border-border ps-4 text-sm">
        <li>
          <p className="font-medium text-ink">{text('kyc.history.submitted')}</p>
          <p className="text-ink-muted">{formatDateTime(record.submittedAt)}</p>
        </li>
        <li>
          <p className="font-medium text-ink">
            {text('kyc.history.decided', {
              status: record.status,
              reviewer: record.reviewerName ?? text('kyc.unknownUser'),
            })}
          </p>
          <p className="text-ink-muted">{formatDateTime(record.reviewedAt)}</p>
          {record.rejectionReason ? (
            <p className="mt-1 text-danger-ink">
              {text('kyc.history.rejectionReason', { reason: record.rejectionReason })}
            </p>
          ) : null}
          <p className="mt-1 text-ink-muted">
            {text('kyc.history.notes', { notes: record.notes ?? text('kyc.history.noNotes') })}
          </p>
        </li>
      </ol>
      <p className="text-xs text-ink-muted">{text('kyc.history.readOnly')}</p>
    </section>
  );
}
