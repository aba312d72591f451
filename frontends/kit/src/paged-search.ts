// A picker's search over a server-paged list: what the person types, the search sent to the server once they
// pause (trimmed), and the page, which goes back to the first whenever the search changes.
import { useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 300;

export function usePagedSearch() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return { text, setText, search, page, setPage };
}
