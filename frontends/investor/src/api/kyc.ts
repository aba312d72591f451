// The investor's KYC calls (spec section 7; decision 0120), each built from its operation in the contracts: the
// latest own submission (an empty object means none), every submission and submitting one. A review reaches the
// investor as a notification, so the live stream's refresh of the notification list (its tag) reads the submission
// again and the banner changes without a reload.
import type { PageQuery } from '@cropvest/contracts/common';
import type { KycRecord, KycSubmitRequest } from '@cropvest/contracts/kyc/model';
import { kycOperations } from '@cropvest/contracts/browser-operations';
import { api, cacheTags, operationRequest, toPaged, type Paged } from '@cropvest/web-kit';
import { NOTIFICATION_LIST_TAG } from '@cropvest/web-kit/notification-stream';

type MyKycBody = KycRecord | Record<string, never>;
const isSubmission = (body: MyKycBody): body is KycRecord => 'id' in body;

const MY_KYC = cacheTags('Kyc').one('MINE');

export const kycApi = api.injectEndpoints({
  endpoints: (build) => ({
    myKyc: build.query<KycRecord | null, void>({
      query: () => operationRequest(kycOperations.myKyc),
      transformResponse: (body: MyKycBody) => (isSubmission(body) ? body : null),
      providesTags: [MY_KYC, NOTIFICATION_LIST_TAG],
    }),
    // Every submission, newest first: the ones before the latest keep their review (history).
    myKycSubmissions: build.query<Paged<KycRecord>, PageQuery>({
      query: (query) => operationRequest(kycOperations.myKycSubmissions, { query }),
      transformResponse: (items: KycRecord[], meta) => toPaged(items, meta),
      providesTags: [MY_KYC, NOTIFICATION_LIST_TAG],
    }),
    submitKyc: build.mutation<KycRecord, KycSubmitRequest>({
      query: (body) => operationRequest(kycOperations.submitKyc, { body }),
      // The account's kycStatus (auth/me) changes with it.
      invalidatesTags: [MY_KYC, 'User'],
    }),
  }),
});

export const { useMyKycQuery, useMyKycSubmissionsQuery, useSubmitKycMutation } = kycApi;
