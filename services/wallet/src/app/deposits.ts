// Deposits: an investor declares one (pending), an admin approves it (credited exactly once) or rejects it.
import { v7 as uuidv7 } from 'uuid';
import type {
  AdminDeposit,
  AdminTransferCounts,
  AdminTransferListQuery,
  Deposit,
  DepositRequest,
  DepositStatusUpdate,
  PageQuery,
  ProofLink,
} from '@cropvest/contracts';
import {
  BadRequestError,
  ConflictError,
  emit,
  NotFoundError,
  ownedBy,
  type AuthUser,
  type Page,
} from '@cropvest/service-kit';
import {
  objectExists,
  parseObjectPath,
  privateObjectLink,
  uploadedObject,
} from '@cropvest/service-kit/uploads';
import { transferKeys } from '../domain/reviews.ts';
import {
  countAdminDeposits,
  findAdminDeposit,
  findDeposit,
  insertDeposit,
  listAdminDeposits,
  listUserDeposits,
  toDeposit,
} from '../db/transfer-requests.ts';
import { reviewPendingRequest } from './pending-review.ts';
import { inTransaction, type RequestMeta, type WalletContext } from './context.ts';
import { DEPOSIT_PROOF_UPLOADS } from './uploads.ts';

export async function myDeposits(
  ctx: WalletContext,
  user: AuthUser,
  query: PageQuery,
): Promise<Page<Deposit>> {
  const page = await listUserDeposits(ctx.db, user.id, query);
  return { ...page, items: page.items.map(toDeposit) };
}
export const adminDeposits = (
  ctx: WalletContext,
  query: AdminTransferListQuery,
): Promise<Page<AdminDeposit>> => listAdminDeposits(ctx.db, query);
export const depositCounts = (ctx: WalletContext, q: string | undefined): Promise<AdminTransferCounts> =>
  countAdminDeposits(ctx.db, q);

/** The proof must be an object this user uploaded with a deposit-proof ticket (objectPath, or the uploadURL). */
async function resolveProof(ctx: WalletContext, user: AuthUser, screenshotUrl: string): Promise<string> {
  const upload = await uploadedObject(ctx.config.UPLOAD_TOKEN_SECRET, screenshotUrl);
  if (upload.kind === 'unsigned-address')
    throw new BadRequestError('screenshotUrl is not an upload address this platform issued', 'INVALID_PROOF');
  if (
    upload.kind !== 'object' ||
    upload.bucket !== DEPOSIT_PROOF_UPLOADS.bucket ||
    upload.ownerId !== user.id
  ) {
    throw new BadRequestError(
      'screenshotUrl must be the objectPath of a proof you uploaded through /api/objects/upload',
      'INVALID_PROOF',
    );
  }
  if (!(await objectExists(ctx.store, upload.bucket, upload.key)))
    throw new BadRequestError(
      'The proof file was not uploaded yet; upload it, then submit the deposit',
      'PROOF_MISSING',
    );
  return upload.path;
}

const uniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === constraint;

export async function createDeposit(
  ctx: WalletContext,
  user: AuthUser,
  input: DepositRequest,
): Promise<Deposit> {
  const screenshotUrl = input.screenshotUrl ? await resolveProof(ctx, user, input.screenshotUrl) : null;
  try {
    const row = await inTransaction(ctx, (trx) =>
      insertDeposit(trx, {
        id: uuidv7(),
        user_id: user.id,
        amount: input.amount,
        txid: input.txid,
        screenshot_url: screenshotUrl,
      }),
    );
    return toDeposit(row);
  } catch (error) {
    if (uniqueViolation(error, 'deposits_txid_claimed'))
      throw new ConflictError(
        'This transaction id has already been claimed by another deposit',
        'TXID_CLAIMED',
      );
    if (uniqueViolation(error, 'deposits_screenshot_once'))
      throw new ConflictError('This proof is already attached to another deposit', 'PROOF_ALREADY_USED');
    throw error;
  }
}

/** Approve (credits the available balance once) or reject a pending deposit; a second review is refused with 409. */
export async function reviewDeposit(
  ctx: WalletContext,
  admin: AuthUser,
  id: string,
  review: DepositStatusUpdate,
  meta: RequestMeta,
): Promise<AdminDeposit> {
  await reviewPendingRequest(ctx, admin, id, review, meta, {
    kind: 'deposit',
    announce: (trx, deposit, eventMeta) =>
      review.status === 'approved'
        ? emit(
            trx,
            'deposit.approved',
            { depositId: id, userId: deposit.user_id, amount: deposit.amount, approvedBy: admin.id },
            eventMeta,
          )
        : emit(
            trx,
            'deposit.rejected',
            {
              depositId: id,
              userId: deposit.user_id,
              amount: deposit.amount,
              rejectionReason: review.rejectionReason,
              rejectedBy: admin.id,
            },
            eventMeta,
          ),
    movement:
      review.status === 'approved'
        ? { key: transferKeys.depositCredit(id), kind: 'deposit', from: 'deposits_inflow', to: 'available' }
        : null,
  });
  return (await findAdminDeposit(ctx.db, id)) as AdminDeposit;
}

/** A short-lived link to view a deposit's proof: its owner or an admin only (others get 404). */
export async function proofLink(ctx: WalletContext, user: AuthUser, id: string): Promise<ProofLink> {
  const deposit = ownedBy(await findDeposit(ctx.db, id), user, 'Deposit');
  const parsed = deposit.screenshot_url ? parseObjectPath(deposit.screenshot_url) : null;
  if (!parsed) throw new NotFoundError('This deposit has no proof attached', 'NO_PROOF');
  const [link, stat] = await Promise.all([
    privateObjectLink(ctx.linkStore, parsed.bucket, parsed.key, ctx.config.PROOF_LINK_TTL_SECONDS),
    ctx.store.statObject(parsed.bucket, parsed.key),
  ]);
  const contentType = (stat.metaData as Record<string, string | undefined>)['content-type'] ?? null;
  return { ...link, contentType };
}
