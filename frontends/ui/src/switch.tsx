import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cn } from '@cropvest/ui/cn';

export const Switch = ({ className, ...props }: SwitchPrimitive.SwitchProps) => (
  <SwitchPrimitive.Root
    className={cn(
      'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-surface-strong transition-colors',
      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 data-[state=checked]:bg-brand disabled:opacity-50',
      className,
    )}
    {...props}
  >
    {/* The thumb starts at the inline start and slides toward the end: rightward, or leftward where the switch
        itself is right to left (:dir, not an ancestor's attribute, so a left-to-right island inside stays right). */}
    <SwitchPrimitive.Thumb className="block h-5 w-5 rounded-full bg-surface shadow transition-transform data-[state=checked]:translate-x-5 [&:dir(rtl)]:data-[state=checked]:-translate-x-5" />
  </SwitchPrimitive.Root>
);
