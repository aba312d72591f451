// A plan's field reports (/admin/plans/:id/field-reports, decision 0093): publish a report on the plan's timeline
// (stage, text, photos uploaded through the drop zone with their previews), then the timeline itself, newest first
// one server page at a time (the page in the address), adverse events highlighted. A published report never
// changes; "Verify" checks it and its photos against the hash-chained audit log. The plan's investors are told
// of every report, and mailed an adverse event.
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { AlertTriangle, Newspaper, ShieldCheck } from 'lucide-react';
import type { FieldReport, FieldReportInput } from '@cropvest/contracts/plans/field-reports';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { useFieldReportStageWord } from '@cropvest/web-kit/words/field-reports';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { cn } from '@cropvest/ui/cn';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDateTime } from '@cropvest/ui/format';
import { Field } from '@cropvest/ui/input';
import { ListCards } from '@cropvest/ui/list/results';
import { Select } from '@cropvest/ui/select';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { PlanPageHeader } from '../../shared/plans/PlanPageHeader.tsx';
import { serverPageSize } from '../../shared/admin-list/page-size.ts';
import { SaveButton } from '../../shared/settings/fields.tsx';
import { useFieldReportsQuery, usePublishFieldReportMutation } from '../../api/plans.ts';
import { PhotoUploads, usePhotoUploads } from './PhotoUploads.tsx';
import { captureSource, REPORT_TEXT_MAX, STAGES, TIMELINE_PAGE_SIZE } from './rules.ts';
import { VerifyDialog } from './VerifyDialog.tsx';
import { useFieldReportsMessages } from './messages/catalogue.ts';

interface ReportFormInput {
  stage: string;
  text: string;
}

const resolver = lazyZodResolver<ReportFormInput, Pick<FieldReportInput, 'stage' | 'text'>>(() =>
  import('./schemas.ts').then((m) => m.FieldReportForm),
);
const preloadSchema = (): void => void import('./schemas.ts');

export default function FieldReportsScreen() {
  const { id = '' } = useRouteParams<'id'>();
  const { text } = useFieldReportsMessages();
  return (
    <div className="space-y-6">
      <PlanPageHeader
        planId={id}
        title={text('fieldReports.title')}
        current={`/admin/plans/${id}/field-reports`}
      >
        {text('fieldReports.intro')}
      </PlanPageHeader>
      {id ? (
        <>
          <PublishCard planId={id} />
          <TimelineCard planId={id} />
        </>
      ) : null}
    </div>
  );
}

