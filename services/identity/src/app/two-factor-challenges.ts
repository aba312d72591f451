// The step between a right password and a session when two-factor applies (docs/decisions/0062-two-factor.md).
import { randomUUID } from 'node:crypto';
import type { TwoFactorChallenge } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import { hashToken, newOpaqueToken } from '../domain/secrets.ts';
import type { UserRow } from '../db/users.ts';
import { readTwoFactor } from '../db/two-factor.ts';
import type { IdentityContext } from './context.ts';

/**
 * What a right password still needs: `code` when the account has two-factor on; `enrol` when it is an admin
 * account, the security setting "two-factor for admin accounts" is on and it has none yet; else nothing.
 */
export async function twoFactorRequired(
  db: Knex,
  user: UserRow,
  requiredForAdmins: boolean,
): Promise<'code' | 'enrol' | null> {
  const state = await readTwoFactor(db, user.id);
  if (state?.enabled_at) return 'code';
  return user.role === 'admin' && requiredForAdmins ? 'enrol' : null;
}

/** A single-use challenge token, stored hashed, valid for TWO_FACTOR_CHALLENGE_TTL_SECONDS. */
export async function issueChallenge(
  ctx: IdentityContext,
  user: UserRow,
  kind: 'code' | 'enrol',
  countedSource: string,
  now: Date,
): Promise<TwoFactorChallenge> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + ctx.config.TWO_FACTOR_CHALLENGE_TTL_SECONDS * 1000);
  await ctx.db('two_factor_challenges').insert({
    id: randomUUID(),
    user_id: user.id,
    token_hash: hashToken(token),
    kind,
    source: countedSource,
    expires_at: expiresAt,
  });
  return { twoFactor: { challengeToken: token, required: kind, expiresAt: expiresAt.toISOString() } };
}
