// The freeze link every security mail carries, and the refusal a frozen account meets
// (docs/decisions/0101-account-freeze.md).
import {
  ACCOUNT_FROZEN_BY_ADMIN_MESSAGE,
  ACCOUNT_FROZEN_CODE,
  ACCOUNT_FROZEN_MESSAGE,
} from '@cropvest/contracts';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { ForbiddenError } from '@cropvest/service-kit/errors';
import { hashToken, newOpaqueToken } from '../domain/secrets.ts';
import type { UserRow } from '../db/users.ts';

/**
 * A new freeze link for the account, replacing the one before: notify keeps the token and puts the link in every
 * security mail. Its only power is freezing, which the owner can always undo.
 */
export async function issueFreezeLink(
  events: ServiceEvents,
  trx: Knex.Transaction,
  userId: string,
  traceparent: string | null,
): Promise<void> {
  const freezeToken = newOpaqueToken();
  await trx('users')
    .where({ id: userId })
    .update({ freeze_token_hash: hashToken(freezeToken) });
  await events.emit(
    trx,
    'user.freeze_link_issued',
    { userId, freezeToken },
    { actorId: null, subjectId: userId, traceparent },
  );
}

/** Accounts made before freeze links existed get theirs at start, a batch at a time (replicas skip each other's). */
export async function issueMissingFreezeLinks(events: ServiceEvents, db: Knex): Promise<number> {
  let issued = 0;
  for (;;) {
    const batch = await db.transaction(async (trx) => {
      const ids = (await trx('users')
        .whereNull('freeze_token_hash')
        .limit(200)
        .forUpdate()
        .skipLocked()
        .pluck('id')) as string[];
      for (const id of ids) await issueFreezeLink(events, trx, id, null);
      return ids.length;
    });
    issued += batch;
    if (batch === 0) return issued;
  }
}

export const frozenRefusal = (user: Pick<UserRow, 'frozen_by'>): ForbiddenError =>
  new ForbiddenError(
    user.frozen_by === 'admin' ? ACCOUNT_FROZEN_BY_ADMIN_MESSAGE : ACCOUNT_FROZEN_MESSAGE,
    ACCOUNT_FROZEN_CODE,
  );
