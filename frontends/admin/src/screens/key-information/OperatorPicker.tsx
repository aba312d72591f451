// The sheet's operator: one small server page of the recorded operators at a time as radio buttons (the arrow keys
// move through them, a screen reader hears which is chosen), with a way to record a new one on the Operators page.
import { useState, type ReactNode } from 'react';
import type { Operator } from '@cropvest/contracts/plans/key-information';
import { Link } from '@cropvest/web-kit/router';
import { PagedChoice } from '@cropvest/ui/paged-choice';
import { useOperatorsQuery } from '../../api/plans.ts';
import { useKeyInformationMessages } from './messages/catalogue.ts';

const PICKER_PAGE_SIZE = 6;

export type ChosenOperator = Pick<Operator, 'id' | 'name' | 'region' | 'country'>;

export interface OperatorPickerProps {
  chosen: ChosenOperator | null;
  onChoose: (operator: ChosenOperator) => void;
  /** The form's message when none is chosen. */
  error?: string | undefined;
}

export function OperatorPicker({ chosen, onChoose, error }: OperatorPickerProps) {
  const [page, setPage] = useState(1);
  const operators = useOperatorsQuery({ page, pageSize: PICKER_PAGE_SIZE });
  const { text, rich } = useKeyInformationMessages();
  const link = (chunks: ReactNode[]) => (
    <Link to="/admin/operators" className="font-medium text-brand-ink underline">
      {chunks}
    </Link>
  );

  return (
    <div className="space-y-2">
      <PagedChoice
        legend={text('keyInformation.operator.legend')}
        query={operators}
        what={text('keyInformation.operator.what')}
        empty={
          <p className="py-2 text-sm text-ink-muted">{rich('keyInformation.operator.none', { link })}</p>
        }
        page={page}
        pageSize={PICKER_PAGE_SIZE}
        onPageChange={setPage}
        pagerLabel={text('keyInformation.operator.pager')}
        chosenId={chosen?.id ?? null}
        onChoose={onChoose}
        label={(operator) => (
          <>
            <span className="block break-words font-medium text-ink">{operator.name}</span>
            <span className="block text-xs text-ink-muted">
              {text('keyInformation.operator.line', {
                region: operator.region,
                country: operator.country,
                seasons: operator.pastSeasons.length,
              })}
            </span>
          </>
        )}
        chosen={
          chosen
            ? rich('keyInformation.operator.chosen', {
                name: chosen.name,
                region: chosen.region,
                country: chosen.country,
                b: (chunks: ReactNode[]) => <span className="font-medium">{chunks}</span>,
              })
            : text('keyInformation.operator.noneChosen')
        }
        error={error}
      />
      <p className="text-xs text-ink-muted">{rich('keyInformation.operator.notListed', { link })}</p>
    </div>
  );
}
