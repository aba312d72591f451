// One published version of a sheet as investors read it, read-only: its operator (the seasons it reported, and those
// on CropVest as they stand now), then every section under its label; a blank section says so.
import type { KeyInformationSheet } from '@cropvest/contracts/plans/key-information';
import { SeasonList } from '../../shared/operators/SeasonList.tsx';
import { SECTION_GROUPS } from './rules.ts';

export function SheetView({ sheet }: { sheet: KeyInformationSheet }) {
  const { operator } = sheet;
  return (
    <div className="space-y-5 text-sm">
      <section className="space-y-1">
        <h3 className="font-semibold text-ink">Operator</h3>
        <p className="text-ink">
          {operator.name}, {operator.region}, {operator.country}
        </p>
        <p className="whitespace-pre-line break-words text-ink-muted">{operator.contact}</p>
        <h4 className="pt-1 font-medium text-ink">Seasons the operator reported</h4>
        <SeasonList
          seasons={operator.pastSeasons}
          label="Seasons the operator reported"
          none="No past seasons recorded."
        />
        <h4 className="pt-1 font-medium text-ink">Seasons on CropVest</h4>
        <SeasonList
          seasons={operator.platformSeasons}
          label="Seasons on CropVest"
          none="No harvested plans on CropVest yet."
        />
      </section>
      {SECTION_GROUPS.map((group) => (
        <section key={group.title} className="space-y-2">
          <h3 className="font-semibold text-ink">{group.title}</h3>
          <dl className="space-y-2">
            {group.fields.map((field) => {
              const value = sheet[field.name];
              return (
                <div key={field.name}>
                  <dt className="font-medium text-ink">{field.label}</dt>
                  <dd className="whitespace-pre-line break-words text-ink-muted">
                    {value === null || value === '' ? (
                      <span className="italic text-warning-ink">Not written</span>
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
