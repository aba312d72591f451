// The range and bucket of a report screen, kept in the address (range.ts). Native date inputs: keyboard and
// screen-reader friendly, with the browser's own date picker.
import { REPORT_BUCKETS, REPORT_MAX_DAYS, type ReportBucket } from '@cropvest/contracts/reports/report-range';
import { Input, Label } from '@cropvest/ui/input';
import { Select } from '@cropvest/ui/select';
import { useReportCardMessages, type ReportCardMessageId } from './messages/catalogue.ts';
import type { ReportRange } from './range.ts';

const BUCKET_MESSAGES: Record<ReportBucket, ReportCardMessageId> = {
  day: 'reportCard.range.byDay',
  week: 'reportCard.range.byWeek',
  month: 'reportCard.range.byMonth',
};

export function ReportControls({ range }: { range: ReportRange }) {
  const { text } = useReportCardMessages();
  const { query, problem } = range;
  return (
    <section aria-label={text('reportCard.range.label')} className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="report-from">{text('reportCard.range.from')}</Label>
          <Input
            id="report-from"
            type="date"
            value={query.from}
            max={query.to}
            onChange={(event) => event.target.value && range.setFrom(event.target.value)}
            aria-describedby="report-range-note"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="report-to">{text('reportCard.range.to')}</Label>
          <Input
            id="report-to"
            type="date"
            value={query.to}
            min={query.from}
            onChange={(event) => event.target.value && range.setTo(event.target.value)}
            aria-describedby="report-range-note"
          />
        </div>
        <div className="w-36 space-y-1">
          <Label htmlFor="report-bucket">{text('reportCard.range.group')}</Label>
          <Select
            id="report-bucket"
            value={query.bucket}
            onValueChange={(value) => range.setBucket(value as ReportBucket)}
            options={REPORT_BUCKETS.map((bucket) => ({
              value: bucket,
              label: text(BUCKET_MESSAGES[bucket]),
            }))}
          />
        </div>
      </div>
      <p id="report-range-note" className="text-xs text-ink-muted">
        {text('reportCard.range.note', { maxDays: REPORT_MAX_DAYS })}
      </p>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
