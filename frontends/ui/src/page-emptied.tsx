// A page of a list that emptied under the reader (rows removed since, or a page number past the end): it says so and
// offers the first page. Lists with no rows at all show their own empty state instead.
import { Button } from './button.tsx';

export function PageEmptied({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <p className="py-4 text-center text-sm text-ink-muted">
      This page is empty.{' '}
      <Button variant="link" onClick={onFirstPage}>
        Go to the first page
      </Button>
    </p>
  );
}
