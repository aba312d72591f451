import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@cropvest/ui/button';
import { formatCount } from '@cropvest/ui/format';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the pager landmark; a page with several pagers names each ("Pages of deposits"). */
  label?: string;
}

/** "21–40 of 57" with Previous and Next; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, label }: PaginationProps) {
  const { text } = useUiMessages();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={label ?? text('ui.pager.label')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted"
    >
      <p aria-live="polite">
        {text('ui.pager.range', {
          first: formatCount(first),
          last: formatCount(last),
          total: formatCount(total),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {text('ui.pager.previous')}
        </Button>
        <span>{text('ui.pager.page', { page: formatCount(page), pages: formatCount(pages) })}</span>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          {text('ui.pager.next')} <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}
