// The range and bucket of a report screen, kept in the address (range.ts). Native date inputs: keyboard and
// screen-reader friendly, with the browser's own date picker.
import { REPORT_BUCKETS, REPORT_MAX_DAYS, type ReportBucket } from '@cropvest/contracts/reports/report-range';
import { Input, Label } from '@cropvest/ui/input';
import { Select } from '@cropvest/ui/select';
import type { ReportRange } from './range.ts';

const BUCKET_LABELS: Record<ReportBucket, string> = { day: 'By day', week: 'By week', month: 'By month' };

export function ReportControls({ range }: { range: ReportRange }) {
  const { query, problem } = range;
  return (
    <section aria-label="Report range" className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="report-from">From</Label>
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
          <Label htmlFor="report-to">To</Label>
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
          <Label htmlFor="report-bucket">Group</Label>
          <Select
            id="report-bucket"
            value={query.bucket}
            onValueChange={(value) => range.setBucket(value as ReportBucket)}
            options={REPORT_BUCKETS.map((bucket) => ({ value: bucket, label: BUCKET_LABELS[bucket] }))}
          />
        </div>
      </div>
      <p id="report-range-note" className="text-xs text-ink-muted">
        Days in UTC, both ends included, at most {REPORT_MAX_DAYS} days. Weeks start on Monday; the first and
        last group may be partial.
      </p>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
