// The owner's anti-phishing code (docs/decisions/0098-withdrawal-holds-and-anti-phishing-code.md). Notify alone
// learns it (`user.anti_phishing_code_changed`), puts it in every mail to the account and tells the owner of each
// change. It is never logged and never shown to anyone but its owner.
import type { AntiPhishingCodeState } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { inTransaction } from '@cropvest/service-kit/db';
import { UnauthorizedError } from '@cropvest/service-kit/errors';
import { checkOwnPassword } from './auth.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

interface CodeRow {
  anti_phishing_code: string | null;
  anti_phishing_code_set_at: Date | null;
}

const toState = (row: CodeRow): AntiPhishingCodeState => ({
  code: row.anti_phishing_code,
  setAt: row.anti_phishing_code_set_at?.toISOString() ?? null,
});

export async function ownAntiPhishingCode(
  ctx: IdentityContext,
  caller: AuthUser,
): Promise<AntiPhishingCodeState> {
  const row = await ctx
    .db('users')
    .where({ id: caller.id })
    .first<CodeRow | undefined>('anti_phishing_code', 'anti_phishing_code_set_at');
  if (!row) throw new UnauthorizedError('Your account no longer exists', 'USER_NOT_FOUND');
  return toState(row);
}

/** Sets, changes or (null) removes the code once the password is right; the same code again changes nothing. */
export async function setOwnAntiPhishingCode(
  ctx: IdentityContext,
  caller: AuthUser,
  input: { code: string | null; currentPassword: string },
  meta: RequestMeta,
): Promise<AntiPhishingCodeState> {
  await checkOwnPassword(ctx, caller.id, input.currentPassword, meta, new Date());
  return inTransaction(ctx, async (trx) => {
    const before = await trx('users')
      .where({ id: caller.id })
      .forUpdate()
      .first<CodeRow | undefined>('anti_phishing_code', 'anti_phishing_code_set_at');
    if (!before) throw new UnauthorizedError('Your account no longer exists', 'USER_NOT_FOUND');
    if (before.anti_phishing_code === input.code) return toState(before);
    const [after] = (await trx('users')
      .where({ id: caller.id })
      .update({
        anti_phishing_code: input.code,
        anti_phishing_code_set_at: input.code === null ? null : trx.fn.now(),
        updated_at: trx.fn.now(),
      })
      .returning(['anti_phishing_code', 'anti_phishing_code_set_at'])) as CodeRow[];
    await ctx.events.emit(
      trx,
      'user.anti_phishing_code_changed',
      { userId: caller.id, code: input.code, ipAddress: meta.ip },
      { actorId: caller.id, subjectId: caller.id, traceparent: meta.traceparent },
    );
    return toState(after as CodeRow);
  });
}
