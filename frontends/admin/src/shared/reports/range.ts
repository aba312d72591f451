// The reports' range and bucket live in the address (?from=&to=&bucket=), so a report can be bookmarked and
// shared; the same rules as the server's (packages/contracts reports.ts) are checked before asking it.
import type { ReportQuery } from '@cropvest/contracts';
import { calendarDayStart } from '@cropvest/contracts/calendar';
import {
  REPORT_BUCKETS,
  REPORT_MAX_DAYS,
  REPORT_RANGE_REVERSED,
  REPORT_RANGE_TOO_LONG,
  type ReportBucket,
} from '@cropvest/contracts/reports/report-range';
import { useListState } from '@cropvest/web-kit/list-state';
import { useReportCardMessages } from './messages/catalogue.ts';

const DAY_MS = 86_400_000;
/** The default view: the last 30 days, day by day. */
const DEFAULT_DAYS = 30;

export const utcDayFromNow = (days: number, now = Date.now()): string =>
  new Date(now + days * DAY_MS).toISOString().slice(0, 10);

export interface ReportRange {
  query: ReportQuery;
  /** Why the range in the address cannot be asked for, or null when it can. */
  problem: string | null;
  setFrom: (day: string) => void;
  setTo: (day: string) => void;
  setBucket: (bucket: ReportBucket) => void;
}

/** Why a range cannot be asked for, in the admin's language for this screen's checks (the contract's own refusals stay as the server words them). */
export function rangeProblem(
  from: string,
  to: string,
  text: ReturnType<typeof useReportCardMessages>['text'],
): string | null {
  const start = calendarDayStart(from);
  const end = calendarDayStart(to);
  if (start === null) return text('reportCard.range.invalidStart');
  if (end === null) return text('reportCard.range.invalidEnd');
  if (end < start) return REPORT_RANGE_REVERSED;
  if ((end - start) / DAY_MS + 1 > REPORT_MAX_DAYS) return REPORT_RANGE_TOO_LONG;
  return null;
}

export function useReportRange(): ReportRange {
  const { text } = useReportCardMessages();
  const list = useListState<'from' | 'to' | 'bucket'>({
    filters: { from: utcDayFromNow(1 - DEFAULT_DAYS), to: utcDayFromNow(0), bucket: 'day' },
  });
  const { from, to } = list.filters;
  const bucket = (REPORT_BUCKETS as readonly string[]).includes(list.filters.bucket)
    ? (list.filters.bucket as ReportBucket)
    : 'day';
  return {
    query: { from, to, bucket },
    problem: rangeProblem(from, to, text),
    setFrom: (day) => list.setFilter('from', day),
    setTo: (day) => list.setFilter('to', day),
    setBucket: (value) => list.setFilter('bucket', value),
  };
}

/** How far ahead the harvest calendar looks (?horizon=), in days. */
export const HARVEST_HORIZONS = [30, 90, 180, 365] as const;

export function useHarvestHorizon(): { days: number; setDays: (days: number) => void } {
  const list = useListState<'horizon'>({ filters: { horizon: '90' } });
  const asked = Number(list.filters.horizon);
  const days = (HARVEST_HORIZONS as readonly number[]).includes(asked) ? asked : 90;
  return { days, setDays: (value) => list.setFilter('horizon', String(value)) };
}
