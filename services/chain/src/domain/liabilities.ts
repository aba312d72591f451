// What each investor is owed, put together from the wallet's and the plans service's pages (decision 0082): both
// come in user id order, so one pass merges them like two sorted lists, holding one page of each at a time.
import { decimalToUnits } from '@cropvest/contracts/chain/proof';

export interface OwedAmount {
  userId: string;
  amount: string;
}

export interface OwedUnits {
  userId: string;
  /** Integers of 10⁻⁸ USDT, as the tree counts them. */
  units: bigint;
}

/**
 * The users of both sources with the sum of what each says, in user id order. Each source must be in ascending
 * user id order with a user at most once (keyset pages are); a source out of order is refused, since merging it
 * would count a user twice.
 */
export async function* mergeOwed(
  wallet: AsyncIterable<OwedAmount>,
  plans: AsyncIterable<OwedAmount>,
): AsyncGenerator<OwedUnits> {
  const [a, b] = [ordered(wallet, 'wallet'), ordered(plans, 'plans')];
  let [left, right] = await Promise.all([a.next(), b.next()]);
  for (;;) {
    const [l, r] = [left.done ? undefined : left.value, right.done ? undefined : right.value];
    if (l && (!r || l.userId < r.userId)) {
      yield { userId: l.userId, units: decimalToUnits(l.amount) };
      left = await a.next();
    } else if (r && (!l || r.userId < l.userId)) {
      yield { userId: r.userId, units: decimalToUnits(r.amount) };
      right = await b.next();
    } else if (l && r) {
      yield { userId: l.userId, units: decimalToUnits(l.amount) + decimalToUnits(r.amount) };
      [left, right] = await Promise.all([a.next(), b.next()]);
    } else return;
  }
}

async function* ordered(source: AsyncIterable<OwedAmount>, name: string): AsyncGenerator<OwedAmount> {
  let previous: string | undefined;
  for await (const owed of source) {
    if (previous !== undefined && owed.userId <= previous)
      throw new Error(
        `${name} listed user ${owed.userId} after ${previous}: its pages are not in user id order`,
      );
    previous = owed.userId;
    yield owed;
  }
}
