// The button look as a class string, for links styled as buttons (no Radix code needed).
import { cn } from '@cropvest/ui/cn';

export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'outline'
  | 'ghost'
  | 'destructive'
  | 'link'
  | 'bright'
  | 'light'
  | 'outline-light';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand hover:bg-brand-hover shadow-sm',
  secondary: 'bg-brand-muted text-brand-ink hover:bg-brand-border/50',
  outline: 'border border-border-strong bg-surface text-ink hover:bg-surface-muted',
  ghost: 'text-ink-muted hover:bg-surface-muted',
  destructive: 'bg-danger text-on-danger hover:bg-danger-hover',
  link: 'text-brand-ink underline-offset-4 hover:underline px-0',
  /** On dark backgrounds. */
  bright: 'bg-inverse-accent text-inverse hover:bg-inverse-accent/85 shadow-sm',
  light: 'bg-on-inverse text-inverse hover:bg-on-inverse-muted shadow-sm',
  'outline-light': 'border border-on-inverse/70 bg-transparent text-on-inverse hover:bg-on-inverse/10',
};
const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
};

export const buttonClass = (
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
    className,
  );
