// Suitability answers (decision 0094), answered by the plans service: the investor's latest answers with the loss
// capacity they give and whether investing needs them (`required`, the setting), and a new version of them. The
// invest dialog asks them before a first investment; Profile & Settings shows and updates them.
import type { SuitabilityRequest, SuitabilityStatus } from '@cropvest/contracts/suitability';
import { api } from '@cropvest/web-kit';

export const suitabilityApi = api.enhanceEndpoints({ addTagTypes: ['Suitability'] }).injectEndpoints({
  endpoints: (build) => ({
    suitability: build.query<SuitabilityStatus, void>({
      query: () => 'suitability',
      providesTags: ['Suitability'],
    }),
    answerSuitability: build.mutation<SuitabilityStatus, SuitabilityRequest>({
      query: (body) => ({ url: 'suitability', method: 'PUT', body }),
      invalidatesTags: ['Suitability'],
    }),
  }),
});

export const { useSuitabilityQuery, useAnswerSuitabilityMutation } = suitabilityApi;
