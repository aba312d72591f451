// The cache tags of one kind of record, so every endpoint of a domain tags and invalidates it the same way
// (decision 0120): each record by id, and LIST for its pages and counts. A type may be one of the shared API's TAGS
// or one a remote adds with `enhanceEndpoints({ addTagTypes })`: RTK Query checks it against the API it tags.
export interface CacheTags<Type extends string> {
  /** Every page and count of the list: what a change to any record of the kind refreshes. */
  list: { type: Type; id: 'LIST' };
  one: (id: string) => { type: Type; id: string };
  /** What a page provides: each row by id, and the list. */
  page: (result: { items: readonly { id: string }[] } | undefined) => { type: Type; id: string }[];
  /** What a change to one record invalidates: the record and the list. */
  changed: (id: string) => { type: Type; id: string }[];
}

export function cacheTags<Type extends string>(type: Type): CacheTags<Type> {
  const list = { type, id: 'LIST' } as const;
  const one = (id: string) => ({ type, id });
  return {
    list,
    one,
    page: (result) => [...(result?.items ?? []).map((item) => one(item.id)), list],
    changed: (id) => [one(id), list],
  };
}
