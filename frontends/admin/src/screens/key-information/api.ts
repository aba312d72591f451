// A plan's key information sheet (decision 0092), answered by the plans service: one server page of its published
// versions, newest first, each with who published it (the newest is the current one), and publishing a new version.
// The plan carries its current version and completeness, so a publication refreshes the plan too ('Plans').
import type {
  KeyInformationInput,
  KeyInformationSheet,
  KeyInformationVersion,
} from '@cropvest/contracts/key-information';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

export interface VersionsArgs {
  planId: string;
  page: number;
  pageSize: number;
}

export const keyInformationApi = api.enhanceEndpoints({ addTagTypes: ['KeyInformation'] }).injectEndpoints({
  endpoints: (build) => ({
    keyInformationVersions: build.query<Paged<KeyInformationVersion>, VersionsArgs>({
      query: ({ planId, page, pageSize }) => ({
        url: ['admin', 'plans', planId, 'key-information', 'versions'],
        params: { page, pageSize },
      }),
      transformResponse: (items: KeyInformationVersion[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => [{ type: 'KeyInformation', id: planId }],
    }),
    publishKeyInformation: build.mutation<KeyInformationSheet, { planId: string; body: KeyInformationInput }>(
      {
        query: ({ planId, body }) => ({
          url: ['admin', 'plans', planId, 'key-information'],
          method: 'PUT',
          body,
        }),
        invalidatesTags: (_result, _error, { planId }) => [
          { type: 'KeyInformation', id: planId },
          { type: 'Plans', id: planId },
          { type: 'Plans', id: 'LIST' },
        ],
      },
    ),
  }),
});

export const { useKeyInformationVersionsQuery, usePublishKeyInformationMutation } = keyInformationApi;
