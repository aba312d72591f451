// A plan's timeline of field reports (issue 25 item 7, decision 0093): newest first, one server page at a time;
// each report's stage, text, publication time and photos as thumbnails that open larger in a dialog with their
// capture time. An adverse-event report is set apart by a heading and a sentence, not by colour alone. The plan
// page shows it under "Timeline"; My Investments may show it for an investment's plan.
import { useState } from 'react';
import { AlertTriangle, Camera } from 'lucide-react';
import type { FieldReport, FieldReportPhoto } from '@cropvest/contracts/plans/field-reports';
import { useFieldReportStageWord } from '@cropvest/web-kit/words/field-reports';
import { Badge } from '@cropvest/ui/badge';
import { cn } from '@cropvest/ui/cn';
import { Dialog, DialogContent, DialogTrigger } from '@cropvest/ui/dialog';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatCount, formatDateTime } from '@cropvest/ui/format';
import { pagesOnly } from '@cropvest/ui/list/controls';
import { ListCards } from '@cropvest/ui/list/results';
import { usePlanFieldReportsQuery } from '../../api/plans.ts';
import { usePlanMessages, type PlanText } from './messages/catalogue.ts';

export const FIELD_REPORTS_PAGE_SIZE = 10;

export interface FieldReportTimelineProps {
  planId: string;
  /** The page shown (from 1); the caller keeps it (the plan page in its address), so Back steps through pages. */
  page: number;
  onPageChange: (page: number) => void;
}

/** Each report is an article under an h3: place the timeline under a section's h2. */
export function FieldReportTimeline({ planId, page, onPageChange }: FieldReportTimelineProps) {
  const { text } = usePlanMessages();
  const reports = usePlanFieldReportsQuery({ planId, page, pageSize: FIELD_REPORTS_PAGE_SIZE });
  return (
    <ListCards
      query={reports}
      list={pagesOnly(page, onPageChange)}
      pageSize={FIELD_REPORTS_PAGE_SIZE}
      noun={text('plan.timeline.noun')}
      empty={
        <EmptyState
          level={3}
          icon={<Camera className="h-8 w-8" />}
          title={text('plan.timeline.emptyTitle')}
          description={text('plan.timeline.emptyDescription')}
        />
      }
      label={{ list: text('plan.timeline.list'), pager: text('plan.timeline.pager') }}
      skeletonHeight="h-32"
      className="space-y-4"
      ordered
    >
      {(report) => (
        <ReportItem
          key={report.id}
          report={report}
          // A photo's link is short-lived: one that expired is asked for again.
          onPhotoExpired={() => void reports.refetch()}
        />
      )}
    </ListCards>
  );
}

function ReportItem({ report, onPhotoExpired }: { report: FieldReport; onPhotoExpired: () => void }) {
  const { text, rich } = usePlanMessages();
  const titleId = `field-report-${report.id}`;
  const stage = useFieldReportStageWord()(report.stage);
  const published = formatDateTime(report.publishedAt);
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="field-report"
        className={cn(
          'rounded-xl border p-4 sm:p-5',
          report.adverse
            ? 'border-s-4 border-danger-border border-s-danger bg-danger-muted'
            : 'border-border bg-surface',
        )}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={titleId} className="flex items-center gap-2 font-semibold text-ink">
            {report.adverse ? <AlertTriangle aria-hidden="true" className="h-4 w-4 text-danger" /> : null}
            {report.adverse ? text('plan.report.adverse') : stage}
          </h3>
          <p className="text-sm text-ink-muted">
            {rich('plan.report.published', {
              when: published,
              time: (chunks) => <time dateTime={report.publishedAt}>{chunks}</time>,
            })}
          </p>
        </div>
        {report.adverse ? (
          <p className="mt-1 text-sm font-medium text-danger-ink">{text('plan.report.adverseNote')}</p>
        ) : null}
        <p className="mt-3 whitespace-pre-line break-words text-ink">{report.text}</p>
        {report.correctsReportId || report.correctedByReportId ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {report.correctsReportId ? <Badge tone="blue">{text('plan.report.corrects')}</Badge> : null}
            {report.correctedByReportId ? (
              <Badge tone="yellow">{text('plan.report.correctedBy')}</Badge>
            ) : null}
          </div>
        ) : null}
        {report.photos.length > 0 ? (
          <ul
            className="mt-4 flex flex-wrap gap-3"
            aria-label={text('plan.report.photos', { when: published })}
          >
            {report.photos.map((photo, index) => (
              <li key={photo.id}>
                <PhotoDialog
                  photo={photo}
                  title={text('plan.report.photoTitle', {
                    stage,
                    number: formatCount(index + 1),
                    count: formatCount(report.photos.length),
                  })}
                  onExpired={onPhotoExpired}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  );
}

/** When a photo was taken: its camera's date, or, without one, when the report published it. */
const captureText = (photo: FieldReportPhoto, text: PlanText) =>
  text(photo.capturedAtSource === 'exif' ? 'plan.report.taken' : 'plan.report.uploaded', {
    when: formatDateTime(photo.capturedAt),
  });

function PhotoDialog({
  photo,
  title,
  onExpired,
}: {
  photo: FieldReportPhoto;
  title: string;
  onExpired: () => void;
}) {
  const { text } = usePlanMessages();
  const [open, setOpen] = useState(false);
  const capture = captureText(photo, text);
  // Only an expired link is asked for again: a photo that fails for another reason would ask forever.
  const failed = () => {
    if (Date.parse(photo.urlExpiresAt) <= Date.now()) onExpired();
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="block overflow-hidden rounded-lg border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2"
        >
          <img
            src={photo.url}
            alt={text('plan.report.photoOpen', { title })}
            width={112}
            height={112}
            loading="lazy"
            className="h-28 w-28 object-cover"
            onError={failed}
          />
        </button>
      </DialogTrigger>
      {open ? (
        <DialogContent title={title} description={capture} className="max-w-3xl">
          <img
            src={photo.url}
            alt={text('plan.report.photoAlt', { title, capture })}
            className="max-h-[70dvh] w-full rounded-lg object-contain"
            onError={failed}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
