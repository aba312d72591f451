import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@cropvest/ui/cn';

/**
 * A table that scrolls sideways on small screens instead of breaking the layout. The box is positioned, so
 * screen-reader-only text in a cell (absolutely positioned) stays inside it instead of widening the page.
 * A table with nothing focusable in it passes `scrollLabel`: its box then takes the keyboard focus (and the
 * name), so someone without a mouse can still scroll it sideways.
 */
export const Table = ({
  className,
  scrollLabel,
  ...props
}: HTMLAttributes<HTMLTableElement> & { scrollLabel?: string }) => (
  <div
    className="relative w-full overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    {...(scrollLabel ? { tabIndex: 0, role: 'group', 'aria-label': scrollLabel } : {})}
  >
    <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
  </div>
);
export const TableHeader = (props: HTMLAttributes<HTMLTableSectionElement>) => (
  <thead className="border-b border-border bg-surface-muted" {...props} />
);
export const TableBody = (props: HTMLAttributes<HTMLTableSectionElement>) => (
  <tbody className="divide-y divide-border" {...props} />
);
export const TableRow = ({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn('hover:bg-surface-muted', className)} {...props} />
);
export const TableHead = ({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th
    scope="col"
    className={cn(
      'h-10 px-3 text-start align-middle text-xs font-semibold uppercase tracking-wide text-ink-muted',
      className,
    )}
    {...props}
  />
);
export const TableCell = ({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('px-3 py-2.5 align-middle text-ink', className)} {...props} />
);
