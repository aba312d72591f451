// A choice of one among a server's pages of items (an investor, an operator): the page shown as radio buttons, so
// the arrow keys move through them and a screen reader hears which is chosen, with its pager; what is chosen said
// politely as it changes; and the form's message when none is. Only the chosen item leaves this component.
import { useId, type ReactNode } from 'react';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows, type QueryLike } from '@cropvest/ui/query-view';

export interface PagedChoiceProps<T extends { id: string }> {
  /** Names the group ("Investor"). */
  legend: string;
  query: QueryLike<{ items: T[]; total: number }>;
  /** For the loading and error states: "the investors". */
  what: string;
  /** Shown when the server has none. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the pager: "Pages of investors". */
  pagerLabel: string;
  chosenId: string | null;
  onChoose: (item: T) => void;
  /** An item's label: its name and what tells it apart. */
  label: (item: T) => ReactNode;
  /** What is chosen, in words; null says nothing. */
  chosen: ReactNode;
  /** The form's message when none is chosen. */
  error?: string | undefined;
}

export function PagedChoice<T extends { id: string }>({
  legend,
  query,
  what,
  empty,
  page,
  pageSize,
  onPageChange,
  pagerLabel,
  chosenId,
  onChoose,
  label,
  chosen,
  error,
}: PagedChoiceProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <fieldset
        aria-describedby={error ? errorId : undefined}
        className="min-w-0 space-y-2 rounded-lg border border-border p-3"
      >
        <legend className="px-1 text-sm font-medium text-ink">{legend}</legend>
        <QueryView
          query={query}
          what={what}
          skeleton={<SkeletonRows rows={3} className="h-9" />}
          isEmpty={(data) => data.total === 0}
          empty={empty}
        >
          {(data) => (
            <div className="space-y-2">
              <ul className="space-y-1">
                {data.items.map((item) => {
                  const optionId = `${id}-${item.id}`;
                  return (
                    <li
                      key={item.id}
                      className="flex items-center gap-3 rounded px-1 py-1 hover:bg-surface-muted"
                    >
                      <input
                        id={optionId}
                        type="radio"
                        name={`${id}-choice`}
                        value={item.id}
                        checked={chosenId === item.id}
                        onChange={() => onChoose(item)}
                        className="h-4 w-4 accent-brand focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
                      />
                      <label htmlFor={optionId} className="min-w-0 flex-1 cursor-pointer text-sm">
                        {label(item)}
                      </label>
                    </li>
                  );
                })}
              </ul>
              <Pagination
                page={page}
                pageSize={pageSize}
                total={data.total}
                onPageChange={onPageChange}
                label={pagerLabel}
              />
            </div>
          )}
        </QueryView>
      </fieldset>
      {chosen ? (
        <p className="text-sm text-ink" aria-live="polite">
          {chosen}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