function PublishCard({ planId }: { planId: string }) {
  const { text } = useFieldReportsMessages();
  const stageWord = useFieldReportStageWord();
  const [publish, publishing] = usePublishFieldReportMutation();
  const uploads = usePhotoUploads();
  const form = useContractForm<ReportFormInput, Pick<FieldReportInput, 'stage' | 'text'>>({
    resolver,
    defaultValues: { stage: '', text: '' },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const busy = publishing.isLoading;

  const onSubmit = async (values: Pick<FieldReportInput, 'stage' | 'text'>) => {
    try {
      const report = await publish({
        planId,
        body: {
          ...values,
          photos: uploads.photos.map((photo) => photo.objectPath),
          correctsReportId: null,
        },
      }).unwrap();
      toast({
        title: text('fieldReports.publish.published'),
        description: text(
          report.adverse ? 'fieldReports.publish.notifiedAdverse' : 'fieldReports.publish.notified',
        ),
        variant: 'success',
      });
      form.reset({ stage: '', text: '' });
      uploads.clear();
    } catch (error) {
      reportFormError(form, error, { fallback: text('fieldReports.publish.failed') });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('fieldReports.publish.title')}</CardTitle>
        <CardDescription>{text('fieldReports.publish.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          onFocusCapture={preloadSchema}
          className="space-y-4"
        >
          <div className="md:max-w-xs">
            <Field label={text('fieldReports.publish.stage')} error={errors.stage?.message}>
              {({ id, describedBy, invalid }) => (
                <Controller
                  control={control}
                  name="stage"
                  render={({ field }) => (
                    <Select
                      id={id}
                      value={field.value}
                      onValueChange={(value) => field.onChange(value)}
                      options={STAGES.map((stage) => ({ value: stage, label: stageWord(stage) }))}
                      placeholder={text('fieldReports.publish.stagePlaceholder')}
                      aria-invalid={invalid}
                      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
                    />
                  )}
                />
              )}
            </Field>
          </div>
          <TextareaField
            label={text('fieldReports.publish.report')}
            hint={text('fieldReports.publish.reportHint', { max: String(REPORT_TEXT_MAX) })}
            aria-required="true"
            maxLength={REPORT_TEXT_MAX}
            className="min-h-32"
            error={errors.text?.message}
            {...register('text')}
          />
          <PhotoUploads uploads={uploads} disabled={busy} />
          <SaveButton saving={busy}>{text('fieldReports.publish.submit')}</SaveButton>
          {uploads.busy ? (
            <p role="status" className="text-sm text-ink-muted">
              {text('fieldReports.publish.waitUpload')}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function TimelineCard({ planId }: { planId: string }) {
  const { text } = useFieldReportsMessages();
  const list = useListState({ pageSize: TIMELINE_PAGE_SIZE });
  const pageSize = serverPageSize(list.pageSize);
  const reports = useFieldReportsQuery({ planId, page: list.page, pageSize });
  const [verifying, setVerifying] = useState<FieldReport | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('fieldReports.timeline.title')}</CardTitle>
        <CardDescription>{text('fieldReports.timeline.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ListCards
          query={reports}
          list={list}
          pageSize={pageSize}
          noun={text('fieldReports.timeline.noun')}
          empty={
            <EmptyState
              icon={<Newspaper className="h-8 w-8" />}
              title={text('fieldReports.timeline.emptyTitle')}
              description={text('fieldReports.timeline.emptyDescription')}
            />
          }
          label={{ list: text('fieldReports.timeline.list'), pager: text('fieldReports.timeline.pager') }}
          skeletonHeight="h-40"
          className="space-y-4"
          ordered
        >
          {(report) => (
            <li key={report.id}>
              <ReportCard report={report} onVerify={() => setVerifying(report)} />
            </li>
          )}
        </ListCards>
      </CardContent>
      {verifying ? <VerifyDialog report={verifying} onClose={() => setVerifying(null)} /> : null}
    </Card>
  );
}

function ReportCard({ report, onVerify }: { report: FieldReport; onVerify: () => void }) {
  const { text, rich } = useFieldReportsMessages();
  const headingId = useId();
  const stageWord = useFieldReportStageWord();
  const stage = stageWord(report.stage);
  const published = formatDateTime(report.publishedAt);
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'space-y-3 rounded-xl border p-4',
        report.adverse ? 'border-danger-border bg-danger-muted' : 'border-border bg-surface',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            {report.adverse ? <AlertTriangle aria-hidden="true" className="h-4 w-4 text-danger" /> : null}
            <Badge tone={report.adverse ? 'red' : 'green'}>{stage}</Badge>
            <span>{published}</span>
          </h3>
          {report.correctedByReportId ? (
            <p className="text-xs font-medium text-warning-ink">
              {text('fieldReports.report.correctedLater')}
            </p>
          ) : null}
          {report.correctsReportId ? (
            <p className="text-xs text-ink-muted">{text('fieldReports.report.corrects')}</p>
          ) : null}
        </div>
        <Button variant="outline" size="sm" onClick={onVerify}>
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          {rich('fieldReports.report.verify', {
            stage,
            date: published,
            which: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </Button>
      </header>
      <p className="whitespace-pre-line break-words text-sm text-ink">{report.text}</p>
      {report.photos.length > 0 ? (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          aria-label={text('fieldReports.report.photos', { stage })}
        >
          {report.photos.map((photo, index) => (
            <li key={photo.id}>
              <figure className="overflow-hidden rounded-lg border border-border bg-surface">
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.url}
                    alt={text('fieldReports.report.photoAlt', {
                      stage,
                      position: index + 1,
                      total: report.photos.length,
                    })}
                    className="h-28 w-full object-cover"
                    loading="lazy"
                  />
                </a>
                <figcaption className="px-2 py-1 text-xs text-ink-muted">
                  {text('fieldReports.photo.captured', {
                    time: formatDateTime(photo.capturedAt),
                    source: captureSource(photo.capturedAtSource, text),
                  })}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
