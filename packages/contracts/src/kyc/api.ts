// The KYC service's operations: an investor's own submission, and the admin review with document links.
import { ownedBy } from '../api-operation.ts';
import { ListQuery } from '../common.ts';
import { UploadResult } from '../wallet/model.ts';
import {
  AdminKycCounts,
  AdminKycCountsQuery,
  AdminKycList,
  AdminKycQuery,
  AdminKycRecord,
  KycDocumentLinks,
  KycRecord,
  KycReviewRequest,
  KycSubmitFields,
  KycSubmitRequest,
  MyKyc,
  MyKycSubmissions,
} from './model.ts';

export const kycOperations = ownedBy('kyc', {
  myKyc: {
    method: 'get',
    path: '/api/kyc',
    summary: 'My latest KYC submission, or {} when none',
    tag: 'KYC',
    auth: 'user',
    response: MyKyc,
  },
  myKycSubmissions: {
    method: 'get',
    path: '/api/kyc/submissions',
    summary: 'My KYC submissions, newest first: every earlier one is kept with its review',
    tag: 'KYC',
    auth: 'user',
    query: ListQuery,
    paged: true,
    response: MyKycSubmissions,
  },
  submitKyc: {
    method: 'post',
    path: '/api/kyc',
    errors: { 409: 'A submission is already under review or approved' },
    summary:
      'Submit identity data and documents (objectPaths of kyc-document uploads from POST /api/objects/upload)',
    tag: 'KYC',
    auth: 'user',
    body: KycSubmitRequest,
    documentedBody: KycSubmitFields,
    response: KycRecord,
    status: 201,
  },
  adminKyc: {
    method: 'get',
    path: '/api/admin/kyc',
    summary:
      'Submissions with their user, one page (total in X-Total-Count): q searches the full name, the email and the ID number; filtered by status; sorted (newest first by default)',
    tag: 'Admin: KYC',
    auth: 'admin',
    query: AdminKycQuery,
    paged: true,
    response: AdminKycList,
  },
  adminKycCounts: {
    method: 'get',
    path: '/api/admin/kyc/counts',
    summary: 'How many submissions matching q are in each status',
    tag: 'Admin: KYC',
    auth: 'admin',
    query: AdminKycCountsQuery,
    response: AdminKycCounts,
  },
  kycDocuments: {
    method: 'get',
    path: '/api/admin/kyc/{id}/documents',
    summary:
      "Short-lived links to the submission's documents (front, back when given, selfie, proof of address)",
    tag: 'Admin: KYC',
    auth: 'admin',
    response: KycDocumentLinks,
  },
  reviewKyc: {
    method: 'put',
    path: '/api/admin/kyc/{id}/status',
    errors: { 409: 'The submission was already reviewed' },
    summary: 'Approve or reject a pending submission',
    tag: 'Admin: KYC',
    auth: 'admin',
    body: KycReviewRequest,
    response: AdminKycRecord,
  },
  uploadKycDocument: {
    method: 'put',
    path: '/api/uploads/kyc-documents/{token}',
    errors: { 403: 'The upload link is not valid or has expired', 409: 'This upload link was already used' },
    summary:
      'Upload a KYC document (image or PDF, at most 10 MB) with the token from /api/objects/upload (purpose kyc-document)',
    tag: 'Uploads',
    auth: 'public',
    response: UploadResult,
  },
});
