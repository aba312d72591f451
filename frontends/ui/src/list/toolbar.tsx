// A list's controls, one style everywhere: the search box, the filter buttons with their counts, the filter select
// for filters with many values, the order and the "N … found" line a screen reader announces. The state lives in the address (frontends/kit's useListState); these
// only show it and report what the person chose.
import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';
import { formatCount } from '@cropvest/ui/format';
import { Input, Label } from '@cropvest/ui/input';
import { Select } from '@cropvest/ui/select';
import type { ListControls } from '@cropvest/ui/list/controls';
import { englishUiText, useUiMessages, type UiText } from '@cropvest/ui/messages/catalogue';

const SEARCH_DELAY_MS = 300;
/** Holds the status line's height until the total is known. */
const BLANK_LINE = '\u00a0';

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  /** The search in the address. */
  search: string;
  setSearch: (search: string) => void;
}

/**
 * Typing updates the address after a short pause (one replaced history entry, not one per key), and the box follows
 * the address when it changes under it (Back, a link).
 */
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
          className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-subtle"
        />
        <Input
          id={searchId}
          type="search"
          value={text}
          maxLength={200}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="ps-9"
        />
      </div>
    </div>
  );
}

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

export interface FilterButtonsProps<V extends string> {
  label: string;
  options: readonly FilterOption<V>[];
  current: V;
  /** Each option's count, when the server gives them. */
  counts?: Partial<Record<V, number>> | undefined;
  onChange: (value: V) => void;
}

/** A filter as a row of toggle buttons, each with its count when known. */
export function FilterButtons<V extends string>({
  label,
  options,
  current,
  counts,
  onChange,
}: FilterButtonsProps<V>) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const count = counts?.[option.value];
        const active = current === option.value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex min-h-8 items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus',
              active
                ? 'border-brand bg-brand text-on-brand'
                : 'border-border-strong bg-surface text-ink hover:bg-surface-muted',
            )}
          >
            {option.label}
            {count !== undefined ? (
              <span
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  active ? 'bg-surface text-brand-ink' : 'bg-surface-muted text-ink-muted',
                )}
              >
                {formatCount(count)}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

export interface FilterSelectProps<V extends string> {
  label: string;
  options: readonly FilterOption<V>[];
  current: V;
  onChange: (value: V) => void;
  /** The select's id, when something else points at it. */
  id?: string | undefined;
}

/**
 * A filter with too many values for a row of buttons (every admin, every audit action), or the order of a list
 * shown as cards: a labelled select, the same in every list.
 */
export function FilterSelect<V extends string>({
  label,
  options,
  current,
  onChange,
  id,
}: FilterSelectProps<V>) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={selectId}>{label}</Label>
      <Select
        id={selectId}
        value={current}
        options={[...options]}
        onValueChange={(value) => onChange(chosenOption(options, value))}
      />
    </div>
  );
}

/** The value from the address when it is one of the options, else the first option (the default). */
export function chosenOption<V extends string>(options: readonly { value: V }[], value: string): V {
  return options.find((option) => option.value === value)?.value ?? options[0]!.value;
}

/**
 * "1 deposit found", "1,200 withdrawals found": the caller gives both forms of its noun from its own catalogue, since
 * no language makes every plural one way ("entry"/"entries", "notificación"/"notificaciones"). In the language of
 * `text` (the design system's messages; English unless given).
 */
export const foundLine = (total: number, noun: string, nouns: string, text: UiText = englishUiText): string =>
  text('ui.list.found', { total, count: formatCount(total), noun, nouns });

/**
 * The "N … found" line under a list's search and filters. It is a status region, so a screen reader announces the
 * new total after each search or filter without moving focus; a blank line keeps the layout until it is known.
 */
export function FoundStatus({
  total,
  noun,
  nouns,
  className,
}: {
  total: number | undefined;
  /** The noun for one ("deposit", "entry"). */
  noun: string;
  /** The noun for several ("deposits", "entries"). */
  nouns: string;
  className?: string;
}) {
  const { text } = useUiMessages();
  return (
    <p role="status" className={cn('text-sm text-ink-muted', className)}>
      {total === undefined ? BLANK_LINE : foundLine(total, noun, nouns, text)}
    </p>
  );
}

/** "-createdAt" → newest first; an order select's value is the sort parameter the server takes. */
export const sortParam = (sort: { id: string; desc: boolean } | null, fallback: string): string =>
  sort ? `${sort.desc ? '-' : ''}${sort.id}` : fallback;

export interface ListToolbarProps<V extends string, S extends string> {
  list: ListControls;
  search: { label: string; placeholder: string };
  /** The order as a select, for lists shown as cards (a table sorts by its headers instead). */
  order?: { id: string; options: { value: S; label: string }[]; current: S };
  filter?: FilterButtonsProps<V>;
  /** The status line's noun for one ("ticket" → "1 ticket found"). */
  noun: string;
  /** Its noun for several ("tickets" → "3 tickets found"). */
  nouns: string;
  /** The list's total once it has loaded. */
  total: number | undefined;
}

export function ListToolbar<V extends string, S extends string>({
  list,
  search,
  order,
  filter,
  noun,
  nouns,
  total,
}: ListToolbarProps<V, S>) {
  const { text } = useUiMessages();
  return (
    <div className="space-y-4">
      <div className={cn('grid gap-4', order ? 'md:grid-cols-[1fr_14rem]' : undefined)}>
        <SearchBox
          label={search.label}
          placeholder={search.placeholder}
          search={list.search}
          setSearch={list.setSearch}
        />
        {order ? (
          <FilterSelect
            id={order.id}
            label={text('ui.list.order')}
            options={order.options}
            current={order.current}
            onChange={(value) => list.setSort({ id: value.replace(/^-/, ''), desc: value.startsWith('-') })}
          />
        ) : null}
      </div>
      {filter ? <FilterButtons {...filter} /> : null}
      <FoundStatus total={total} noun={noun} nouns={nouns} />
    </div>
  );
}
