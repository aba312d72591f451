// Two-factor sign-in (TOTP, RFC 6238): enrolment, the second sign-in step, turning it off, recovery codes
// (docs/decisions/0062-two-factor.md).
import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex, inTransaction } from '@cropvest/service-kit/db';
import { BadRequestError, ConflictError, UnauthorizedError } from '@cropvest/service-kit/errors';
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
} from '../domain/two-factor.ts';
import { hashToken } from '../domain/secrets.ts';
import { lockedMessage, secondsUntil } from '../domain/lockout.ts';
import { findUserById, type UserRow } from '../db/users.ts';
import { readSettings } from '../db/settings.ts';
import {
  findChallenge,
  readTwoFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  savePendingSecret,
  updateTwoFactor,
  useRecoveryCode,
  type ChallengeRow,
  type TwoFactorRow,
} from '../db/two-factor.ts';
import { checkOwnPassword, finishSignIn, SignInRefused, type SignedIn, type SignInClient } from './auth.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

const INVALID_CODE = 'Invalid authentication code';
const CODE_USED = 'This code has already been used. Please wait for the next one.';
const CHALLENGE_INVALID = 'Your sign-in has expired. Please sign in again.';

/** What the second step or a sensitive change offers as proof: a current code or an unused recovery code. */
export type Proof = { code: string } | { recoveryCode: string };

export async function twoFactorStatus(ctx: IdentityContext, userId: string): Promise<TwoFactorStatus> {
  const state = await readTwoFactor(ctx.db, userId);
  const enabled = Boolean(state?.enabled_at);
  return {
    enabled,
    enabledAt: state?.enabled_at?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(ctx.db, userId) : 0,
  };
}

/** A new secret for the account; two-factor stays off until a code from it is confirmed. */
async function enrol(ctx: IdentityContext, user: UserRow): Promise<TwoFactorEnrolment> {
  const enrolment = newTotpSecret(ctx.config.TOTP_ISSUER, user.email);
  await inTransaction(ctx, async (trx) => {
    const state = await readTwoFactor(trx, user.id, true);
    if (state?.enabled_at)
      throw new ConflictError('Two-factor authentication is already on.', 'TWO_FACTOR_ALREADY_ON');
    await savePendingSecret(
      trx,
      user.id,
      encryptSecret(ctx.config.TOTP_ENCRYPTION_KEY, user.id, enrolment.secret),
    );
  });
  return enrolment;
}

/**
 * Checks a proof under the row lock of the account's two-factor state. Wrong proofs are counted; reaching the
 * security setting `maxLoginAttempts` locks the second step for LOCKOUT_MINUTES. The count is committed even
 * though the call is refused, so the refusal is thrown after the transaction.
 */
