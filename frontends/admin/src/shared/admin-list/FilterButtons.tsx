// A list's filter as a row of toggle buttons, each with its count when known (support statuses, notification
// types). The choice lives in the address through useListState; the screen passes it in and gets the click.
import { cn } from '@cropvest/ui/cn';
import { formatCount } from '@cropvest/ui/format';

export interface FilterButtonsProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  current: V;
  counts: Partial<Record<V, number>> | undefined;
  onChange: (value: V) => void;
}

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
              'inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium',
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

/** The value from the address when it is one of the options, else the first option (the default). */
export function chosenOption<V extends string>(options: readonly { value: V }[], value: string): V {
  return options.find((option) => option.value === value)?.value ?? options[0]!.value;
}
