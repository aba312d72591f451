import { cn } from '@cropvest/ui/cn';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/** An indeterminate spinner with a screen-reader label. */
export function Spinner({
  label,
  className,
  size = 'md',
}: {
  label?: string;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { text } = useUiMessages();
  const dimension = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' }[size];
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'animate-spin rounded-full border-brand-border border-t-brand motion-reduce:animate-none',
          dimension,
        )}
      />
      <span className="sr-only">{label ?? text('ui.spinner.loading')}</span>
    </span>
  );
}

/** Fills the area with a centred spinner (page and route loading). */
export const PageSpinner = ({ label }: { label?: string }) => (
  <div className="flex min-h-[50vh] w-full items-center justify-center">
    <Spinner size="lg" {...(label ? { label } : {})} />
  </div>
);
