// The chains as the suites use them: transaction ids that no chain knows, the local chains' control API (decision
// 0083) to send real transfers, and the deposit claims whose verdicts the chain service gives.
import { randomBytes } from 'node:crypto';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import type { Deposit, DepositChainStatus, NetworkType } from '@cropvest/contracts';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { LocalChainsClient } from '../../scripts/chain/client.ts';
import { adminSession, eventually, stack, stackClient, type Session } from './api.ts';

/** 64 random hex digits: a well-formed TRC-20 transaction id (EVM networks accept it and add 0x). */
export const unknownTxid = (): string => randomBytes(32).toString('hex');

let client: LocalChainsClient | undefined;
/** The control API of the stack's local chains: sends transfers, reorganises, injects endpoint faults. */
export const chains = (): LocalChainsClient =>
  (client ??= new LocalChainsClient(stack().localChains.control));

/** Each local network's platform address, faucet, contracts and decimals. */
export const chainOf = (network: NetworkType) => stack().localChains.networks[network];

/** Hardhat's well-known account #3: never the platform's, never the faucet. */
const STRANGER = '90F79bf6EB2c4f870365E785982E1f101E93b906';

/** An address that never was the platform's, on `network` (for transfers that pay someone else). */
export const strangerAddress = (network: NetworkType): string =>
  network === 'TRC20' ? tronAddressFromHex(STRANGER) : `0x${STRANGER}`;

export async function claimDeposit(
  session: Session,
  body: { amount: string; txid?: string; network?: NetworkType },
): Promise<Deposit> {
  const claimed = await stackClient().call(walletOperations.createDeposit, {
    token: session.accessToken,
    body,
  });
  if (!claimed.ok || claimed.status !== 201)
    throw new Error(`claiming a deposit failed: ${claimed.status} ${JSON.stringify(claimed.body)}`);
  return claimed.body;
}

/** The investor's own view of one of their deposits. */
export async function ownDeposit(session: Session, id: string): Promise<Deposit | undefined> {
  const page = await stackClient().ok(walletOperations.myDeposits, {
    token: session.accessToken,
    query: { pageSize: 200 },
  });
  return page.find((deposit) => deposit.id === id);
}

/** Waits until the deposit's chain verdict is one of `statuses`, and answers the deposit. */
export const depositWhen = (
  session: Session,
  id: string,
  statuses: DepositChainStatus[],
  timeoutMs = 20_000,
): Promise<Deposit> =>
  eventually(
    async () => {
      const deposit = await ownDeposit(session, id);
      return deposit && statuses.includes(deposit.chain.status) ? deposit : undefined;
    },
    timeoutMs,
    `deposit ${id} to be ${statuses.join(' or ')}`,
  );

/**
 * Switches deposits on for `networks` (Payment Methods): the stack starts with TRC-20 deposits only (the spec's
 * default), while every network has the local chains' platform address as its wallet.
 */
export async function acceptDepositsOn(networks: NetworkType[]): Promise<void> {
  const admin = await adminSession();
  for (const network of networks) {
    const switched = await stackClient().call(walletOperations.updatePaymentMethods, {
      token: admin.accessToken,
      body: { network, deposits: true, withdrawals: network === 'TRC20' },
    });
    if (switched.status !== 200)
      throw new Error(
        `accepting deposits on ${network} failed: ${switched.status} ${JSON.stringify(switched.body)}`,
      );
  }
}
