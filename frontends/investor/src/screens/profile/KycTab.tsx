// KYC Verification (spec sections 2, 4, 5 and 8): the loading text, the status banner (pending yellow,
// approved green, rejected red with the reason and notes) with the submitted details, or the 'KYC
// Verification Required' notice; the submission form with every field, the spec's 'Missing: <field>' message
// and real uploads of the ID front, back (optional), selfie (images only) and proof of address, checked by
// content and size on the server. After a rejection the form is offered again; earlier submissions are kept
// and listed with their review.
import { useEffect, type ReactNode } from 'react';
import { Controller, type Resolver, type UseFormSetValue } from 'react-hook-form';
import { CheckCircle2, Clock, ShieldAlert, XCircle } from 'lucide-react';
import {
  ID_TYPES,
  type KycDocumentField,
  type KycIdType,
  type KycRecord,
  type KycSubmitRequest,
} from '@cropvest/contracts/kyc/model';
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

const ID_TYPE_LABELS: Record<KycIdType, string> = {
  passport: 'Passport',
  national_id: 'National ID',
  driver_license: "Driver's License",
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

const BANNERS: Record<KycRecord['status'], { tone: string; icon: ReactNode; title: string; text: string }> = {
  pending: {
    tone: 'border-warning-border bg-warning-muted text-warning-ink',
    icon: <Clock className="h-5 w-5" />,
    title: 'Verification pending',
    text: 'Your documents are under review. This may take 1-3 business days.',
  },
  approved: {
    tone: 'border-success-border bg-success-muted text-success-ink',
    icon: <CheckCircle2 className="h-5 w-5" />,
    title: 'Verified',
    text: 'Your identity has been verified. You have full access to all platform features.',
  },
  rejected: {
    tone: 'border-danger-border bg-danger-muted text-danger-ink',
    icon: <XCircle className="h-5 w-5" />,
    title: 'Verification rejected',
    text: 'Your KYC submission was rejected. Please contact support for assistance.',
  },
};

export function KycTab() {
  const kyc = useMyKycQuery();
  return (
    <QueryView
      query={kyc}
      what="your verification status"
      skeleton={<p className="py-6 text-ink-muted">Loading KYC information...</p>}
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
            <p className="font-semibold">{banner.title}</p>
            <p>{banner.text}</p>
            {record.rejectionReason ? <p>Reason: {record.rejectionReason}</p> : null}
            {record.notes ? <p>Notes: {record.notes}</p> : null}
            {record.status === 'rejected' ? (
              <p>
                <Link to="/investor/support?tab=contact" className="font-medium underline">
                  Contact support
                </Link>{' '}
                or correct your details and submit again below.
              </p>
            ) : null}
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Detail label="Full name" value={`${record.firstName} ${record.lastName}`} />
          <Detail label="Date of birth" value={formatDate(record.dateOfBirth)} />
          <Detail label="Nationality" value={record.nationality} />
          <Detail label="ID type" value={ID_TYPE_LABELS[record.idType]} />
          <Detail label="Submitted" value={formatDate(record.submittedAt)} />
          {record.reviewedAt ? <Detail label="Reviewed" value={formatDate(record.reviewedAt)} /> : null}
        </dl>
      </CardContent>
    </Card>
  );
}

/** How many of the newest submissions the history reads; nobody is expected to come near it. */
const HISTORY_PAGE_SIZE = 20;

/** The submissions before the latest, with their review: kept on record after a new submission. */
function EarlierSubmissions({ latestId }: { latestId: string }) {
  const history = useMyKycSubmissionsQuery({ page: 1, pageSize: HISTORY_PAGE_SIZE });
  const earlier = (history.data?.items ?? []).filter((item) => item.id !== latestId);
  if (earlier.length === 0) return null;
  const total = (history.data?.total ?? 0) - 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Earlier submissions</CardTitle>
        <CardDescription>
          {total > earlier.length
            ? `The ${earlier.length} most recent of your ${total} earlier submissions.`
            : 'Kept on record with their review.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" aria-label="Earlier submissions">
          {earlier.map((item) => (
            <li key={item.id} className="space-y-1 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={item.status} />
                <span className="text-ink-muted">Submitted {formatDate(item.submittedAt)}</span>
                {item.reviewedAt ? (
                  <span className="text-ink-muted">· reviewed {formatDate(item.reviewedAt)}</span>
                ) : null}
              </div>
              {item.rejectionReason ? <p className="text-ink">Reason: {item.rejectionReason}</p> : null}
              {item.notes ? <p className="text-ink-muted">Notes: {item.notes}</p> : null}
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
  return (
    <div className="flex gap-3 rounded-lg border border-warning-border bg-warning-muted p-4 text-warning-ink">
      <ShieldAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
      <div className="text-sm">
        <p className="font-semibold">KYC Verification Required</p>
        <p>Verify your identity to access all platform features.</p>
      </div>
    </div>
  );
}

type KycFormInput = Record<keyof KycSubmitRequest, string>;

const contractResolver = lazyZodResolver<KycFormInput, KycSubmitRequest>(() =>
  import('./schemas.ts').then((m) => m.KycSubmitRequest),
);

/** Every empty required field is flagged at once, by its label; the contract's own rules check the rest. */
const kycResolver: Resolver<KycFormInput, unknown, KycSubmitRequest> = async (values, context, options) => {
  const missing = Object.entries(missingFieldMessages(values));
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

const TEXT_FIELDS: [keyof KycFormInput, string, string?][] = (
  [
    ['firstName', 'given-name'],
    ['lastName', 'family-name'],
    ['dateOfBirth', 'bday'],
    ['nationality'],
    ['address', 'street-address'],
    ['city', 'address-level2'],
    ['country', 'country-name'],
    ['postalCode', 'postal-code'],
    ['phoneNumber', 'tel'],
  ] as [keyof KycFormInput, string?][]
).map(([name, autoComplete]) => [name, KYC_FIELD_LABELS[name], autoComplete]);

/** The four documents: label, what is accepted, and whether the selfie's images-only rule applies. */
const DOCUMENTS: {
  field: KycDocumentField;
  label: string;
  hint: string;
  accept: Record<string, string[]>;
}[] = [
  {
    field: 'idDocumentFrontUrl',
    label: KYC_FIELD_LABELS.idDocumentFrontUrl,
    hint: 'PNG, JPEG, GIF, WebP or PDF, up to 10 MB',
    accept: IMAGES_OR_PDF,
  },
  {
    field: 'idDocumentBackUrl',
    label: KYC_FIELD_LABELS.idDocumentBackUrl,
    hint: 'PNG, JPEG, GIF, WebP or PDF, up to 10 MB',
    accept: IMAGES_OR_PDF,
  },
  {
    field: 'selfieUrl',
    label: KYC_FIELD_LABELS.selfieUrl,
    hint: 'An image: PNG, JPEG, GIF or WebP, up to 10 MB',
    accept: IMAGES,
  },
  {
    field: 'proofOfAddressUrl',
    label: KYC_FIELD_LABELS.proofOfAddressUrl,
    hint: 'A utility bill or bank statement: PNG, JPEG, GIF, WebP or PDF, up to 10 MB',
    accept: IMAGES_OR_PDF,
  },
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
  const [submitKyc] = useSubmitKycMutation();
  const form = useContractForm<KycFormInput, KycSubmitRequest>({
    resolver: kycResolver,
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
        title: 'KYC Submitted',
        description: 'Your KYC documents have been submitted for review.',
        variant: 'success',
      });
    } catch (error) {
      reportFormError(form, error, {
        title: 'Error',
        fallback: 'Failed to submit KYC documents. Please try again.',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>
          {resubmission ? 'Submit your documents again' : 'Submit your documents'}
        </CardTitle>
        <CardDescription>
          {resubmission
            ? 'Your earlier submission is kept on record; this one goes to review like the first.'
            : 'Fill in your details exactly as they appear on your ID, then upload your documents.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink-muted">
          <li>Documents must be clear, readable and in colour.</li>
          <li>Documents must be valid and not expired.</li>
          <li>Your personal information must match your ID exactly.</li>
          <li>Processing typically takes 1-3 business days.</li>
        </ul>
        <form
          className="space-y-4"
          noValidate
          aria-label="KYC submission"
          onSubmit={handleSubmit(onSubmit)}
          onFocusCapture={() => void import('./schemas.ts')}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {TEXT_FIELDS.map(([name, label, autoComplete]) => (
              <TextField
                key={name}
                label={label}
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
                <Field label="ID type" error={errors.idType?.message}>
                  {({ id, describedBy, invalid }) => (
                    <Select
                      id={id}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={field.value}
                      onValueChange={field.onChange}
                      placeholder="Select an ID type"
                      options={ID_TYPES.map((value) => ({ value, label: ID_TYPE_LABELS[value] }))}
                    />
                  )}
                </Field>
              )}
            />
            <TextField
              label="ID number"
              aria-required="true"
              autoComplete="off"
              error={errors.idNumber?.message}
              {...register('idNumber')}
            />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {DOCUMENTS.map(({ field, label, hint, accept }) => {
              const upload = uploads[field];
              return (
                <FileDropZone
                  key={field}
                  label={label}
                  hint={hint}
                  accept={accept}
                  maxSize={DOCUMENT_MAX_BYTES}
                  upload={dropZoneState(upload.state)}
                  onFile={(file) => {
                    void upload.start(file).then((objectPath) => {
                      if (objectPath)
                        toast({
                          title: 'File Uploaded',
                          description: `${file.name} uploaded successfully`,
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
            {isSubmitting ? <Spinner size="sm" label="Submitting…" /> : null}
            {uploading ? 'Waiting for the uploads…' : 'Submit for Verification'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