async function checkProof(
  ctx: IdentityContext,
  userId: string,
  proof: Proof,
  { enabled }: { enabled: boolean },
  now: Date,
  onAccepted: (trx: Knex.Transaction, state: TwoFactorRow) => Promise<void>,
): Promise<void> {
  const { security } = await readSettings(ctx.db);
  const refusal = await inTransaction(ctx, async (trx): Promise<Error | null> => {
    const state = await readTwoFactor(trx, userId, true);
    if (!state || Boolean(state.enabled_at) !== enabled)
      return enabled
        ? new ConflictError('Two-factor authentication is not on.', 'TWO_FACTOR_NOT_ON')
        : new ConflictError('Start two-factor enrolment first.', 'TWO_FACTOR_NOT_ENROLLING');
    if (state.locked_until && state.locked_until.getTime() > now.getTime())
      return new SignInRefused(
        lockedMessage(state.locked_until, now),
        'TWO_FACTOR_LOCKED',
        secondsUntil(state.locked_until, now),
      );
    let accepted: boolean;
    let usedStep = state.last_used_step;
    if ('code' in proof) {
      const secret = decryptSecret(ctx.config.TOTP_ENCRYPTION_KEY, userId, state.secret_encrypted);
      const step = acceptedStep(secret, proof.code, now);
      if (step !== null && state.last_used_step !== null && step <= Number(state.last_used_step))
        return new BadRequestError(CODE_USED, 'TWO_FACTOR_CODE_USED');
      accepted = step !== null;
      if (step !== null) usedStep = String(step);
    } else {
      accepted = await useRecoveryCode(trx, userId, hashRecoveryCode(proof.recoveryCode));
    }
    if (!accepted) {
      const failures = state.failures + 1;
      if (failures >= security.maxLoginAttempts) {
        const lockedUntil = new Date(now.getTime() + ctx.config.LOCKOUT_MINUTES * 60_000);
        await updateTwoFactor(trx, userId, { failures: 0, locked_until: lockedUntil });
        return new SignInRefused(
          lockedMessage(lockedUntil, now),
          'TWO_FACTOR_LOCKED',
          secondsUntil(lockedUntil, now),
        );
      }
      await updateTwoFactor(trx, userId, { failures });
      return new BadRequestError(INVALID_CODE, 'INVALID_TWO_FACTOR_CODE');
    }
    await updateTwoFactor(trx, userId, { failures: 0, locked_until: null, last_used_step: usedStep });
    await onAccepted(trx, state);
    return null;
  });
  if (refusal) throw refusal;
}

async function issueRecoveryCodes(trx: Knex.Transaction, userId: string): Promise<RecoveryCodes> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(trx, userId, codes.hashes);
  return { recoveryCodes: codes.shown };
}

/** Turns two-factor on with the first code from the new secret; answers the recovery codes, once. */
async function confirmEnrolment(
  ctx: IdentityContext,
  userId: string,
  code: string,
  meta: RequestMeta,
  then?: (trx: Knex.Transaction) => Promise<void>,
): Promise<RecoveryCodes> {
  let codes: RecoveryCodes | undefined;
  await checkProof(ctx, userId, { code }, { enabled: false }, new Date(), async (trx) => {
    await updateTwoFactor(trx, userId, { enabled_at: new Date() });
    codes = await issueRecoveryCodes(trx, userId);
    await emitTwoFactorChange(ctx.events, trx, userId, true, meta);
    await then?.(trx);
  });
  return codes as RecoveryCodes;
}

/** The owner hears of it at once (notify mails security alerts whatever the preferences say). */
const emitTwoFactorChange = (
  events: ServiceEvents,
  trx: Knex.Transaction,
  userId: string,
  enabled: boolean,
  meta: RequestMeta,
) =>
  events.emit(
    trx,
    'user.security_alert',
    {
      userId,
      kind: enabled ? 'two_factor_enabled' : 'two_factor_disabled',
      ipAddress: meta.ip,
      failures: null,
      lockedUntil: null,
    },
    { actorId: userId, subjectId: userId, traceparent: meta.traceparent },
  );

export async function startOwnEnrolment(ctx: IdentityContext, caller: AuthUser): Promise<TwoFactorEnrolment> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw new UnauthorizedError('Your account no longer exists', 'USER_NOT_FOUND');
  return enrol(ctx, user);
}

export const confirmOwnEnrolment = (
  ctx: IdentityContext,
  caller: AuthUser,
  code: string,
  meta: RequestMeta,
) => confirmEnrolment(ctx, caller.id, code, meta);

/** The second factor of an account that has it on, for a step taken signed out (an unfreeze, decision 0101). */
export const checkSecondFactor = (
  ctx: IdentityContext,
  userId: string,
  proof: Proof,
  now: Date,
): Promise<void> => checkProof(ctx, userId, proof, { enabled: true }, now, async () => {});

