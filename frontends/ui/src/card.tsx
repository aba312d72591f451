import type { HTMLAttributes } from 'react';
import { cn } from '@cropvest/ui/cn';

export const Card = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div
    className={cn('rounded-xl border border-border bg-surface text-ink shadow-sm', className)}
    {...props}
  />
);
export const CardHeader = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />
);
export const CardTitle = ({
  className,
  level = 3,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3 }) => {
  const Heading = level === 2 ? 'h2' : 'h3';
  return <Heading className={cn('text-base font-semibold leading-tight', className)} {...props} />;
};
export const CardDescription = ({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn('text-sm text-ink-muted', className)} {...props} />
);
export const CardContent = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('p-5 pt-0', className)} {...props} />
);
