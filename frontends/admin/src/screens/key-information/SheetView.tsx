// One published version of a sheet as investors read it, read-only: its operator (the seasons it reported, and those
// on CropVest as they stand now), then every section under its label; a blank section says so.
import type { KeyInformationSheet } from '@cropvest/contracts/plans/key-information';
import { SeasonList } from '../../shared/operators/SeasonList.tsx';
import { useKeyInformationMessages } from './messages/catalogue.ts';
import { SECTION_GROUPS, SECTION_WORDS } from './rules.ts';

export function SheetView({ sheet }: { sheet: KeyInformationSheet }) {
  const { operator } = sheet;
  const { text } = useKeyInformationMessages();
  return (
    <div className="space-y-5 text-sm">
      <section className="space-y-1">
        <h3 className="font-semibold text-ink">{text('keyInformation.view.operator')}</h3>
        <p className="text-ink">
          {text('keyInformation.view.operatorLine', {
            name: operator.name,
            region: operator.region,
            country: operator.country,
          })}
        </p>
        <p className="whitespace-pre-line break-words text-ink-muted">{operator.contact}</p>
        <h4 className="pt-1 font-medium text-ink">{text('keyInformation.view.reported')}</h4>
        <SeasonList
          seasons={operator.pastSeasons}
          label={text('keyInformation.view.reported')}
          none={text('keyInformation.view.reportedNone')}
        />
        <h4 className="pt-1 font-medium text-ink">{text('keyInformation.view.platform')}</h4>
        <SeasonList
          seasons={operator.platformSeasons}
          label={text('keyInformation.view.platform')}
          none={text('keyInformation.view.platformNone')}
        />
      </section>
      {SECTION_GROUPS.map((group) => (
        <section key={group.title} className="space-y-2">
          <h3 className="font-semibold text-ink">{text(group.title)}</h3>
          <dl className="space-y-2">
            {group.fields.map((field) => {
              const value = sheet[field.name];
              return (
                <div key={field.name}>
                  <dt className="font-medium text-ink">{text(SECTION_WORDS[field.name].label)}</dt>
                  <dd className="whitespace-pre-line break-words text-ink-muted">
                    {value === null || value === '' ? (
                      <span className="italic text-warning-ink">
                        {text('keyInformation.view.notWritten')}
                      </span>
                    ) : field.name === 'areaHectares' ? (
                      text('keyInformation.view.hectares', { value })
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
