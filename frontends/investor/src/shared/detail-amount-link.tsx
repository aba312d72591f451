// A history row's amount as the link to the row's own page (decision 0121): the amount is what a person scans a
// money list by. Its name is the amount alone: in its table row (date, status beside it) it says which request it
// opens, as links in context may (WCAG 2.4.4), and the cell reads the same as before.
import { Link } from '@cropvest/web-kit/router';
import { formatUsdt } from '@cropvest/ui/format';

export function DetailAmountLink({ to, amount }: { to: string; amount: string }) {
  return (
    <Link
      to={to}
      className="whitespace-nowrap font-semibold tabular-nums text-brand-ink underline underline-offset-2"
    >
      {formatUsdt(amount)}
    </Link>
  );
}
