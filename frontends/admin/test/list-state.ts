// A list's address state as a screen's rules read it (page 1 of 20, no search or sort), with the list's own
// filters and whatever a test changes; the setters do nothing, since the rules under test only read.
import type { ListState } from '@cropvest/web-kit/list-state';

export const listStateOf =
  <F extends string>(filters: Record<F, string>) =>
  (overrides: Partial<ListState<F>> = {}): ListState<F> => ({
    page: 1,
    pageSize: 20,
    search: '',
    sort: null,
    filters,
    filtered: false,
    setPage: () => undefined,
    setSearch: () => undefined,
    setSort: () => undefined,
    setFilter: () => undefined,
    ...overrides,
  });
