// After a cancellation the plans service answers at once, and the wallet moves the principal back to available
// when it receives the investment's `investment.cancelled` event (decision 0094), a moment later. The balance
// (the user, which the sidebar and every balance on the investor's screens read) is read again every second
// until it changes, then the transaction history, which lists the return; after 30 s it stops asking.
import { useEffect, useState } from 'react';
import { api, selectUser, useAppDispatch, useAppSelector, useMeQuery } from '@cropvest/web-kit';

const POLL_MS = 1_000;
const GIVE_UP_MS = 30_000;

export function useBalanceReturn(): { returning: boolean; expectReturn: () => void } {
  const dispatch = useAppDispatch();
  const balance = useAppSelector(selectUser)?.balance;
  const [waiting, setWaiting] = useState<{ from: string | undefined; since: number } | null>(null);
  const me = useMeQuery(undefined, { skip: !waiting, pollingInterval: waiting ? POLL_MS : 0 });
  useEffect(() => {
    if (!waiting) return;
    const moved = me.data !== undefined && me.data.balance !== waiting.from;
    if (!moved && Date.now() - waiting.since < GIVE_UP_MS) return;
    setWaiting(null);
    dispatch(api.util.invalidateTags([{ type: 'Transactions', id: 'LIST' }]));
  }, [dispatch, me.data, me.fulfilledTimeStamp, waiting]);
  return {
    returning: waiting !== null,
    expectReturn: () => setWaiting({ from: balance, since: Date.now() }),
  };
}
