// The Support Center's words and badges (spec sections 2 and 4): the tabs, the labels of ticket categories
// and priorities, and the investor-side status badge (resolved and closed "default", in progress "outline",
// the others "secondary", labelled upper case with the underscore as a space).
import type { TicketCategory, TicketPriority, TicketStatus } from '@cropvest/contracts/support/model';
import { Badge, type BadgeTone } from '@cropvest/ui/badge';
import { useSharedSupportMessages, type SharedSupportMessageId } from './messages/catalogue.ts';

export const SUPPORT_TABS = ['help', 'faq', 'contact', 'tickets'] as const;
export type SupportTab = (typeof SUPPORT_TABS)[number];
/** The tab a `?tab=` value names; anything else (a typo, an old bookmark) is Get Help. */
export const supportTab = (value: string): SupportTab =>
  (SUPPORT_TABS as readonly string[]).includes(value) ? (value as SupportTab) : 'help';

export const CATEGORY_LABELS: Record<TicketCategory, SharedSupportMessageId> = {
  investment: 'support.category.investment',
  deposit: 'support.category.deposit',
  withdrawal: 'support.category.withdrawal',
  technical: 'support.category.technical',
  account: 'support.category.account',
  other: 'support.category.other',
};

export const PRIORITY_LABELS: Record<TicketPriority, SharedSupportMessageId> = {
  low: 'support.priority.low',
  medium: 'support.priority.medium',
  high: 'support.priority.high',
  critical: 'support.priority.critical',
};

/** Upper case with the underscore as a space ("IN PROGRESS"), as the spec labels states. */
const STATUS_LABELS: Record<TicketStatus, SharedSupportMessageId> = {
  open: 'support.status.open',
  in_progress: 'support.status.inProgress',
  resolved: 'support.status.resolved',
  closed: 'support.status.closed',
};
export const statusLabel = (status: TicketStatus): SharedSupportMessageId => STATUS_LABELS[status];

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
  const { text } = useSharedSupportMessages();
  return (
    <Badge tone={VARIANT_TONE[statusVariant(status)]} data-status={status}>
      {text(statusLabel(status))}
    </Badge>
  );
}
