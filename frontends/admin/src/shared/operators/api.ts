// The operators' calls (decision 0092), answered by the plans service: one server page of operators by name (total
// in X-Total-Count), one operator, and recording or editing one with its past seasons. A plan's key information
// sheet shows its operator, so an edit also refreshes the sheets ('KeyInformation').
import type { PageQuery } from '@cropvest/contracts/common';
import type { Operator, OperatorInput } from '@cropvest/contracts/key-information';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

const LIST = { type: 'Operators' as const, id: 'LIST' };

export const operatorsApi = api
  .enhanceEndpoints({ addTagTypes: ['Operators', 'KeyInformation'] })
  .injectEndpoints({
    endpoints: (build) => ({
      operators: build.query<Paged<Operator>, PageQuery>({
        query: ({ page, pageSize }) => ({ url: 'admin/operators', params: { page, pageSize } }),
        transformResponse: (items: Operator[], meta) => toPaged(items, meta),
        providesTags: (result) => [
          ...(result?.items ?? []).map((operator) => ({ type: 'Operators' as const, id: operator.id })),
          LIST,
        ],
      }),
      createOperator: build.mutation<Operator, OperatorInput>({
        query: (body) => ({ url: 'admin/operators', method: 'POST', body }),
        invalidatesTags: [LIST],
      }),
      updateOperator: build.mutation<Operator, { id: string; body: OperatorInput }>({
        query: ({ id, body }) => ({ url: ['admin', 'operators', id], method: 'PUT', body }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'Operators', id }, LIST, 'KeyInformation'],
      }),
    }),
  });

export const { useOperatorsQuery, useCreateOperatorMutation, useUpdateOperatorMutation } = operatorsApi;
