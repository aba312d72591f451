// When a chain misbehaves (decision 0081): an endpoint that is down, hangs, answers garbage or rate-limits gives no
// verdict (the claim waits, the fault is counted) and never holds up another network; once it recovers the claim is
// credited exactly once. A transfer seen and then reorganised away before finality is never credited. The chain
// service killed while it checks credits each claim once after it restarts. Exclusive: faults and a paused chain
// would disturb the suites running beside them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NetworkType } from '@cropvest/contracts';
import { eventually, registerInvestor, stack, type Session } from '../../../test/support/api.ts';
import {
  acceptDepositsOn,
  chainOf,
  chains,
  claimDeposit,
  depositWhen,
  ownDeposit,
} from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { killService } from '../../../test/support/processes.ts';
import { balances, ledgerCheck } from '../../../test/support/wallet.ts';

beforeAll(() => acceptDepositsOn(['ERC20', 'BEP20']));
afterEach(async () => {
  for (const network of ['TRC20', 'ERC20', 'BEP20'] as const) {
    await chains().faults(network, 'none');
    await chains().autoBlocks(network, true);
  }
});
afterAll(closeConnections);

/** Failed calls to `network`'s endpoint the chain service has counted. */
async function endpointFailures(network: NetworkType): Promise<number> {
  const text = await (await fetch(stack().metrics.chain as string)).text();
  return [...text.matchAll(/^cropvest_chain_rpc_errors_total\{([^}]*)\} (\d+)/gm)]
    .filter(([, labels]) => labels?.includes(`network="${network}"`))
    .reduce((sum, [, , count]) => sum + Number(count), 0);
}

const availableOf = async (session: Session) => (await balances(session.user.id)).available;

async function pay(session: Session, network: NetworkType, amount: string) {
  const sent = await chains().transfer({ network, to: chainOf(network).platformAddress, amount });
  return claimDeposit(session, { network, txid: sent.txid, amount });
}

describe.each(['down', 'slow', 'garbage'] as const)('a TRC-20 endpoint that is %s', (mode) => {
  it('gives no verdict while it fails, never delays ERC-20, and credits once when it recovers', async () => {
    const session = await registerInvestor();
    const failuresBefore = await endpointFailures('TRC20');
    await chains().faults('TRC20', mode);
    const stuck = await pay(session, 'TRC20', '40');
    await eventually(
      async () => (await endpointFailures('TRC20')) > failuresBefore,
      30_000,
      'the failed lookups to be counted',
    );
    // Another network goes on meanwhile.
    const other = await pay(session, 'ERC20', '7');
    await depositWhen(session, other.id, ['verified']);
    expect(await ownDeposit(session, stuck.id)).toMatchObject({
      status: 'pending',
      chain: { status: 'checking' },
    });

    await chains().faults('TRC20', 'none');
    await depositWhen(session, stuck.id, ['verified'], 60_000);
    await eventually(async () => (await availableOf(session)) === '47.00000000', 10_000, 'both credits');
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});

it('a rate-limited endpoint is waited for as it asks, and the claim credited once the limit lifts', async () => {
  const session = await registerInvestor();
  await chains().faults('BEP20', 'rate-limit', 3_000);
  const claimed = await pay(session, 'BEP20', '9');
  await depositWhen(session, claimed.id, ['verified'], 60_000);
  await eventually(async () => (await availableOf(session)) === '9.00000000', 10_000, 'the credit');
});

it('a transfer seen and then reorganised away before finality is never credited', async () => {
  const session = await registerInvestor();
  await chains().autoBlocks('ERC20', false);
  const { id: snapshot } = await chains().snapshot('ERC20');
  const claimed = await pay(session, 'ERC20', '300');
  const confirming = await depositWhen(session, claimed.id, ['confirming']);
  expect(confirming.chain.confirmations).toBeLessThan(confirming.chain.requiredConfirmations as number);

  await chains().revert('ERC20', snapshot);
  await depositWhen(session, claimed.id, ['not_found_yet']);
  // Blocks go on; the transaction is not in any of them.
  await chains().autoBlocks('ERC20', true);
  await chains().mine('ERC20', chainOf('ERC20').confirmationsHint + 2);
  const later = await depositWhen(session, claimed.id, ['not_found_yet', 'not_found']);
  expect(later).toMatchObject({ status: 'pending', creditedBy: null });
  expect(await availableOf(session)).toBe('0.00000000');
  expect((await ledgerCheck()).problems).toEqual([]);
});

it('the chain service killed while claims wait credits each of them once when it is back', async () => {
  const session = await registerInvestor();
  await chains().faults('TRC20', 'down');
  const claims = await Promise.all(['11', '12', '13'].map((amount) => pay(session, 'TRC20', amount)));
  await killService('chain');
  await chains().faults('TRC20', 'none');
  for (const claim of claims) await depositWhen(session, claim.id, ['verified'], 60_000);
  await eventually(async () => (await availableOf(session)) === '36.00000000', 10_000, 'three credits');
  expect((await ledgerCheck()).problems).toEqual([]);
});
