// One chart of a report, with what every chart owes its reader (issue 13 section 4): a table view of the
// same figures (the accessible alternative), a CSV download of exactly that table, loading, error and empty
// states, and a note saying which figures are a projection.
import { useMemo, useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@cropvest/ui/button';
import { columnHelper } from '@cropvest/ui/data-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { RowsTable } from '@cropvest/ui/list/results';
import { QueryView, type QueryLike } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cropvest/ui/tabs';
import { toast } from '@cropvest/ui/toast';
import { downloadReportCsv, type ReportColumn } from './csv.ts';
import { useReportCardMessages } from './messages/catalogue.ts';
import { usePageRangeLabel } from './ReportPage.tsx';

export interface ReportCardProps<Data, Row extends object> {
  title: string;
  description: string;
  /** Said above the chart when some of its figures are a projection. */
  projection?: string;
  query: QueryLike<Data>;
  rows: (data: Data) => Row[];
  rowKey: (row: Row) => string;
  columns: ReportColumn<Row>[];
  chart: (rows: Row[]) => ReactNode;
  /** The CSV's file name, without the range (added here). */
  filename: string;
  /** Which days the figures cover, for the file name ("2026-10-24_2026-11-22"); the page's range by default. */
  rangeLabel?: string;
  /** True when there is nothing to draw (no rows, or only zeros). */
  isEmpty?: (rows: Row[]) => boolean;
  emptyTitle?: string;
}

export function ReportCard<Data, Row extends object>({
  title,
  description,
  projection,
  query,
  rows: rowsOf,
  rowKey,
  columns,
  chart,
  filename,
  rangeLabel: ownRangeLabel,
  isEmpty = (rows) => rows.length === 0,
  emptyTitle,
}: ReportCardProps<Data, Row>) {
  const { text } = useReportCardMessages();
  const pageRangeLabel = usePageRangeLabel();
  const [view, setView] = useState('chart');
  const rangeLabel = ownRangeLabel ?? pageRangeLabel;
  const rows = query.data === undefined ? [] : rowsOf(query.data);
  // The table view through the list kit: the same columns as the CSV, one card per row on a phone.
  const tableColumns = useMemo(() => {
    const column = columnHelper<Row>();
    return columns.map((shown) =>
      column.display({
        id: shown.label,
        header: shown.label,
        cell: ({ row }) => shown.display(row.original),
        ...(shown.numeric ? { meta: { numeric: true } } : {}),
      }),
    );
  }, [columns]);
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <Card data-testid={`report-${slug}`} aria-busy={query.isFetching ? 'true' : undefined}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle level={2}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
          {projection ? (
            <p className="text-sm font-medium text-warning-ink" data-testid="projection-note">
              {text('reportCard.projection', { projection })}
            </p>
          ) : null}
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={query.data === undefined}
          onClick={() =>
            void downloadReportCsv(`${filename}_${rangeLabel}.csv`, columns, rows).catch(() =>
              toast({ title: text('reportCard.downloadFailed'), variant: 'destructive' }),
            )
          }
          aria-label={text('reportCard.downloadLabel', { title })}
        >
          <Download className="me-2 h-4 w-4" aria-hidden="true" />
          {text('reportCard.download')}
        </Button>
      </CardHeader>
      <CardContent>
        <QueryView
          query={query}
          what={title.toLowerCase()}
          skeleton={<Skeleton className="h-72" />}
          isEmpty={(data) => isEmpty(rowsOf(data))}
          empty={
            <EmptyState
              title={emptyTitle ?? text('reportCard.emptyTitle')}
              description={text('reportCard.emptyDescription')}
            />
          }
        >
          {() => (
            <Tabs value={view} onValueChange={setView}>
              <TabsList aria-label={text('reportCard.viewAs', { title })}>
                <TabsTrigger value="chart">{text('reportCard.chart')}</TabsTrigger>
                <TabsTrigger value="table">{text('reportCard.table')}</TabsTrigger>
              </TabsList>
              <TabsContent value="chart">
                <figure aria-label={text('reportCard.figure', { title })}>{chart(rows)}</figure>
              </TabsContent>
              <TabsContent value="table">
                <RowsTable
                  caption={title}
                  columns={tableColumns}
                  rows={rows}
                  rowId={rowKey}
                  scrollLabel={title}
                  empty={null}
                />
              </TabsContent>
            </Tabs>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
