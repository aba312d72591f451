// One published version of a sheet as investors read it, read-only: its operator (with past seasons), then every
// section under its label; a blank section says so.
import type { KeyInformationSheet } from '@cropvest/contracts/key-information';
import { formatUsdt } from '@cropvest/ui/format';
import { formatReturn, isLoss } from '../operators/rules.ts';
import { SECTION_GROUPS } from './rules.ts';

export function SheetView({ sheet }: { sheet: KeyInformationSheet }) {
  const { operator } = sheet;
  return (
    <div className="space-y-5 text-sm">
      <section className="space-y-1">
        <h3 className="font-semibold text-slate-900">Operator</h3>
        <p className="text-slate-900">
          {operator.name}, {operator.region}, {operator.country}
        </p>
        <p className="whitespace-pre-line break-words text-slate-700">{operator.contact}</p>
        {operator.pastSeasons.length === 0 ? (
          <p className="text-slate-700">No past seasons recorded.</p>
        ) : (
          <ul className="list-disc space-y-0.5 pl-5 text-slate-700" aria-label="Past seasons">
            {operator.pastSeasons.map((season, index) => (
              <li key={index}>
                {season.crop}, {season.season}: raised {formatUsdt(season.amountRaised)}, realised{' '}
                <span
                  className={isLoss(season.realisedReturnPercent) ? 'font-medium text-red-700' : undefined}
                >
                  {formatReturn(season.realisedReturnPercent)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {SECTION_GROUPS.map((group) => (
        <section key={group.title} className="space-y-2">
          <h3 className="font-semibold text-slate-900">{group.title}</h3>
          <dl className="space-y-2">
            {group.fields.map((field) => {
              const value = sheet[field.name];
              return (
                <div key={field.name}>
                  <dt className="font-medium text-slate-800">{field.label}</dt>
                  <dd className="whitespace-pre-line break-words text-slate-700">
                    {value === null || value === '' ? (
                      <span className="italic text-amber-900">Not written</span>
                    ) : field.name === 'areaHectares' ? (
                      `${value} ha`
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
