// The operators and key information sheets (issue 25, item 6), answered by the plans service.
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import {
  KeyInformationInput,
  KeyInformationQuery,
  KeyInformationSheet,
  KeyInformationVersion,
  KeyInformationVersionsQuery,
  Operator,
  OperatorInput,
  OperatorListQuery,
} from './key-information.ts';

export const keyInformationOperations = ownedBy('plans', {
  operators: {
    method: 'get',
    path: '/api/admin/operators',
    summary: 'Operators (farms, cooperatives) by name, one page (total in X-Total-Count)',
    tag: 'Admin: plans',
    auth: 'admin',
    query: OperatorListQuery,
    paged: true,
    response: z.array(Operator),
  },
  createOperator: {
    method: 'post',
    path: '/api/admin/operators',
    summary: 'Record an operator with its past seasons',
    tag: 'Admin: plans',
    auth: 'admin',
    body: OperatorInput,
    response: Operator,
    status: 201,
  },
  operator: {
    method: 'get',
    path: '/api/admin/operators/{id}',
    summary: 'One operator with its past seasons',
    tag: 'Admin: plans',
    auth: 'admin',
    response: Operator,
  },
  updateOperator: {
    method: 'put',
    path: '/api/admin/operators/{id}',
    summary: 'Edit an operator; the past seasons sent replace the recorded ones',
    tag: 'Admin: plans',
    auth: 'admin',
    body: OperatorInput,
    response: Operator,
  },
  keyInformation: {
    method: 'get',
    path: '/api/plans/{id}/key-information',
    errors: { 404: 'The plan has no key information sheet (or no such version)' },
    summary:
      "A plan's key information sheet (the current version, or ?version=N), with the operator's past seasons and what is still missing",
    tag: 'Plans',
    auth: 'public',
    query: KeyInformationQuery,
    response: KeyInformationSheet,
  },
  keyInformationVersions: {
    method: 'get',
    path: '/api/admin/plans/{id}/key-information/versions',
    summary:
      "Every published version of a plan's key information sheet with the admin who published it, newest first, one page (total in X-Total-Count)",
    tag: 'Admin: plans',
    auth: 'admin',
    query: KeyInformationVersionsQuery,
    paged: true,
    response: z.array(KeyInformationVersion),
  },
  publishKeyInformation: {
    method: 'put',
    path: '/api/admin/plans/{id}/key-information',
    errors: { 404: 'No such operator' },
    summary:
      'Publish a new version of the plan’s key information sheet (earlier versions stay as they were); investors acknowledge the new one',
    tag: 'Admin: plans',
    auth: 'admin',
    body: KeyInformationInput,
    response: KeyInformationSheet,
  },
});
