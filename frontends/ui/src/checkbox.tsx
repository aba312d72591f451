import { forwardRef } from 'react';
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';

export const Checkbox = forwardRef<HTMLButtonElement, CheckboxPrimitive.CheckboxProps>(function Checkbox(
  { className, ...props },
  ref,
) {
  return (
    <CheckboxPrimitive.Root
      ref={ref}
      className={cn(
        'flex h-5 w-5 shrink-0 items-center justify-center rounded border border-border-strong bg-surface',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus data-[state=checked]:border-brand data-[state=checked]:bg-brand data-[state=checked]:text-on-brand aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <Check className="h-4 w-4" aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
});
