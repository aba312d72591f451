// Audit Logs' calls: one server page of the filtered trail, the chain check and the admins the filter can name.
// Entries arrive from every service through the bus, so each is read afresh whenever the screen opens.
import type {
  AuditAdmin,
  AuditChainVerification,
  AuditLogPage,
  AuditLogQuery,
} from '@cropvest/contracts/audit';
import { api } from '@cropvest/web-kit';

export type AuditListArgs = Partial<AuditLogQuery> & Pick<AuditLogQuery, 'page' | 'pageSize'>;

const TRAIL = { type: 'AuditLogs' as const, id: 'LIST' };

export const auditApi = api.enhanceEndpoints({ addTagTypes: ['AuditLogs'] }).injectEndpoints({
  endpoints: (build) => ({
    auditLogs: build.query<AuditLogPage, AuditListArgs>({
      query: (args) => ({ url: 'admin/audit-logs', params: { ...args } }),
      providesTags: [TRAIL],
    }),
    auditVerification: build.query<AuditChainVerification, void>({
      query: () => 'admin/audit-logs/verification',
      providesTags: [TRAIL],
    }),
    auditAdmins: build.query<AuditAdmin[], void>({
      query: () => 'admin/audit-logs/admins',
      providesTags: [TRAIL],
    }),
  }),
});

export const { useAuditLogsQuery, useAuditVerificationQuery, useAuditAdminsQuery } = auditApi;

/** Reads the trail again (the Refresh button): list, check and admins together. */
export const refreshTrail = () => auditApi.util.invalidateTags([TRAIL]);
