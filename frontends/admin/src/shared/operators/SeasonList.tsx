// An operator's seasons as a list: crop and season, what was raised, and the realised return, a loss marked as one.
// The same list shows the seasons the operator reported (typed by an admin) and those computed from its plans on
// CropVest; the caller says which.
import type { OperatorSeason } from '@cropvest/contracts/plans/key-information';
import { formatUsdt } from '@cropvest/ui/format';
import { formatReturn, isLoss } from './rules.ts';
import { useSharedOperatorsMessages } from './messages/catalogue.ts';

export function SeasonList({
  seasons,
  label,
  none,
}: {
  seasons: OperatorSeason[];
  /** The list's name for a screen reader ("Seasons Rift Valley Growers reported"). */
  label: string;
  /** What to say when there are none. */
  none: string;
}) {
  const { text, rich } = useSharedOperatorsMessages();
  if (seasons.length === 0) return <p className="text-sm text-ink-muted">{none}</p>;
  return (
    <ul className="space-y-1 text-sm" aria-label={label}>
      {seasons.map((season, index) => {
        const loss = isLoss(season.realisedReturnPercent);
        return (
          <li key={index}>
            <span className="font-medium text-ink">
              {text('operators.season.name', { crop: season.crop, season: season.season })}
            </span>
            <span className="text-ink-muted">
              {rich('operators.season.figures', {
                amount: formatUsdt(season.amountRaised),
                percent: formatReturn(season.realisedReturnPercent),
                loss: loss ? text('operators.season.loss') : '',
                result: (chunks) => (
                  <span className={loss ? 'font-medium text-danger' : undefined}>{chunks}</span>
                ),
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
