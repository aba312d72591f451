// The Support Center's tabs and the investor-side status badge (spec sections 2 and 4: resolved and closed
// "default", in progress "outline", the others "secondary"), in the ticket words the admin's desk uses too.
import type { TicketStatus } from '@cropvest/contracts/support/model';
import { useTicketWords } from '@cropvest/web-kit/words/tickets';
import { Badge, type BadgeTone } from '@cropvest/ui/badge';

export const SUPPORT_TABS = ['help', 'faq', 'contact', 'tickets'] as const;
export type SupportTab = (typeof SUPPORT_TABS)[number];
/** The tab a `?tab=` value names; anything else (a typo, an old bookmark) is Get Help. */
export const supportTab = (value: string): SupportTab =>
  (SUPPORT_TABS as readonly string[]).includes(value) ? (value as SupportTab) : 'help';

type SpecVariant = 'default' | 'outline' | 'secondary';
export const statusVariant = (status: TicketStatus): SpecVariant =>
  status === 'resolved' || status === 'closed'
    ? 'default'
    : status === 'in_progress'
      ? 'outline'
      : 'secondary';

const VARIANT_TONE: Record<SpecVariant, BadgeTone> = {
  default: 'solid',
  outline: 'outline',
  secondary: 'gray',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const words = useTicketWords();
  return (
    <Badge tone={VARIANT_TONE[statusVariant(status)]} data-status={status}>
      {words.status(status)}
    </Badge>
  );
}
