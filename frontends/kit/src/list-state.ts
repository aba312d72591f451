// A list's search, filters, sort and page kept in the address bar, so a filtered list can be bookmarked and
// the back button steps through what the user did. Typing in a search box replaces the entry instead of
// adding one per key; changing a filter, the search or the sort goes back to page 1 (medusa's rule).
import { useCallback, useMemo } from 'react';
import { navigate, useLocation } from './router.tsx';

export interface SortState {
  id: string;
  desc: boolean;
}

export interface ListDefaults<F extends string> {
  pageSize?: number;
  sort?: SortState;
  /** Each filter's value when the address does not name one ("all", say); it is left out of the address. */
  filters?: Record<F, string>;
}

export interface ListState<F extends string> {
  page: number;
  pageSize: number;
  search: string;
  sort: SortState | null;
  filters: Record<F, string>;
  /** True when a search or a filter other than its default narrows the list (for the "no results" state). */
  filtered: boolean;
  setPage: (page: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: SortState | null) => void;
  setFilter: (name: F, value: string) => void;
}

const positiveInt = (value: string | null, fallback: number) => {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** "amount" → ascending, "-amount" → descending. */
export const parseSort = (value: string | null): SortState | null =>
  value ? { id: value.replace(/^-/, ''), desc: value.startsWith('-') } : null;
const formatSort = (sort: SortState | null) => (sort ? `${sort.desc ? '-' : ''}${sort.id}` : null);

export function useListState<F extends string = never>(defaults: ListDefaults<F> = {}): ListState<F> {
  const { pathname, search: query } = useLocation();
  const params = useMemo(() => new URLSearchParams(query), [query]);
  const defaultFilters = defaults.filters ?? ({} as Record<F, string>);
  const defaultPageSize = defaults.pageSize ?? 20;
  const defaultSort = defaults.sort ?? null;

  const update = useCallback(
    (changes: Record<string, string | null>, { replace = false, keepPage = false } = {}) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!keepPage) next.delete('page');
      const text = next.toString();
      navigate(`${pathname}${text ? `?${text}` : ''}`, { replace });
    },
    [pathname],
  );

  const filters = Object.fromEntries(
    Object.entries<string>(defaultFilters).map(([name, fallback]) => [name, params.get(name) ?? fallback]),
  ) as Record<F, string>;
  const search = params.get('q') ?? '';

  return {
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize),
    search,
    sort: parseSort(params.get('sort')) ?? defaultSort,
    filters,
    filtered:
      search.trim() !== '' ||
      Object.entries<string>(defaultFilters).some(([name, fallback]) => filters[name as F] !== fallback),
    setPage: (page) => update({ page: page > 1 ? String(page) : null }, { keepPage: true }),
    setSearch: (value) => update({ q: value }, { replace: true }),
    setSort: (sort) => {
      const text = formatSort(sort);
      update({ sort: text === formatSort(defaultSort) ? null : text });
    },
    setFilter: (name, value) =>
      update({ [name]: value === (defaultFilters as Record<string, string>)[name] ? null : value }),
  };
}
