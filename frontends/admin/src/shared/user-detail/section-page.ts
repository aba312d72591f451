// Each section's page in the address (?deposits=2&audit=3), so the user page can be bookmarked and the back
// button steps back through the pages, as the list screens keep theirs (useListState holds one list only).
import { useCallback } from 'react';
import { navigate, useLocation } from '@cropvest/web-kit/router';

export function useSectionPage(key: string): [page: number, setPage: (page: number) => void] {
  const { search } = useLocation();
  const asked = Number(new URLSearchParams(search).get(key));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const setPage = useCallback(
    (next: number) => {
      const { pathname, search: current } = window.location;
      const params = new URLSearchParams(current);
      if (next > 1) params.set(key, String(next));
      else params.delete(key);
      const text = params.toString();
      // The section stays where it is on the page: only its rows change.
      navigate(`${pathname}${text ? `?${text}` : ''}`, { scroll: false });
    },
    [key],
  );
  return [page, setPage];
}
