// KYC Verification (spec sections 2, 4, 5 and 8): the loading text, the status banner (pending yellow,
// approved green, rejected red with the reason and notes) with the submitted details, or the 'KYC
// Verification Required' notice; the submission form with every field, the spec's 'Missing: <field>' message
// and real uploads of the ID front, back (optional), selfie (images only) and proof of address, checked by
// content and size on the server. After a rejection the form is offered again; earlier submissions are kept
// and listed with their review.
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, type Resolver, type UseFormSetValue } from 'react-hook-form';
import { CheckCircle2, Clock, ShieldAlert, XCircle } from 'lucide-react';
import type { KycIdType, KycRecord, KycSubmitRequest } from '@cropvest/contracts/kyc/model';
import { ID_TYPES, type KycDocumentField } from '@cropvest/contracts/kyc/submission-rules';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Link } from '@cropvest/web-kit/router';
import { dropZoneState, useUpload } from '@cropvest/web-kit/upload';
import { StatusBadge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { cn } from '@cropvest/ui/cn';
import { FileDropZone } from '@cropvest/ui/drop-zone';
import { formatDate } from '@cropvest/ui/format';
import { Field, TextField } from '@cropvest/ui/input';
import { QueryView } from '@cropvest/ui/query-view';
import { Spinner } from '@cropvest/ui/spinner';
import { Select } from '@cropvest/ui/select';
import { toast } from '@cropvest/ui/toast';
import { useMyKycQuery, useMyKycSubmissionsQuery, useSubmitKycMutation } from '../../api/kyc.ts';
import { KYC_FIELD_LABELS, missingFieldMessages } from './kyc-rules.ts';
import { useProfileMessages, type ProfileMessageId, type ProfileText } from './messages/catalogue.ts';

const ID_TYPE_LABELS: Record<KycIdType, ProfileMessageId> = {
  passport: 'profile.kyc.idType.passport',
  national_id: 'profile.kyc.idType.nationalId',
  driver_license: 'profile.kyc.idType.driverLicense',
};

/** The KYC service's limit for one document (docs/decisions/0012-kyc.md). */
const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
const IMAGES = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};
const IMAGES_OR_PDF = { ...IMAGES, 'application/pdf': ['.pdf'] };

const BANNERS: Record<
  KycRecord['status'],
  { tone: string; icon: ReactNode; title: ProfileMessageId; text: ProfileMessageId }
> = {
  pending: {
    tone: 'border-warning-border bg-warning-muted text-warning-ink',
    icon: <Clock className="h-5 w-5" />,
    title: 'profile.kyc.pending.title',
    text: 'profile.kyc.pending.text',
  },
  approved: {
    tone: 'border-success-border bg-success-muted text-success-ink',
    icon: <CheckCircle2 className="h-5 w-5" />,
    title: 'profile.kyc.approved.title',
    text: 'profile.kyc.approved.text',
  },
  rejected: {
    tone: 'border-danger-border bg-danger-muted text-danger-ink',
    icon: <XCircle className="h-5 w-5" />,
    title: 'profile.kyc.rejected.title',
    text: 'profile.kyc.rejected.text',
  },
};

export function KycTab() {
  const { text } = useProfileMessages();
  const kyc = useMyKycQuery();
  return (
    <QueryView
      query={kyc}
      what={text('profile.kyc.what')}
      skeleton={<p className="py-6 text-ink-muted">{text('profile.kyc.loading')}</p>}
    >
      {(record) => (
        <div className="space-y-6">
          {record ? <KycStatus record={record} /> : <RequiredNotice />}
          {!record || record.status === 'rejected' ? <KycForm resubmission={Boolean(record)} /> : null}
          {record ? <EarlierSubmissions latestId={record.id} /> : null}
        </div>
      )}
    </QueryView>
  );
}

