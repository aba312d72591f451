// A plan's field reports (decision 0093), answered by the plans service: one server page of the plan's timeline,
// newest first (total in X-Total-Count; photos as short-lived links), publishing a report, and a report's
// verification against its hash-chained audit entry, asked afresh each time (never cached: it recomputes hashes
// from what is stored now).
import type {
  FieldReport,
  FieldReportInput,
  FieldReportVerification,
} from '@cropvest/contracts/field-reports';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

export interface TimelineArgs {
  planId: string;
  page: number;
  pageSize: number;
}

export const fieldReportsApi = api.enhanceEndpoints({ addTagTypes: ['FieldReports'] }).injectEndpoints({
  endpoints: (build) => ({
    fieldReports: build.query<Paged<FieldReport>, TimelineArgs>({
      query: ({ planId, page, pageSize }) => ({
        url: ['plans', planId, 'field-reports'],
        params: { page, pageSize },
      }),
      transformResponse: (items: FieldReport[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => [{ type: 'FieldReports', id: planId }],
    }),
    publishFieldReport: build.mutation<FieldReport, { planId: string; body: FieldReportInput }>({
      query: ({ planId, body }) => ({
        url: ['admin', 'plans', planId, 'field-reports'],
        method: 'POST',
        body,
      }),
      // The investors' My Investments shows each plan's newest report.
      invalidatesTags: (_result, _error, { planId }) => [
        { type: 'FieldReports', id: planId },
        { type: 'Investments', id: 'LIST' },
      ],
    }),
    fieldReportVerification: build.query<FieldReportVerification, string>({
      query: (reportId) => ({ url: ['admin', 'field-reports', reportId, 'verification'] }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useFieldReportsQuery, usePublishFieldReportMutation, useFieldReportVerificationQuery } =
  fieldReportsApi;
