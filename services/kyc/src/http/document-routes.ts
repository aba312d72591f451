import { handlers } from '@cropvest/service-kit/operations';
import { uploadHandler } from '@cropvest/service-kit/uploads';
import * as submissions from '../app/kyc.ts';
import { KYC_BUCKET } from '../app/documents.ts';
import type { KycContext } from '../app/context.ts';

/** KYC documents: their upload address (the kit's upload handler for the bucket KYC owns) and the admin's links. */
export const documentRoutes = (kyc: KycContext) =>
  handlers('kyc', {
    uploadKycDocument: {
      middleware: [
        uploadHandler({
          db: kyc.db,
          store: kyc.store,
          secret: kyc.config.UPLOAD_TOKEN_SECRET,
          bucket: KYC_BUCKET,
        }),
      ],
    },
    // The links are short-lived: no cache may keep them past their expiry.
    kycDocuments: ({ ctx, id }) => {
      ctx.set('Cache-Control', 'no-store');
      return submissions.documentLinks(kyc, id);
    },
  });
