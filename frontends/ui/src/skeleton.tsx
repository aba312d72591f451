import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

/** A grey block that stands in for content while it loads. */
export const Skeleton = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div
    aria-hidden="true"
    className={cn('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
    {...props}
  />
);
