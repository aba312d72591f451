// The frame every report screen shares: its title, what it shows, the range controls, and its charts once
// the range can be asked for.
import { createContext, useContext, type ReactNode } from 'react';
import { ReportControls } from './ReportControls.tsx';
import type { ReportRange } from './range.ts';

/** The range part of a CSV's file name. */
export const rangeLabel = (range: ReportRange): string => `${range.query.from}_${range.query.to}`;

const RangeLabel = createContext('');

/** The range the page's charts cover, for their CSV file names. */
export const usePageRangeLabel = (): string => useContext(RangeLabel);

export function ReportPage({
  title,
  intro,
  range,
  children,
}: {
  title: string;
  intro: string;
  range: ReportRange;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-1 text-ink-muted">{intro}</p>
      </div>
      <ReportControls range={range} />
      {range.problem ? null : (
        <RangeLabel.Provider value={rangeLabel(range)}>
          <div className="grid gap-6 xl:grid-cols-2">{children}</div>
        </RangeLabel.Provider>
      )}
    </div>
  );
}

/** Every report refetches when its screen opens or its range changes; skipped while the range is invalid. */
export const reportOptions = (range: ReportRange) => ({
  skip: range.problem !== null,
  refetchOnMountOrArgChange: true,
});
