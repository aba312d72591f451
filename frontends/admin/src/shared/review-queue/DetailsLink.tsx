// A queue row's link to the request's own page (decision 0121), carrying the list's address so the page's back
// link returns to the same search, filter, sort and page. Its accessible name says which request it opens.
import { ArrowRight } from 'lucide-react';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { Link } from '@cropvest/web-kit/router';
import { useReviewQueueMessages } from './messages/catalogue.ts';

export function DetailsLink({ to, of }: { to: string; of: string }) {
  const detailLink = useDetailLink();
  const { rich } = useReviewQueueMessages();
  return (
    <Link
      to={detailLink(to)}
      className="relative inline-flex min-h-6 items-center gap-1 whitespace-nowrap text-xs font-medium text-brand-ink underline underline-offset-2"
    >
      {rich('reviewQueue.details', {
        of,
        hidden: (chunks) => <span className="sr-only">{chunks}</span>,
      })}
      <ArrowRight aria-hidden="true" className="h-3 w-3 rtl:rotate-180" />
    </Link>
  );
}
