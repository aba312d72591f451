import { AlertTriangle } from 'lucide-react';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/**
 * What a micro-frontend's area shows when its code cannot be loaded; the rest of the page keeps working. It stands
 * where the area's screen would be, so its title is the page's one level-1 heading (WCAG 1.3.1, axe page-has-heading-one).
 */
export function RemoteUnavailable({ area, onRetry }: { area: string; onRetry?: () => void }) {
  const { text } = useUiMessages();
  return (
    <div
      role="alert"
      data-testid="remote-unavailable"
      className="mx-auto my-10 max-w-lg rounded-xl border border-warning-border bg-warning-muted p-6 text-center text-warning-ink"
    >
      <AlertTriangle aria-hidden="true" className="mx-auto h-8 w-8 text-warning" />
      <h1 className="mt-2 text-lg font-semibold">{text('ui.remote.title', { area })}</h1>
      <p className="mt-1 text-sm">{text('ui.remote.description')}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-md bg-warning px-4 py-2 text-sm font-medium text-on-warning hover:bg-warning-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-warning focus-visible:ring-offset-2"
        >
          {text('ui.query.retry')}
        </button>
      ) : null}
    </div>
  );
}
