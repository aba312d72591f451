// The proof of reserves as every remote reads it (docs/decisions/0082): the published root and the reserves beside
// it (public), and the signed-in investor's own proof. By package name, not './api.ts': a remote that bundles this
// module then adds its calls to the shell's one API (download.ts says the same of its own import).
import type { LiabilityProof } from '@cropvest/contracts/chain/proof';
import type { ProofOfReservesReport } from '@cropvest/contracts/chain/reserves';
import { reserveOperations } from '@cropvest/contracts/browser-operations';
import { api, operationRequest } from '@cropvest/web-kit';

export const proofOfReservesApi = api.injectEndpoints({
  endpoints: (build) => ({
    proofOfReserves: build.query<ProofOfReservesReport, void>({
      query: () => operationRequest(reserveOperations.proofOfReserves),
      providesTags: ['Reserves'],
    }),
    // Asked for when the investor wants it (it carries their secret nonce), never kept past the day's build.
    myLiabilityProof: build.query<LiabilityProof, void>({
      query: () => operationRequest(reserveOperations.myReserveInclusion),
      providesTags: ['Reserves'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useProofOfReservesQuery, useLazyMyLiabilityProofQuery } = proofOfReservesApi;
