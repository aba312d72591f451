import { AlertTriangle } from 'lucide-react';

/** What a micro-frontend's area shows when its code cannot be loaded; the rest of the page keeps working. */
export function RemoteUnavailable({ area, onRetry }: { area: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto my-10 max-w-lg rounded-xl border border-warning-border bg-warning-muted p-6 text-center text-warning-ink"
    >
      <AlertTriangle aria-hidden="true" className="mx-auto h-8 w-8 text-warning" />
      <h2 className="mt-2 text-lg font-semibold">The {area} could not be loaded</h2>
      <p className="mt-1 text-sm">
        This part of CropVest is unavailable right now. The rest of the site still works; please try again in
        a moment.
      </p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-md bg-warning px-4 py-2 text-sm font-medium text-on-warning hover:bg-warning-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-warning focus-visible:ring-offset-2"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
