// Watching deposits while the chain works on them: the page polls its deposits (depositPollMs), and when one is
// decided the views it changes are refreshed at once: the balance (the user, which the sidebar and every balance
// on the investor's screens read) when it was credited, the transaction history whenever it was approved or
// rejected. Every view of the deposits shares one record of what was last seen, so a change is acted on once
// however many views (the latest claim, the history page) show the deposit.
import { useEffect } from 'react';
import type { Deposit } from '@cropvest/contracts/wallet/model';
import { api, useAppDispatch } from '@cropvest/web-kit';
import { depositChanges } from '../../shared/deposit/rules.ts';

const seen = new Map<string, Deposit['status']>();

/** Records a deposit as seen (the one just claimed), so its being credited by the next read counts as a change. */
export const noteDeposit = (deposit: Pick<Deposit, 'id' | 'status'>): void => {
  seen.set(deposit.id, deposit.status);
};

/** Refreshes the balance and the transaction history when a deposit in `deposits` was decided since last seen. */
export function useDepositWatch(deposits: readonly Deposit[] | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!deposits) return;
    const { credited, decided } = depositChanges(seen, deposits);
    for (const deposit of deposits) seen.set(deposit.id, deposit.status);
    if (decided.length === 0) return;
    dispatch(
      api.util.invalidateTags([
        { type: 'Transactions', id: 'LIST' },
        ...(credited.length > 0 ? (['User'] as const) : []),
      ]),
    );
  }, [deposits, dispatch]);
}
