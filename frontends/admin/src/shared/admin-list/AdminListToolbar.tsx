// The toolbar of an admin list shown as cards (support tickets, notification history): the search box, the
// order, the filter buttons with their counts and the "N … found" status line a screen reader announces.
import type { ListState } from '@cropvest/web-kit/list-state';
import { Label } from '@cropvest/ui/input';
import { Select } from '@cropvest/ui/select';
import { FilterButtons } from './FilterButtons.tsx';
import { FoundStatus } from './FoundStatus.tsx';
import { SearchBox } from '../review-queue/SearchBox.tsx';

export interface AdminListToolbarProps<F extends string, V extends string, S extends string> {
  list: ListState<F>;
  search: { label: string; placeholder: string };
  order: { id: string; options: { value: S; label: string }[]; current: S };
  filter: {
    name: F;
    label: string;
    options: readonly { value: V; label: string }[];
    current: V;
    counts: Partial<Record<V, number>> | undefined;
  };
  /** The singular noun of the status line ("ticket" → "1 ticket found", "3 tickets found"). */
  noun: string;
  /** The list's total once it has loaded. */
  total: number | undefined;
}

/** "-createdAt" → newest first; the order select's value is the sort parameter the server takes. */
export const sortParam = (sort: { id: string; desc: boolean } | null, fallback: string): string =>
  sort ? `${sort.desc ? '-' : ''}${sort.id}` : fallback;

export function AdminListToolbar<F extends string, V extends string, S extends string>({
  list,
  search,
  order,
  filter,
  noun,
  total,
}: AdminListToolbarProps<F, V, S>) {
  return (
    <>
      <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
        <SearchBox
          label={search.label}
          placeholder={search.placeholder}
          search={list.search}
          setSearch={list.setSearch}
        />
        <div className="space-y-1.5">
          <Label htmlFor={order.id}>Order</Label>
          <Select
            id={order.id}
            value={order.current}
            options={order.options}
            onValueChange={(value) =>
              list.setSort({ id: value.replace(/^-/, ''), desc: value.startsWith('-') })
            }
          />
        </div>
      </div>
      <FilterButtons
        label={filter.label}
        options={filter.options}
        current={filter.current}
        counts={filter.counts}
        onChange={(value) => list.setFilter(filter.name, value)}
      />
      <FoundStatus total={total} noun={noun} />
    </>
  );
}
