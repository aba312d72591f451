import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  id?: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A styled Radix select; give it an id matching a <Label htmlFor> or an aria-label. A controlled select passes
 * '' for "nothing chosen" (the placeholder shows): undefined would make it uncontrolled, and it would keep
 * showing the last choice after its form is reset.
 */
export function Select({ options, placeholder, className, id, ...props }: SelectProps) {
  const { value, defaultValue, onValueChange, disabled } = props;
  return (
    <SelectPrimitive.Root {...{ value, defaultValue, onValueChange, disabled }}>
      <SelectPrimitive.Trigger
        id={id}
        aria-label={props['aria-label']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={props['aria-invalid']}
        className={cn(
          'flex h-10 w-full items-center justify-between rounded-md border border-border-strong bg-surface px-3 text-sm text-ink',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus disabled:opacity-50',
          className,
        )}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown className="h-4 w-4 opacity-60" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-[var(--radix-select-trigger-width)] rounded-md border border-border bg-surface-raised p-1 shadow-lg"
        >
          <SelectPrimitive.Viewport>
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer select-none items-center rounded py-1.5 ps-8 pe-2 text-sm outline-none data-[highlighted]:bg-surface-muted"
              >
                <SelectPrimitive.ItemIndicator className="absolute start-2">
                  <Check className="h-4 w-4" aria-hidden="true" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
