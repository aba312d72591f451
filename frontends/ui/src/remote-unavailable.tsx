import { AlertTriangle } from 'lucide-react';

/** What a micro-frontend's area shows when its code cannot be loaded; the rest of the page keeps working. */
export function RemoteUnavailable({ area, onRetry }: { area: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto my-10 max-w-lg rounded-xl border border-amber-300 bg-amber-50 p-6 text-center text-amber-950"
    >
      <AlertTriangle aria-hidden="true" className="mx-auto h-8 w-8 text-amber-700" />
      <h2 className="mt-2 text-lg font-semibold">The {area} could not be loaded</h2>
      <p className="mt-1 text-sm">
        This part of CropVest is unavailable right now. The rest of the site still works; please try again in
        a moment.
      </p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-700 focus-visible:ring-offset-2"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
