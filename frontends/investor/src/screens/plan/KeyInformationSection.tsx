// The plan's key information sheet (decision 0092, ECSPR Annex I as the model): every section as the admin
// published it, with its version and publication day, printable on its own; and the operator the principal goes
// to, with their past seasons and the return investors realised in each. Both read GET /api/plans/{id}/key-information.
import { useEffect, useState, type ReactNode } from 'react';
import { FileText, Printer } from 'lucide-react';
import type { KeyInformationSheet, OperatorSeason } from '@cropvest/contracts/plans/key-information';
import { isApiError } from '@cropvest/web-kit';
import { Button } from '@cropvest/ui/button';
import { Card } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDate, formatUsdt } from '@cropvest/ui/format';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { usePlanKeyInformationQuery } from '../../api/plans.ts';
import { PageSection } from './PageSection.tsx';
import { PLAN_SECTIONS, realisedReturnText, SHEET_SECTIONS, sheetValue } from './rules.ts';
import { usePlanMessages } from './messages/catalogue.ts';

function NoSheet() {
  const { text } = usePlanMessages();
  return (
    <EmptyState
      icon={<FileText className="h-8 w-8" />}
      title={text('plan.sheet.noneTitle')}
      description={text('plan.sheet.noneDescription')}
    />
  );
}

/** The sheet query, with "no sheet published" (a 404) told apart from a failure to load it. */
function useSheet(planId: string) {
  const sheet = usePlanKeyInformationQuery(planId);
  const missing = isApiError(sheet.error) && sheet.error.status === 404;
  return { sheet, missing };
}

export function KeyInformationSection({ planId, planTitle }: { planId: string; planTitle: string }) {
  const { text } = usePlanMessages();
  const { sheet, missing } = useSheet(planId);
  const [printing, setPrinting] = useState(false);
  // The section is marked for print while the browser's print runs, so only the sheet goes on paper.
  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(false);
  }, [printing]);
  return (
    <PageSection
      id={PLAN_SECTIONS.keyInformation}
      title={text('plan.sheet.title')}
      printOnly={printing}
      action={
        sheet.data ? (
          <Button variant="outline" size="sm" className="print:hidden" onClick={() => setPrinting(true)}>
            <Printer aria-hidden="true" className="h-4 w-4" /> {text('plan.sheet.print')}
          </Button>
        ) : null
      }
    >
      {missing ? (
        <NoSheet />
      ) : (
        <QueryView
          query={sheet}
          what={text('plan.sheet.what')}
          skeleton={<SkeletonRows rows={4} className="h-12" />}
        >
          {(data) => <Sheet sheet={data} planTitle={planTitle} />}
        </QueryView>
      )}
    </PageSection>
  );
}

function Sheet({ sheet, planTitle }: { sheet: KeyInformationSheet; planTitle: string }) {
  const { text, rich } = usePlanMessages();
  return (
    <Card className="p-5 sm:p-6 print:border-0 print:p-0 print:shadow-none">
      {/* On paper the sheet stands alone, so it names its plan. */}
      <p className="mb-2 hidden text-lg font-semibold text-ink print:block">{planTitle}</p>
      <p className="text-sm text-ink-muted" data-testid="sheet-version">
        {rich('plan.sheet.version', {
          version: sheet.version,
          day: formatDate(sheet.publishedAt),
          time: (chunks) => <time dateTime={sheet.publishedAt}>{chunks}</time>,
        })}
      </p>
      {!sheet.complete ? (
        <p
          role="note"
          className="mt-3 rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink"
        >
          {rich('plan.sheet.incomplete', {
            missing: sheet.missing.join(', '),
            strong: (chunks) => <span className="font-semibold">{chunks}</span>,
          })}
        </p>
      ) : null}
      <dl className="mt-4 divide-y divide-border">
        <SheetRow label={text('plan.sheet.operator')}>
          {text('plan.sheet.operatorValue', {
            name: sheet.operator.name,
            region: sheet.operator.region,
            country: sheet.operator.country,
          })}
        </SheetRow>
        {SHEET_SECTIONS.map(({ key, label }) => {
          const value = sheetValue(sheet, key, text);
          return (
            <SheetRow key={key} label={text(label)}>
              {value || <span className="italic text-ink-muted">{text('plan.sheet.notGiven')}</span>}
            </SheetRow>
          );
        })}
      </dl>
    </Card>
  );
}

function SheetRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-4 print:break-inside-avoid">
      <dt className="font-medium text-ink">{label}</dt>
      <dd className="whitespace-pre-line break-words text-ink">{children}</dd>
    </div>
  );
}

export function OperatorSection({ planId }: { planId: string }) {
  const { text } = usePlanMessages();
  const { sheet, missing } = useSheet(planId);
  return (
    <PageSection id={PLAN_SECTIONS.operator} title={text('plan.operator.title')}>
      {missing ? (
        <p className="text-sm text-ink-muted">{text('plan.operator.unpublished')}</p>
      ) : (
        <QueryView query={sheet} what={text('plan.operator.what')} skeleton={<SkeletonRows rows={2} />}>
          {({ operator }) => (
            <Card className="space-y-4 p-5 sm:p-6">
              <div>
                <h3 className="text-base font-semibold text-ink">{operator.name}</h3>
                <p className="text-sm text-ink-muted">
                  {text('plan.operator.where', {
                    region: operator.region,
                    country: operator.country,
                    contact: operator.contact,
                  })}
                </p>
              </div>
              <h4 className="font-medium text-ink">{text('plan.operator.platformSeasons')}</h4>
              <p className="text-xs text-ink-muted">{text('plan.operator.platformSeasonsNote')}</p>
              <SeasonList
                seasons={operator.platformSeasons}
                empty={text('plan.operator.platformSeasonsEmpty')}
              />
              <h4 className="font-medium text-ink">{text('plan.operator.pastSeasons')}</h4>
              <p className="text-xs text-ink-muted">{text('plan.operator.pastSeasonsNote')}</p>
              <SeasonList seasons={operator.pastSeasons} empty={text('plan.operator.pastSeasonsEmpty')} />
            </Card>
          )}
        </QueryView>
      )}
    </PageSection>
  );
}

/** A list of an operator's seasons: crop, season, amount raised and the return realised (a loss said in words). */
function SeasonList({ seasons, empty }: { seasons: OperatorSeason[]; empty: string }) {
  const { text } = usePlanMessages();
  if (seasons.length === 0) return <p className="text-sm text-ink-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border">
      {seasons.map((season, index) => (
        <li key={index} className="grid grid-cols-2 gap-2 p-3 text-sm sm:grid-cols-4">
          <span className="font-medium text-ink">{season.crop}</span>
          <span className="text-ink-muted">{season.season}</span>
          <span className="text-ink-muted">
            {text('plan.operator.raised', { amount: formatUsdt(season.amountRaised) })}
          </span>
          <span
            className={
              season.realisedReturnPercent.startsWith('-')
                ? 'font-medium text-danger-ink'
                : 'font-medium text-brand-ink'
            }
          >
            {text('plan.operator.realised', {
              figure: realisedReturnText(season.realisedReturnPercent, text),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}
