// A history row's amount as the link to the row's own page (decision 0121): the amount is what a person scans a
// money list by, and the link's hidden words say which request it opens.
import { Link } from '@cropvest/web-kit/router';
import { formatUsdt } from '@cropvest/ui/format';

export function DetailAmountLink({ to, amount, about }: { to: string; amount: string; about: string }) {
  return (
    <Link
      to={to}
      className="relative whitespace-nowrap font-semibold tabular-nums text-brand-ink underline underline-offset-2"
    >
      {formatUsdt(amount)}
      <span className="sr-only">: details of the {about}</span>
    </Link>
  );
}
