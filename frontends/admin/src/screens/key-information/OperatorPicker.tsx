// The sheet's operator: one small server page of the recorded operators at a time as radio buttons (the arrow keys
// move through them, a screen reader hears which is chosen), with a way to record a new one on the Operators page.
import { useState } from 'react';
import type { Operator } from '@cropvest/contracts/plans/key-information';
import { Link } from '@cropvest/web-kit/router';
import { PagedChoice } from '@cropvest/ui/paged-choice';
import { useOperatorsQuery } from '../../api/plans.ts';

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

  return (
    <div className="space-y-2">
      <PagedChoice
        legend="Operator"
        query={operators}
        what="the operators"
        empty={
          <p className="py-2 text-sm text-ink-muted">
            No operators recorded yet.{' '}
            <Link to="/admin/operators" className="font-medium text-brand-ink underline">
              Record one on the Operators page
            </Link>
            .
          </p>
        }
        page={page}
        pageSize={PICKER_PAGE_SIZE}
        onPageChange={setPage}
        pagerLabel="Pages of operators"
        chosenId={chosen?.id ?? null}
        onChoose={onChoose}
        label={(operator) => (
          <>
            <span className="block break-words font-medium text-ink">{operator.name}</span>
            <span className="block text-xs text-ink-muted">
              {operator.region}, {operator.country} · {operator.pastSeasons.length} past season
              {operator.pastSeasons.length === 1 ? '' : 's'}
            </span>
          </>
        )}
        chosen={
          chosen ? (
            <>
              Chosen: <span className="font-medium">{chosen.name}</span> ({chosen.region}, {chosen.country})
            </>
          ) : (
            'No operator chosen yet.'
          )
        }
        error={error}
      />
      <p className="text-xs text-ink-muted">
        Not listed?{' '}
        <Link to="/admin/operators" className="font-medium text-brand-ink underline">
          Record or edit operators
        </Link>
        .
      </p>
    </div>
  );
}
