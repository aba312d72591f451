// The anti-phishing code (docs/decisions/0098): read and set (or removed) under its own tag, so the card shows the
// new code at once.
import type { AntiPhishingCodeState, AntiPhishingCodeUpdate } from '@cropvest/contracts/anti-phishing';
import { api } from '@cropvest/web-kit';

export const antiPhishingApi = api.enhanceEndpoints({ addTagTypes: ['AntiPhishingCode'] }).injectEndpoints({
  endpoints: (build) => ({
    antiPhishingCode: build.query<AntiPhishingCodeState, void>({
      query: () => 'auth/anti-phishing-code',
      providesTags: ['AntiPhishingCode'],
    }),
    setAntiPhishingCode: build.mutation<AntiPhishingCodeState, AntiPhishingCodeUpdate>({
      query: (body) => ({ url: 'auth/anti-phishing-code', method: 'PUT', body }),
      invalidatesTags: ['AntiPhishingCode'],
    }),
  }),
});

export const { useAntiPhishingCodeQuery, useSetAntiPhishingCodeMutation } = antiPhishingApi;
