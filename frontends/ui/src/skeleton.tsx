import type { HTMLAttributes } from 'react';
import { cn } from '@cropvest/ui/cn';

/** A grey block that stands in for content while it loads (marked, so a test can wait for the last one to go). */
export const Skeleton = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div
    aria-hidden="true"
    data-skeleton=""
    className={cn('animate-pulse rounded-md bg-surface-strong motion-reduce:animate-none', className)}
    {...props}
  />
);
