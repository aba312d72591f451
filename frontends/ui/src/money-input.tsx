import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from '@cropvest/ui/input';
import { cn } from '@cropvest/ui/cn';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The unit shown inside the field's end ("USDT"). */
  unit?: string;
}

/**
 * An amount field: a number input with the spec's step 0.01 whose value stays the decimal string the person
 * typed (never turned into a float; the contract schema parses it). Register it without valueAsNumber.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { unit = 'USDT', className, step = '0.01', min = '1', ...props },
  ref,
) {
  return (
    <div className="relative">
      <Input
        ref={ref}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        className={cn('pe-16 tabular-nums', className)}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 end-3 flex items-center text-sm text-ink-muted"
      >
        {unit}
      </span>
    </div>
  );
});
