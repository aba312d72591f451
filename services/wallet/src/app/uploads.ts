// The spec's one ticket desk, POST /api/objects/upload, and the deposit-proof bucket the wallet owns. Each bucket's
// owner issues and accepts its own tickets, signed with its own secret: the wallet signs deposit-proof tickets and
// asks plans and KYC for theirs over their ticket commands. docs/decisions/0002-uploads.md explains the routing.
import {
  KYC_DOCUMENT_TICKET_SUBJECT,
  PLAN_IMAGE_TICKET_SUBJECT,
  UploadTicket,
  type UploadPurpose,
  type UploadTicketCommand,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { sendCommand } from '@cropvest/service-kit/bus';
import { DOCUMENT_TYPES, issueUploadTicket, type UploadRule } from '@cropvest/service-kit/uploads';
import type { WalletContext } from './context.ts';

/** Deposit proofs: an image or a PDF of at most 5 MB, private (read through short-lived links only). */
export const DEPOSIT_PROOF_UPLOADS = {
  bucket: 'deposit-proofs',
  maxBytes: 5 * 1024 * 1024,
  types: DOCUMENT_TYPES,
} as const satisfies UploadRule;

/** The owners of the other buckets, asked on the bus. */
const TICKET_SUBJECTS: Record<Exclude<UploadPurpose, 'deposit-proof'>, string> = {
  'plan-image': PLAN_IMAGE_TICKET_SUBJECT,
  'kyc-document': KYC_DOCUMENT_TICKET_SUBJECT,
};

/** Without a purpose: an admin's ticket is for a plan image (the spec's only caller), an investor's for a deposit proof. */
export async function issueTicket(
  ctx: WalletContext,
  user: AuthUser,
  purpose: UploadPurpose | undefined,
): Promise<UploadTicket> {
  const chosen = purpose ?? (user.role === 'admin' ? 'plan-image' : 'deposit-proof');
  const requester: UploadTicketCommand = { userId: user.id, role: user.role };
  if (chosen === 'deposit-proof')
    return issueUploadTicket({
      secret: ctx.config.UPLOAD_TOKEN_SECRET,
      rule: DEPOSIT_PROOF_UPLOADS,
      requester,
      ttlSeconds: ctx.config.UPLOAD_TOKEN_TTL_SECONDS,
    });
  // The owner checks who may upload there (plan images: admins only, 403 travels back as it is).
  return UploadTicket.parse(await sendCommand<unknown>(ctx.bus.nc, TICKET_SUBJECTS[chosen], requester));
}
