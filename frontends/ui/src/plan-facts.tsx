// What an investor reads of a plan at a glance, on its card in Browse Plans and at the top of its page: its picture
// (or a sprout where it has none) and its six facts — daily rate, slot price, duration, slots left, start and
// harvest dates.
import { Sprout } from 'lucide-react';
import type { Plan } from '@cropvest/contracts/plans/model';
import { cn } from '@cropvest/ui/cn';
import { FactList } from '@cropvest/ui/fact-list';
import { formatCount, formatDate, formatRate, formatUsdt } from '@cropvest/ui/format';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

type PlanFactsOf = Pick<
  Plan,
  | 'dailyInterestRate'
  | 'minSlotPrice'
  | 'durationDays'
  | 'availableSlots'
  | 'totalSlots'
  | 'startDate'
  | 'endDate'
>;

export function PlanFacts({ plan, className }: { plan: PlanFactsOf; className?: string }) {
  const { text } = useUiMessages();
  const facts: [string, string][] = [
    [text('ui.planFacts.dailyRate'), formatRate(plan.dailyInterestRate)],
    [text('ui.planFacts.slotPrice'), formatUsdt(plan.minSlotPrice)],
    [
      text('ui.planFacts.duration'),
      text('ui.planFacts.days', { count: plan.durationDays, days: formatCount(plan.durationDays) }),
    ],
    [
      text('ui.planFacts.slotsLeft'),
      text('ui.planFacts.slotsOf', {
        left: formatCount(plan.availableSlots),
        total: formatCount(plan.totalSlots),
      }),
    ],
    [text('ui.planFacts.startDate'), formatDate(plan.startDate)],
    [text('ui.planFacts.harvestDate'), formatDate(plan.endDate)],
  ];
  return <FactList facts={facts} className={cn('grid-cols-2 gap-x-4', className)} />;
}

const PICTURE_SIZES = {
  /** A card in a list: lower, loaded as it scrolls into view. */
  card: { height: 320, box: 'h-40', icon: 'h-10 w-10', loading: 'lazy' },
  /** The top of the plan's page: taller, beside the facts from a tablet's width. */
  page: { height: 420, box: 'h-48 md:h-full', icon: 'h-12 w-12', loading: undefined },
} as const;

export function PlanPicture({
  plan,
  size,
}: {
  plan: Pick<Plan, 'title' | 'imageUrl'>;
  size: keyof typeof PICTURE_SIZES;
}) {
  const { text } = useUiMessages();
  const shown = PICTURE_SIZES[size];
  return plan.imageUrl ? (
    <img
      src={plan.imageUrl}
      alt={text('ui.planFacts.picture', { title: plan.title })}
      width={640}
      height={shown.height}
      loading={shown.loading}
      className={cn('w-full object-cover', shown.box)}
    />
  ) : (
    <div
      aria-hidden="true"
      className={cn(
        'flex w-full items-center justify-center bg-gradient-to-br from-brand-muted to-success-muted text-brand',
        shown.box,
      )}
    >
      <Sprout className={shown.icon} />
    </div>
  );
}
