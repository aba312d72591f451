import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '@cropvest/ui/cn';
import { useLocale } from '@cropvest/ui/i18n';
import { directionOf } from '@cropvest/ui/locale';

/**
 * Radix writes a `dir` on the tabs (left to right unless told), which would turn a right-to-left page back to left
 * to right inside them; they follow the page's direction instead, arrow keys included.
 */
export const Tabs = (props: TabsPrimitive.TabsProps) => (
  <TabsPrimitive.Root dir={directionOf(useLocale())} {...props} />
);
export const TabsList = ({ className, ...props }: TabsPrimitive.TabsListProps) => (
  <TabsPrimitive.List
    className={cn('inline-flex flex-wrap gap-1 rounded-lg bg-surface-muted p-1', className)}
    {...props}
  />
);
export const TabsTrigger = ({ className, ...props }: TabsPrimitive.TabsTriggerProps) => (
  <TabsPrimitive.Trigger
    className={cn(
      'rounded-md px-3 py-1.5 text-sm font-medium text-ink-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus',
      'data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm',
      className,
    )}
    {...props}
  />
);
export const TabsContent = ({ className, ...props }: TabsPrimitive.TabsContentProps) => (
  <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...props} />
);