function KycStatus({ record }: { record: KycRecord }) {
  const { text, rich } = useProfileMessages();
  const banner = BANNERS[record.status];
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div
          role="status"
          data-kyc-status={record.status}
          className={cn('flex gap-3 rounded-lg border p-4', banner.tone)}
        >
          <span aria-hidden="true">{banner.icon}</span>
          <div className="space-y-1 text-sm">
            <p className="font-semibold">{text(banner.title)}</p>
            <p>{text(banner.text)}</p>
            {record.rejectionReason ? (
              <p>{text('profile.kyc.reason', { reason: record.rejectionReason })}</p>
            ) : null}
            {record.notes ? <p>{text('profile.kyc.notes', { notes: record.notes })}</p> : null}
            {record.status === 'rejected' ? (
              <p>
                {rich('profile.kyc.rejected.next', {
                  support: (chunks) => (
                    <Link to="/investor/support?tab=contact" className="font-medium underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            ) : null}
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Detail
            label={text('profile.kyc.detail.fullName')}
            value={text('profile.kyc.detail.fullNameValue', {
              firstName: record.firstName,
              lastName: record.lastName,
            })}
          />
          <Detail label={text(KYC_FIELD_LABELS.dateOfBirth)} value={formatDate(record.dateOfBirth)} />
          <Detail label={text(KYC_FIELD_LABELS.nationality)} value={record.nationality} />
          <Detail label={text(KYC_FIELD_LABELS.idType)} value={text(ID_TYPE_LABELS[record.idType])} />
          <Detail label={text('profile.kyc.detail.submitted')} value={formatDate(record.submittedAt)} />
          {record.reviewedAt ? (
            <Detail label={text('profile.kyc.detail.reviewed')} value={formatDate(record.reviewedAt)} />
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

/** How many of the newest submissions the history reads; nobody is expected to come near it. */
const HISTORY_PAGE_SIZE = 20;

/** The submissions before the latest, with their review: kept on record after a new submission. */
function EarlierSubmissions({ latestId }: { latestId: string }) {
  const { text } = useProfileMessages();
  const history = useMyKycSubmissionsQuery({ page: 1, pageSize: HISTORY_PAGE_SIZE });
  const earlier = (history.data?.items ?? []).filter((item) => item.id !== latestId);
  if (earlier.length === 0) return null;
  const total = (history.data?.total ?? 0) - 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('profile.kyc.earlier.title')}</CardTitle>
        <CardDescription>
          {total > earlier.length
            ? text('profile.kyc.earlier.mostRecent', { shown: earlier.length, total })
            : text('profile.kyc.earlier.kept')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" aria-label={text('profile.kyc.earlier.title')}>
          {earlier.map((item) => (
            <li key={item.id} className="space-y-1 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={item.status} />
                <span className="text-ink-muted">
                  {text('profile.kyc.earlier.submitted', { date: formatDate(item.submittedAt) })}
                </span>
                {item.reviewedAt ? (
                  <span className="text-ink-muted">
                    {text('profile.kyc.earlier.reviewed', { date: formatDate(item.reviewedAt) })}
                  </span>
                ) : null}
              </div>
              {item.rejectionReason ? (
                <p className="text-ink">{text('profile.kyc.reason', { reason: item.rejectionReason })}</p>
              ) : null}
              {item.notes ? (
                <p className="text-ink-muted">{text('profile.kyc.notes', { notes: item.notes })}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

const Detail = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt className="text-ink-muted">{label}</dt>
    <dd className="font-medium text-ink">{value}</dd>
  </div>
);

function RequiredNotice() {
  const { text } = useProfileMessages();
  return (
    <div className="flex gap-3 rounded-lg border border-warning-border bg-warning-muted p-4 text-warning-ink">
      <ShieldAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
      <div className="text-sm">
        <p className="font-semibold">{text('profile.kyc.required.title')}</p>
        <p>{text('profile.kyc.required.text')}</p>
      </div>
    </div>
  );
}

type KycFormInput = Record<keyof KycSubmitRequest, string>;

const contractResolver = lazyZodResolver<KycFormInput, KycSubmitRequest>(() =>
  import('./schemas.ts').then((m) => m.KycSubmitRequest),
);

/** Every empty required field is flagged at once, by its label; the contract's own rules check the rest. */
const kycResolverIn =
  (text: ProfileText): Resolver<KycFormInput, unknown, KycSubmitRequest> =>
  async (values, context, options) => {
    const missing = Object.entries(missingFieldMessages(values, text));
    if (missing.length === 0) return contractResolver(values, context, options);
    return {
      values: {},
      errors: Object.fromEntries(missing.map(([field, message]) => [field, { type: 'required', message }])),
    };
  };

const EMPTY: KycFormInput = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  nationality: '',
  address: '',
  city: '',
  country: '',
  postalCode: '',
  phoneNumber: '',
  idType: '',
  idNumber: '',
  idDocumentFrontUrl: '',
  idDocumentBackUrl: '',
  selfieUrl: '',
  proofOfAddressUrl: '',
};

const TEXT_FIELDS: [keyof KycFormInput, string?][] = [
  ['firstName', 'given-name'],
  ['lastName', 'family-name'],
  ['dateOfBirth', 'bday'],
  ['nationality'],
  ['address', 'street-address'],
  ['city', 'address-level2'],
  ['country', 'country-name'],
  ['postalCode', 'postal-code'],
  ['phoneNumber', 'tel'],
];

/** The four documents: what is accepted (the selfie: images only) and the hint that says so. */
const DOCUMENTS: {
  field: KycDocumentField;
  hint: ProfileMessageId;
  accept: Record<string, string[]>;
}[] = [
  { field: 'idDocumentFrontUrl', hint: 'profile.kyc.hint.imageOrPdf', accept: IMAGES_OR_PDF },
  { field: 'idDocumentBackUrl', hint: 'profile.kyc.hint.imageOrPdf', accept: IMAGES_OR_PDF },
  { field: 'selfieUrl', hint: 'profile.kyc.hint.image', accept: IMAGES },
  { field: 'proofOfAddressUrl', hint: 'profile.kyc.hint.proofOfAddress', accept: IMAGES_OR_PDF },
];

/** One document's upload; the finished upload's object path is the form field's value, and clearing empties it. */
function useDocumentUpload(
  field: KycDocumentField,
  setValue: UseFormSetValue<KycFormInput>,
  validate: boolean,
) {
  const upload = useUpload('kyc-document');
  const path = upload.state.status === 'done' ? upload.state.objectPath : '';
  useEffect(() => {
    setValue(field, path, { shouldValidate: validate });
  }, [field, path, setValue, validate]);
  return upload;
}

function KycForm({ resubmission }: { resubmission: boolean }) {
  const { text } = useProfileMessages();
  const [submitKyc] = useSubmitKycMutation();
  const resolver = useMemo(() => kycResolverIn(text), [text]);
  const form = useContractForm<KycFormInput, KycSubmitRequest>({
    resolver,
    defaultValues: EMPTY,
  });
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  // Once a submit showed what is missing, a finished upload clears its message at once.
  const uploads: Record<KycDocumentField, ReturnType<typeof useUpload>> = {
    idDocumentFrontUrl: useDocumentUpload('idDocumentFrontUrl', setValue, isSubmitted),
    idDocumentBackUrl: useDocumentUpload('idDocumentBackUrl', setValue, isSubmitted),
    selfieUrl: useDocumentUpload('selfieUrl', setValue, isSubmitted),
    proofOfAddressUrl: useDocumentUpload('proofOfAddressUrl', setValue, isSubmitted),
  };
  const uploading = Object.values(uploads).some((upload) => upload.state.status === 'uploading');

  const onSubmit = async (values: KycSubmitRequest) => {
    if (uploading) return;
    try {
      await submitKyc(values).unwrap();
      toast({
        title: text('profile.kyc.submitted.title'),
        description: text('profile.kyc.submitted.text'),
        variant: 'success',
      });
    } catch (error) {
      reportFormError(form, error, {
        title: text('profile.error'),
        fallback: text('profile.kyc.submitFailed'),
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>
          {text(resubmission ? 'profile.kyc.form.titleAgain' : 'profile.kyc.form.title')}
        </CardTitle>
        <CardDescription>
          {text(resubmission ? 'profile.kyc.form.descriptionAgain' : 'profile.kyc.form.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ul className="list-disc space-y-1 ps-5 text-sm text-ink-muted">
          <li>{text('profile.kyc.rules.clear')}</li>
          <li>{text('profile.kyc.rules.valid')}</li>
          <li>{text('profile.kyc.rules.match')}</li>
          <li>{text('profile.kyc.rules.time')}</li>
        </ul>
        <form
          className="space-y-4"
          noValidate
          aria-label={text('profile.kyc.form.label')}
          onSubmit={handleSubmit(onSubmit)}
          onFocusCapture={() => void import('./schemas.ts')}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {TEXT_FIELDS.map(([name, autoComplete]) => (
              <TextField
                key={name}
                label={text(KYC_FIELD_LABELS[name])}
                type={name === 'dateOfBirth' ? 'date' : name === 'phoneNumber' ? 'tel' : 'text'}
                autoComplete={autoComplete}
                aria-required="true"
                error={errors[name]?.message}
                {...register(name)}
              />
            ))}
            <Controller
              control={control}
              name="idType"
              render={({ field }) => (
                <Field label={text(KYC_FIELD_LABELS.idType)} error={errors.idType?.message}>
                  {({ id, describedBy, invalid }) => (
                    <Select
                      id={id}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={field.value}
                      onValueChange={field.onChange}
                      placeholder={text('profile.kyc.idType.placeholder')}
                      options={ID_TYPES.map((value) => ({ value, label: text(ID_TYPE_LABELS[value]) }))}
                    />
                  )}
                </Field>
              )}
            />
            <TextField
              label={text(KYC_FIELD_LABELS.idNumber)}
              aria-required="true"
              autoComplete="off"
              error={errors.idNumber?.message}
              {...register('idNumber')}
            />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {DOCUMENTS.map(({ field, hint, accept }) => {
              const upload = uploads[field];
              return (
                <FileDropZone
                  key={field}
                  label={text(KYC_FIELD_LABELS[field])}
                  hint={text(hint)}
                  accept={accept}
                  maxSize={DOCUMENT_MAX_BYTES}
                  upload={dropZoneState(upload.state)}
                  onFile={(file) => {
                    void upload.start(file).then((objectPath) => {
                      if (objectPath)
                        toast({
                          title: text('profile.kyc.uploaded.title'),
                          description: text('profile.kyc.uploaded.text', { file: file.name }),
                          variant: 'success',
                        });
                    });
                  }}
                  onClear={upload.reset}
                  disabled={isSubmitting}
                  error={errors[field]?.message}
                />
              );
            })}
          </div>
          <Button type="submit" disabled={isSubmitting || uploading}>
            {isSubmitting ? <Spinner size="sm" label={text('profile.kyc.form.submitting')} /> : null}
            {text(uploading ? 'profile.kyc.form.waiting' : 'profile.kyc.form.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
