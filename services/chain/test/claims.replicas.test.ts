// Two chain services lease claims from one table (decision 0080): each claim is judged by one of them at a time, and
// whichever verifies it, the wallet credits it once.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { eventually, registerInvestor } from '../../../test/support/api.ts';
import { acceptDepositsOn, chainOf, chains, claimDeposit, depositWhen } from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { balances, ledgerCheck } from '../../../test/support/wallet.ts';

beforeAll(() => acceptDepositsOn(['ERC20']));
afterAll(closeConnections);

it('twenty claims at once on two replicas are each credited exactly once', async () => {
  const investors = await Promise.all(Array.from({ length: 4 }, () => registerInvestor()));
  const networks = ['TRC20', 'ERC20'] as const;
  const claims = await Promise.all(
    Array.from({ length: 20 }, async (_, index) => {
      const session = investors[index % investors.length]!;
      const network = networks[index % networks.length]!;
      const sent = await chains().transfer({ network, to: chainOf(network).platformAddress, amount: '10' });
      return { session, claim: await claimDeposit(session, { network, txid: sent.txid, amount: '10' }) };
    }),
  );
  await Promise.all(claims.map(({ session, claim }) => depositWhen(session, claim.id, ['verified'], 60_000)));
  for (const session of investors)
    await eventually(
      async () => (await balances(session.user.id)).available === '50.00000000',
      10_000,
      'five credits of 10 each',
    );
  expect((await ledgerCheck()).problems).toEqual([]);
});
