// The assignment's investor: a search over the admin user list (investors only, name or email, paged on the server)
// and one page of matches as radio buttons, so the arrow keys move through them and a screen reader hears which is
// chosen. Only the chosen investor leaves this component.
import { useId } from 'react';
import type { AdminUser } from '@cropvest/contracts/admin-users';
import { Input, Label } from '@cropvest/ui/input';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { usePagedSearch } from '@cropvest/web-kit/paged-search';
import { useUserListQuery } from '../users/api.ts';

const PICKER_PAGE_SIZE = 6;

export type Investor = Pick<AdminUser, 'id' | 'name' | 'email'>;

export interface InvestorPickerProps {
  chosen: Investor | null;
  onChoose: (investor: Investor) => void;
  /** The form's message when none is chosen. */
  error?: string | undefined;
}

export function InvestorPicker({ chosen, onChoose, error }: InvestorPickerProps) {
  const id = useId();
  const { text, setText, search, page, setPage } = usePagedSearch();
  const investors = useUserListQuery({
    role: 'investor',
    page,
    pageSize: PICKER_PAGE_SIZE,
    ...(search ? { q: search } : {}),
  });
  const errorId = `${id}-error`;

  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-search`}>Find the investor</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={text}
          maxLength={200}
          placeholder="Name or email"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <fieldset
        aria-describedby={error ? errorId : undefined}
        className="space-y-2 rounded-lg border border-slate-200 p-3"
      >
        <legend className="px-1 text-sm font-medium text-slate-900">Investor</legend>
        <QueryView
          query={investors}
          what="the investors"
          skeleton={<SkeletonRows rows={3} className="h-9" />}
          isEmpty={(data) => data.items.length === 0}
          empty={<p className="py-2 text-sm text-slate-600">No investors found.</p>}
        >
          {(data) => (
            <div className="space-y-2">
              <ul className="space-y-1">
                {data.items.map((investor) => {
                  const optionId = `${id}-${investor.id}`;
                  return (
                    <li
                      key={investor.id}
                      className="flex items-center gap-3 rounded px-1 py-1 hover:bg-slate-50"
                    >
                      <input
                        id={optionId}
                        type="radio"
                        name={`${id}-investor`}
                        value={investor.id}
                        checked={chosen?.id === investor.id}
                        onChange={() => onChoose(investor)}
                        className="h-4 w-4 accent-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                      />
                      <label htmlFor={optionId} className="min-w-0 flex-1 cursor-pointer text-sm">
                        <span className="block truncate font-medium text-slate-900">{investor.name}</span>
                        <span className="block truncate text-xs text-slate-600">{investor.email}</span>
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
                label="Pages of investors"
              />
            </div>
          )}
        </QueryView>
      </fieldset>
      {chosen ? (
        <p className="text-sm text-slate-800" aria-live="polite">
          Chosen: <span className="font-medium">{chosen.name}</span> ({chosen.email})
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
