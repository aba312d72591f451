// The frame of one section of the user page: a region named by its heading, the heading (with its icon), and
// either how many records it holds or a description with the section's action beside it.
import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { formatCount } from '@cropvest/ui/format';
import { useUserDetailMessages } from './messages/catalogue.ts';

export interface SectionCardProps {
  headingId: string;
  title: string;
  icon?: ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
  /** How many records the section's list holds, once known ("12 in all" beside the heading). */
  total?: number;
  /** Under the heading; the header then stacks on a phone, with `action` under it. */
  description?: string;
  /** The section's button, beside the heading on a wide screen. */
  action?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}

export function SectionCard({
  headingId,
  title,
  icon: Icon,
  total,
  description,
  action,
  contentClassName,
  children,
}: SectionCardProps) {
  const { text } = useUserDetailMessages();
  const heading = (
    <CardTitle level={2} id={headingId} className={Icon ? 'flex items-center gap-2' : undefined}>
      {Icon ? <Icon aria-hidden="true" className="h-5 w-5 text-brand" /> : null}
      {title}
    </CardTitle>
  );
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      {description ? (
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            {heading}
            <CardDescription>{description}</CardDescription>
          </div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          {heading}
          {total === undefined ? null : (
            <span className="text-sm text-ink-muted">
              {text('userDetail.section.total', { count: formatCount(total) })}
            </span>
          )}
        </CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
