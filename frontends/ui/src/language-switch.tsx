// The header's language switch (decision 0124): a native select, which a phone shows as its own picker and a
// screen reader announces with its label; each language is named in its own language and marked with it.
import { Languages } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';

export interface LanguageOption<L extends string> {
  locale: L;
  name: string;
}

export function LanguageSwitch<L extends string>({
  label,
  languages,
  locale,
  onChange,
  compact = false,
  className,
}: {
  /** The select's accessible name, in the page's language. */
  label: string;
  languages: readonly LanguageOption<L>[];
  locale: L;
  onChange: (locale: L) => void;
  /** Below the sm breakpoint only the icon shows (a crowded phone header); the list still names each language. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('relative inline-flex shrink-0 items-center', className)}>
      <Languages aria-hidden="true" className="pointer-events-none absolute start-2 h-4 w-4 text-ink-muted" />
      <select
        aria-label={label}
        value={locale}
        onChange={(event) => onChange(event.target.value as L)}
        className={cn(
          'h-8 cursor-pointer appearance-none rounded-full border border-border bg-surface-muted ps-7 pe-3 text-sm font-medium text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus',
          compact && 'w-8 pe-0 text-transparent sm:w-auto sm:pe-3 sm:text-ink',
        )}
      >
        {languages.map((language) => (
          <option key={language.locale} value={language.locale} lang={language.locale} className="text-ink">
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
