// Cards more than one report screen shows, declared once.
import type { UserReport } from '@cropvest/contracts';
import type { QueryLike } from '@cropvest/ui/query-view';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { countMeasure, SeriesReportCard } from '../../shared/reports/SeriesReportCard.tsx';
import { useReportsMessages } from './messages/catalogue.ts';

/** The category of every per-period series: the first UTC day of its day, week or month. */
export const period = (
  text: ReturnType<typeof useReportsMessages>['text'],
): [string, (row: { bucket: string }) => string] => [text('reports.period'), (row) => row.bucket];

type SignUps = UserReport['series'][number];

/** Investor accounts registered per period; its title is also the count's column and legend. */
export function SignUpsCard({
  title,
  description,
  query,
  filename,
}: {
  title: string;
  description: string;
  query: QueryLike<UserReport>;
  filename: string;
}) {
  const { text } = useReportsMessages();
  return (
    <SeriesReportCard
      title={title}
      description={description}
      query={query}
      rows={(data) => data.series}
      rowKey={(row: SignUps) => row.bucket}
      category={period(text)}
      measures={[countMeasure(title, (r: SignUps) => r.signUps, { mark: 'bar', color: CHART_COLORS.sky })]}
      filename={filename}
    />
  );
}
