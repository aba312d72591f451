// The header's theme switch (decision 0110): System, Light or Dark, as one radio group of icon buttons.
import { useId, useState } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from './cn.ts';
import { chooseThemePreference, storedThemePreference, type ThemePreference } from './theme-preference.ts';

const OPTIONS: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'System', Icon: Monitor },
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
];

export function ThemeSwitch({ className }: { className?: string }) {
  const name = useId();
  const [preference, setPreference] = useState<ThemePreference>(storedThemePreference);
  return (
    <fieldset
      className={cn(
        'inline-flex shrink-0 rounded-full border border-border bg-surface-muted p-0.5',
        className,
      )}
    >
      <legend className="sr-only">Theme</legend>
      {OPTIONS.map(({ value, label, Icon }) => (
        <label
          key={value}
          title={label}
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
          <span className="sr-only">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