/** Turning two-factor off needs the password (limited like sign-ins) and a current code. */
export async function disableOwn(
  ctx: IdentityContext,
  caller: AuthUser,
  input: { password: string; code: string },
  meta: RequestMeta,
): Promise<void> {
  const now = new Date();
  await checkOwnPassword(ctx, caller.id, input.password, meta, now);
  await checkProof(ctx, caller.id, { code: input.code }, { enabled: true }, now, async (trx) => {
    await trx('two_factor').where({ user_id: caller.id }).delete();
    await trx('two_factor_recovery_codes').where({ user_id: caller.id }).delete();
    await emitTwoFactorChange(ctx.events, trx, caller.id, false, meta);
  });
}

export async function regenerateOwnRecoveryCodes(
  ctx: IdentityContext,
  caller: AuthUser,
  code: string,
): Promise<RecoveryCodes> {
  let codes: RecoveryCodes | undefined;
  await checkProof(ctx, caller.id, { code }, { enabled: true }, new Date(), async (trx) => {
    codes = await issueRecoveryCodes(trx, caller.id);
  });
  return codes as RecoveryCodes;
}

/**
 * The challenge behind a token, if it is of this kind, unused and not expired. Any other token answers the same
 * 400, so nothing about it can be learnt.
 */
async function openChallenge(ctx: IdentityContext, token: string, kind: ChallengeRow['kind']) {
  const challenge = await inTransaction(ctx, (trx) => findChallenge(trx, hashToken(token)));
  if (
    !challenge ||
    challenge.kind !== kind ||
    challenge.used_at ||
    challenge.expires_at.getTime() <= Date.now()
  )
    throw new BadRequestError(CHALLENGE_INVALID, 'INVALID_CHALLENGE');
  const user = await findUserById(ctx.db, challenge.user_id);
  if (!user) throw new BadRequestError(CHALLENGE_INVALID, 'INVALID_CHALLENGE');
  return { challenge, user };
}

/** Uses the challenge up; false when another request used it first. */
async function spendChallenge(trx: Knex.Transaction, challengeId: string): Promise<void> {
  const spent = await trx('two_factor_challenges')
    .where({ id: challengeId })
    .whereNull('used_at')
    .update({ used_at: trx.fn.now() });
  if (spent !== 1) throw new BadRequestError(CHALLENGE_INVALID, 'INVALID_CHALLENGE');
}

/** The second sign-in step: the challenge and a code or recovery code for the session. */
export async function completeSignIn(
  ctx: IdentityContext,
  input: { challengeToken: string } & Proof,
  client: SignInClient,
): Promise<SignedIn> {
  const now = new Date();
  const { challenge, user } = await openChallenge(ctx, input.challengeToken, 'code');
  const proof: Proof = 'code' in input ? { code: input.code } : { recoveryCode: input.recoveryCode };
  try {
    await checkProof(ctx, user.id, proof, { enabled: true }, now, (trx) => spendChallenge(trx, challenge.id));
  } catch (error) {
    // A locked second step voids the challenge: after the lock the password is asked again.
    if (error instanceof SignInRefused)
      await ctx.db('two_factor_challenges').where({ id: challenge.id }).update({ used_at: ctx.db.fn.now() });
    throw error;
  }
  return finishSignIn(ctx, user, client, challenge.source, now);
}

/** An admin required to use two-factor starts enrolment with the sign-in challenge. */
export async function startChallengeEnrolment(
  ctx: IdentityContext,
  token: string,
): Promise<TwoFactorEnrolment> {
  const { user } = await openChallenge(ctx, token, 'enrol');
  return enrol(ctx, user);
}

/** …and confirms it with a code: two-factor on, the challenge spent, the session opened, the codes answered. */
export async function confirmChallengeEnrolment(
  ctx: IdentityContext,
  input: { challengeToken: string; code: string },
  client: SignInClient,
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const { challenge, user } = await openChallenge(ctx, input.challengeToken, 'enrol');
  const { recoveryCodes } = await confirmEnrolment(ctx, user.id, input.code, client, (trx) =>
    spendChallenge(trx, challenge.id),
  );
  const signedIn = await finishSignIn(ctx, user, client, challenge.source, new Date());
  return { ...signedIn, recoveryCodes };
}
