import type { ReactNode } from 'react';
import { Hourglass } from 'lucide-react';
import { EmptyState } from './empty-state.tsx';

export interface ComingSoonProps {
  title: string;
  /** What this screen will hold once its service lands. */
  description: ReactNode;
  /** A few things the screen will offer. */
  features?: string[];
  action?: ReactNode;
}

/** A screen whose service is still being built: its heading, what will be here, and a way onward. */
export function ComingSoon({ title, description, features, action }: ComingSoonProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <EmptyState
        className="mt-6"
        level={2}
        icon={<Hourglass className="h-8 w-8" />}
        title="Coming soon"
        description={
          <>
            <p>{description}</p>
            {features?.length ? (
              <ul className="mt-3 list-disc space-y-1 pl-5 text-left">
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            ) : null}
          </>
        }
        action={action}
      />
    </div>
  );
}
