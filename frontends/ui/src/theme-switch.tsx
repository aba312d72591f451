// The header's theme switch (decision 0110): System, Light or Dark, as one radio group of icon buttons.
import { useId, useState } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';
import {
  chooseThemePreference,
  storedThemePreference,
  type ThemePreference,
} from '@cropvest/ui/theme-preference';

const OPTIONS: { value: ThemePreference; Icon: typeof Sun }[] = [
  { value: 'system', Icon: Monitor },
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
];

/** The switch's words in the page's language: its group name and each choice's. */
export type ThemeSwitchLabels = Record<'theme' | ThemePreference, string>;

export function ThemeSwitch({ labels, className }: { labels: ThemeSwitchLabels; className?: string }) {
  const name = useId();
  const [preference, setPreference] = useState<ThemePreference>(storedThemePreference);
  return (
    <fieldset
      className={cn(
        'inline-flex shrink-0 rounded-full border border-border bg-surface-muted p-0.5',
        className,
      )}
    >
      <legend className="sr-only">{labels.theme}</legend>
      {OPTIONS.map(({ value, Icon }) => (
        <label
          key={value}
          title={labels[value]}
          className="relative inline-flex h-7 w-7 cursor-pointer items-center justify-center rounded-full text-ink-muted hover:text-ink has-[:checked]:bg-surface has-[:checked]:text-brand has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus"
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={preference === value}
            onChange={() => {
              chooseThemePreference(value);
              setPreference(value);
            }}
            className="absolute inset-0 cursor-pointer appearance-none rounded-full focus:outline-none"
          />
          <Icon aria-hidden="true" className="pointer-events-none h-4 w-4" />
          <span className="sr-only">{labels[value]}</span>
        </label>
      ))}
    </fieldset>
  );
}
