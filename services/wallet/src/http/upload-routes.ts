import { handlers } from '@cropvest/service-kit/operations';
import { uploadHandler } from '@cropvest/service-kit/uploads';
import * as uploads from '../app/uploads.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * Upload tickets (the wallet signs deposit-proof tickets and asks plans and KYC for theirs) and the PUT of a
 * deposit proof to its ticket's address, the body streamed to the bucket the wallet owns.
 */
export const uploadRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    uploadTicket: ({ actor, body }) => uploads.issueTicket(wallet, actor, body.purpose),
    uploadDepositProof: {
      middleware: [
        uploadHandler({
          db: wallet.db,
          store: wallet.store,
          secret: wallet.config.UPLOAD_TOKEN_SECRET,
          bucket: uploads.DEPOSIT_PROOF_UPLOADS.bucket,
        }),
      ],
    },
  });
