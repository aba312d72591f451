// An admin list's search box: typing updates the address after a short pause (one replaced history entry, not
// one per key), and the box follows the address when it changes under it (Back, a link).
import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { Input, Label } from '@cropvest/ui/input';

const SEARCH_DELAY_MS = 300;

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  /** The search in the address. */
  search: string;
  setSearch: (search: string) => void;
}

export function SearchBox({ label, placeholder, search, setSearch }: SearchBoxProps) {
  const searchId = useId();
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text === search) return;
    const timer = window.setTimeout(() => setSearch(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, setSearch]);

  return (
    <div className="space-y-1.5">
      <Label htmlFor={searchId}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-subtle"
        />
        <Input
          id={searchId}
          type="search"
          value={text}
          maxLength={200}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
    </div>
  );
}
