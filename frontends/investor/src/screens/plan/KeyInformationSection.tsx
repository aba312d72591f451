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

const NO_SHEET = (
  <EmptyState
    icon={<FileText className="h-8 w-8" />}
    title="No key information sheet yet"
    description="The platform has not published this plan's key information sheet yet. Do not invest before you can read it."
  />
);

/** The sheet query, with "no sheet published" (a 404) told apart from a failure to load it. */
function useSheet(planId: string) {
  const sheet = usePlanKeyInformationQuery(planId);
  const missing = isApiError(sheet.error) && sheet.error.status === 404;
  return { sheet, missing };
}

export function KeyInformationSection({ planId, planTitle }: { planId: string; planTitle: string }) {
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
      title="Key information"
      printOnly={printing}
      action={
        sheet.data ? (
          <Button variant="outline" size="sm" className="print:hidden" onClick={() => setPrinting(true)}>
            <Printer aria-hidden="true" className="h-4 w-4" /> Print the sheet
          </Button>
        ) : null
      }
    >
      {missing ? (
        NO_SHEET
      ) : (
        <QueryView
          query={sheet}
          what="the key information sheet"
          skeleton={<SkeletonRows rows={4} className="h-12" />}
        >
          {(data) => <Sheet sheet={data} planTitle={planTitle} />}
        </QueryView>
      )}
    </PageSection>
  );
}

function Sheet({ sheet, planTitle }: { sheet: KeyInformationSheet; planTitle: string }) {
  return (
    <Card className="p-5 sm:p-6 print:border-0 print:p-0 print:shadow-none">
      {/* On paper the sheet stands alone, so it names its plan. */}
      <p className="mb-2 hidden text-lg font-semibold text-ink print:block">{planTitle}</p>
      <p className="text-sm text-ink-muted" data-testid="sheet-version">
        Version {sheet.version}, published{' '}
        <time dateTime={sheet.publishedAt}>{formatDate(sheet.publishedAt)}</time>. Read it before you invest:
        it is the platform&apos;s summary of this offer, modelled on the EU crowdfunding regulation&apos;s key
        investment information sheet.
      </p>
      {!sheet.complete ? (
        <p
          role="note"
          className="mt-3 rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink"
        >
          <span className="font-semibold">This sheet is not complete.</span> Still missing:{' '}
          {sheet.missing.join(', ')}.
        </p>
      ) : null}
      <dl className="mt-4 divide-y divide-border">
        <SheetRow label="Operator">
          {sheet.operator.name} ({sheet.operator.region}, {sheet.operator.country})
        </SheetRow>
        {SHEET_SECTIONS.map(({ key, label }) => {
          const value = sheetValue(sheet, key);
          return (
            <SheetRow key={key} label={label}>
              {value || <span className="italic text-ink-muted">Not given yet</span>}
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
  const { sheet, missing } = useSheet(planId);
  return (
    <PageSection id={PLAN_SECTIONS.operator} title="The operator">
      {missing ? (
        <p className="text-sm text-ink-muted">
          The operator is named in the key information sheet, which has not been published yet.
        </p>
      ) : (
        <QueryView query={sheet} what="the operator" skeleton={<SkeletonRows rows={2} />}>
          {({ operator }) => (
            <Card className="space-y-4 p-5 sm:p-6">
              <div>
                <h3 className="text-base font-semibold text-ink">{operator.name}</h3>
                <p className="text-sm text-ink-muted">
                  {operator.region}, {operator.country} · Contact: {operator.contact}
                </p>
              </div>
              <h4 className="font-medium text-ink">Seasons on CropVest</h4>
              <p className="text-xs text-ink-muted">
                Computed from this operator&apos;s harvested plans here: what investors put in and what they
                got back.
              </p>
              <SeasonList
                seasons={operator.platformSeasons}
                empty="None harvested yet: this is the operator's first season on CropVest."
              />
              <h4 className="font-medium text-ink">Seasons the operator reports</h4>
              <p className="text-xs text-ink-muted">
                From the operator&apos;s own records, before CropVest; not verified by the platform.
              </p>
              <SeasonList seasons={operator.pastSeasons} empty="The operator reported no earlier seasons." />
            </Card>
          )}
        </QueryView>
      )}
    </PageSection>
  );
}

/** A list of an operator's seasons: crop, season, amount raised and the return realised (a loss said in words). */
function SeasonList({ seasons, empty }: { seasons: OperatorSeason[]; empty: string }) {
  if (seasons.length === 0) return <p className="text-sm text-ink-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border">
      {seasons.map((season, index) => (
        <li key={index} className="grid grid-cols-2 gap-2 p-3 text-sm sm:grid-cols-4">
          <span className="font-medium text-ink">{season.crop}</span>
          <span className="text-ink-muted">{season.season}</span>
          <span className="text-ink-muted">{formatUsdt(season.amountRaised)} raised</span>
          <span
            className={
              season.realisedReturnPercent.startsWith('-')
                ? 'font-medium text-danger-ink'
                : 'font-medium text-brand-ink'
            }
          >
            {realisedReturnText(season.realisedReturnPercent)} realised
          </span>
        </li>
      ))}
    </ul>
  );
}
