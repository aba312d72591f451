// Field reports on a plan's timeline (issue 25, item 7), answered by the plans service.
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import { FieldReport, FieldReportInput, FieldReportQuery, FieldReportVerification } from './field-reports.ts';

export const fieldReportOperations = ownedBy('plans', {
  fieldReports: {
    method: 'get',
    path: '/api/plans/{id}/field-reports',
    summary:
      "A plan's timeline of field reports, newest first, one page (total in X-Total-Count), photos as short-lived links: for anyone who can see the plan (an active plan; a plan one has invested in; every plan for an admin)",
    tag: 'Plans',
    auth: 'public',
    query: FieldReportQuery,
    paged: true,
    response: z.array(FieldReport),
  },
  publishFieldReport: {
    method: 'post',
    path: '/api/admin/plans/{id}/field-reports',
    errors: {
      404: 'The report it corrects is not a report of this plan',
      409: 'A photo was already published in a report',
    },
    summary:
      "Publish a field report on a plan's timeline (stage, text, plan-image uploads as photos); immutable once published, its hashes audited; the plan's investors are notified, and mailed for an adverse event",
    tag: 'Admin: plans',
    auth: 'admin',
    body: FieldReportInput,
    response: FieldReport,
    status: 201,
  },
  fieldReportVerification: {
    method: 'get',
    path: '/api/admin/field-reports/{id}/verification',
    summary:
      "Recompute a field report's text and photo hashes from what is stored now and compare them with its audit entry in the hash chain",
    tag: 'Admin: plans',
    auth: 'admin',
    response: FieldReportVerification,
  },
});
