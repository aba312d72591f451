// The sheet's operator: one small server page of the recorded operators at a time as radio buttons (the arrow keys
// move through them, a screen reader hears which is chosen), with a way to record a new one on the Operators page.
import { useId, useState } from 'react';
import type { Operator } from '@cropvest/contracts/key-information';
import { Link } from '@cropvest/web-kit/router';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { useOperatorsQuery } from '../operators/api.ts';

const PICKER_PAGE_SIZE = 6;

export type ChosenOperator = Pick<Operator, 'id' | 'name' | 'region' | 'country'>;

export interface OperatorPickerProps {
  chosen: ChosenOperator | null;
  onChoose: (operator: ChosenOperator) => void;
  /** The form's message when none is chosen. */
  error?: string | undefined;
}

export function OperatorPicker({ chosen, onChoose, error }: OperatorPickerProps) {
  const id = useId();
  const [page, setPage] = useState(1);
  const operators = useOperatorsQuery({ page, pageSize: PICKER_PAGE_SIZE });
  const errorId = `${id}-error`;

  return (
    <div className="space-y-2">
      <fieldset
        aria-describedby={error ? errorId : undefined}
        className="min-w-0 space-y-2 rounded-lg border border-slate-200 p-3"
      >
        <legend className="px-1 text-sm font-medium text-slate-900">Operator</legend>
        <QueryView
          query={operators}
          what="the operators"
          skeleton={<SkeletonRows rows={3} className="h-9" />}
          isEmpty={(data) => data.total === 0}
          empty={
            <p className="py-2 text-sm text-slate-700">
              No operators recorded yet.{' '}
              <Link to="/admin/operators" className="font-medium text-emerald-800 underline">
                Record one on the Operators page
              </Link>
              .
            </p>
          }
        >
          {(data) => (
            <div className="space-y-2">
              <ul className="space-y-1">
                {data.items.map((operator) => {
                  const optionId = `${id}-${operator.id}`;
                  return (
                    <li
                      key={operator.id}
                      className="flex items-center gap-3 rounded px-1 py-1 hover:bg-slate-50"
                    >
                      <input
                        id={optionId}
                        type="radio"
                        name={`${id}-operator`}
                        value={operator.id}
                        checked={chosen?.id === operator.id}
                        onChange={() => onChoose(operator)}
                        className="h-4 w-4 accent-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                      />
                      <label htmlFor={optionId} className="min-w-0 flex-1 cursor-pointer text-sm">
                        <span className="block break-words font-medium text-slate-900">{operator.name}</span>
                        <span className="block text-xs text-slate-600">
                          {operator.region}, {operator.country} · {operator.pastSeasons.length} past season
                          {operator.pastSeasons.length === 1 ? '' : 's'}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              <Pagination
                page={page}
                pageSize={PICKER_PAGE_SIZE}
                total={data.total}
                onPageChange={setPage}
                label="Pages of operators"
              />
            </div>
          )}
        </QueryView>
      </fieldset>
      <p className="text-sm text-slate-800" aria-live="polite">
        {chosen ? (
          <>
            Chosen: <span className="font-medium">{chosen.name}</span> ({chosen.region}, {chosen.country})
          </>
        ) : (
          'No operator chosen yet.'
        )}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-slate-600">
        Not listed?{' '}
        <Link to="/admin/operators" className="font-medium text-emerald-800 underline">
          Record or edit operators
        </Link>
        .
      </p>
    </div>
  );
}
