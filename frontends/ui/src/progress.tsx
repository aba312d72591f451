import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@cropvest/ui/cn';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export interface ProgressBarProps {
  /** 0-100; clamped. */
  value: number;
  /** What the bar measures, for screen readers ("Slots filled"). */
  label: string;
  className?: string;
  /** Shows "<value>%" above the bar, right-aligned under the label. */
  showValue?: boolean;
}

/** A determinate progress bar (Radix Progress: role progressbar with its value for screen readers). */
export function ProgressBar({ value, label, className, showValue = false }: ProgressBarProps) {
  const { text } = useUiMessages();
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={className}>
      {showValue ? (
        <div className="flex justify-between text-xs text-ink-muted">
          <span>{label}</span>
          <span>{text('ui.progress.value', { value: clamped })}</span>
        </div>
      ) : null}
      <ProgressPrimitive.Root
        value={clamped}
        aria-label={label}
        getValueLabel={(value) => text('ui.progress.value', { value })}
        className={cn('relative mt-1 h-2 overflow-hidden rounded-full bg-surface-strong')}
      >
        <ProgressPrimitive.Indicator
          className="h-full rounded-full bg-brand transition-[width] motion-reduce:transition-none"
          style={{ width: `${clamped}%` }}
        />
      </ProgressPrimitive.Root>
    </div>
  );
}
