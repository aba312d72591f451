// A purchase's two writes on a popular plan's hot rows, in groups (docs/decisions/0115 and 0126): the slot
// reservation (the plan's row) and the activation (the plan's rollup rows: its day in `report_daily`, its terms
// in `report_active_terms`). On a launch, one statement per purchase queued on those row locks, each holding a
// pooled connection through its own commit. With the kit's `GroupedByKey`, one reservation statement per plan
// and one activation statement per service instance are in flight; the purchases that arrive meanwhile go
// together in the next one: one lock, one run of the rollup triggers and one commit for the group.
import type { EventEnvelope } from '@cropvest/contracts';
import { GroupedByKey, GroupedWhileBusy, type Knex } from '@cropvest/service-kit/db';
import {
  activateAll,
  reserveAll,
  type Activation,
  type InvestmentRow,
  type Reservation,
  type Reserved,
} from '../db/investments.ts';
import type { PlansContext } from './context.ts';

/** At most this many purchases in one statement. */
const GROUP_SIZE = 200;

/**
 * The slot reservations of every plan, in groups per plan: each purchase in a group is judged in order, as if it
 * came alone after the ones before it (`reserveAll`).
 */
export class PlanReservations {
  private readonly groups: GroupedByKey<Reservation, Reserved | undefined>;

  constructor(db: Knex) {
    this.groups = new GroupedByKey((planId, items) => reserveAll(db, planId, items), GROUP_SIZE);
  }

  /**
   * Reserves the slots and records the pending investment, in the plan's next group; answers the investment and
   * the plan, or nothing when the reservation's condition failed for it (nothing changed).
   */
  reserve(reservation: Reservation): Promise<Reserved | undefined> {
    return this.groups.submit(reservation.plan_id, reservation);
  }
}

interface Groups {
  reservations: PlanReservations;
  activations: GroupedWhileBusy<Activation, InvestmentRow | undefined>;
}

const groupsOf = new WeakMap<PlansContext, Groups>();

function groups(ctx: PlansContext): Groups {
  let made = groupsOf.get(ctx);
  if (!made) {
    made = {
      reservations: new PlanReservations(ctx.db),
      activations: new GroupedWhileBusy(async (items) => {
        const rows = await ctx.events.writing(() => activateAll(ctx.db, items));
        const activated = new Map(rows.map((row) => [row.id, row]));
        return items.map((item) => activated.get(item.id));
      }, GROUP_SIZE),
    };
    groupsOf.set(ctx, made);
  }
  return made;
}

/** Step 2 of a purchase, in its plan's next group of reservations (`PlanReservations.reserve`). */
export const reserveInGroup = (ctx: PlansContext, reservation: Reservation): Promise<Reserved | undefined> =>
  groups(ctx).reservations.reserve(reservation);

/**
 * pending -> active with its `investment.created`, only by the holder of the lease, in the next group; answers
 * the row when this call made the change (undefined: the lease was lost).
 */
export function activateInGroup(
  ctx: PlansContext,
  id: string,
  leaseToken: string,
  event: EventEnvelope,
): Promise<InvestmentRow | undefined> {
  return groups(ctx).activations.submit({ id, leaseToken, event });
}
