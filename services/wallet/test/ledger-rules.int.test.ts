// The ledger's own rules, held by the database whoever writes: a transfer has exactly two entries that sum to
// zero, written together; entries and transfers never change. Each case runs in a transaction that is rolled back.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Knex } from '@cropvest/service-kit/db';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';

afterAll(closeConnections);

let wallet: Knex;
let from: string;
let to: string;

beforeAll(async () => {
  wallet = serviceDb('wallet');
  // Two platform accounts: the rules do not depend on whose accounts they are.
  [from, to] = (await wallet('accounts')
    .whereNull('user_id')
    .whereNull('plan_id')
    .orderBy('kind')
    .limit(2)
    .pluck('id')) as [string, string];
});

/** Runs `work` in a transaction that never commits; answers the error that ended it, or 'rolled back'. */
async function attempt(
  work: (trx: Knex.Transaction, transferId: string) => Promise<unknown>,
): Promise<string> {
  try {
    await wallet.transaction(async (trx) => {
      const transferId = randomUUID();
      await trx('transfers').insert({
        id: transferId,
        idempotency_key: `ledger-rules:${transferId}`,
        kind: 'adjustment',
        debit_account_id: from,
        credit_account_id: to,
        amount: '1.00000000',
        user_id: randomUUID(),
      });
      await work(trx, transferId);
      throw new Error('rolled back');
    });
  } catch (error) {
    return (error as Error).message;
  }
  return 'committed';
}

const entry = (transferId: string, accountId: string, amount: string) => ({
  transfer_id: transferId,
  account_id: accountId,
  amount,
  balance_after: '0',
});

describe('the ledger rules', () => {
  it('takes a transfer whose two entries sum to zero, written in one statement', async () => {
    expect(
      await attempt((trx, id) => trx('ledger_entries').insert([entry(id, from, '-1'), entry(id, to, '1')])),
    ).toBe('rolled back');
  });

  it('refuses entries that do not sum to zero', async () => {
    expect(
      await attempt((trx, id) => trx('ledger_entries').insert([entry(id, from, '-1'), entry(id, to, '2')])),
    ).toMatch(/transfer .* is unbalanced \(2 entries, sum 1/);
  });

  it('refuses a transfer whose entries are written one at a time', async () => {
    expect(
      await attempt(async (trx, id) => {
        await trx('ledger_entries').insert(entry(id, from, '-1'));
        await trx('ledger_entries').insert(entry(id, to, '1'));
      }),
    ).toMatch(/is unbalanced \(1 entries, sum -1/);
  });

  it('refuses a third entry for a balanced transfer', async () => {
    expect(
      await attempt(async (trx, id) => {
        await trx('ledger_entries').insert([entry(id, from, '-1'), entry(id, to, '1')]);
        await trx('ledger_entries').insert(entry(id, to, '1'));
      }),
    ).toMatch(/is unbalanced \(3 entries, sum 1/);
  });

  it('refuses to change or delete an entry or a transfer', async () => {
    expect(
      await attempt(async (trx, id) => {
        await trx('ledger_entries').insert([entry(id, from, '-1'), entry(id, to, '1')]);
        await trx('ledger_entries').where({ transfer_id: id }).update({ amount: '0.5' });
      }),
    ).toMatch(/ledger rows are immutable \(UPDATE on ledger_entries\)/);
    expect(await attempt((trx, id) => trx('transfers').where({ id }).delete())).toMatch(
      /ledger rows are immutable \(DELETE on transfers\)/,
    );
  });
});
