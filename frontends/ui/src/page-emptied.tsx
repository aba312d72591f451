// A page of a list that emptied under the reader (rows removed since, or a page number past the end): it says so and
// offers the first page. Lists with no rows at all show their own empty state instead.
import { Button } from '@cropvest/ui/button';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export function PageEmptied({ onFirstPage }: { onFirstPage: () => void }) {
  const { rich } = useUiMessages();
  return (
    <p className="py-4 text-center text-sm text-ink-muted">
      {rich('ui.list.pageEmptied', {
        first: (chunks) => (
          <Button variant="link" onClick={onFirstPage}>
            {chunks}
          </Button>
        ),
      })}
    </p>
  );
}
