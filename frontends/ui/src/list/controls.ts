// What the list kit needs of a list's state: the page, the sort, the search and whether anything narrows it.
// frontends/kit's useListState (state kept in the address) gives exactly this; the kit names only the shape, so
// the design system does not depend on the router.
export interface ListSort {
  id: string;
  desc: boolean;
}

export interface ListControls {
  page: number;
  setPage: (page: number) => void;
  sort: ListSort | null;
  setSort: (sort: ListSort | null) => void;
  search: string;
  setSearch: (search: string) => void;
  /** True when a search or a filter narrows the list: an empty answer then reads "no results", not "nothing yet". */
  filtered: boolean;
}

/**
 * The controls of a list that only pages (a section of the user page, a history): nothing sorts, searches or
 * narrows it, so an empty answer reads "nothing yet".
 */
export const pagesOnly = (page: number, setPage: (page: number) => void): ListControls => ({
  page,
  setPage,
  sort: null,
  setSort: () => undefined,
  search: '',
  setSearch: () => undefined,
  filtered: false,
});

/** One server page of a list: its rows and how many there are in all. */
export interface ListPage<T> {
  items: T[];
  total: number;
}
