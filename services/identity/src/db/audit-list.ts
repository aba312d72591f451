// The audit trail's admin list and the admins its filter can name: read-only queries of the append-only log that
// db/audit.ts writes (decision 0066), kept apart so http/ may read them (decision 0109).
import type { AuditAdmin, AuditLog, AuditLogQuery } from '@cropvest/contracts';
import { pageOf, type Knex } from '@cropvest/service-kit/db';

const TABLE = 'audit_logs';

interface ListedRow {
  id: string;
  seq: number;
  admin_id: string;
  admin_name: string | null;
  admin_email: string | null;
  action: AuditLog['action'];
  target_id: string | null;
  target_type: string | null;
  details: Record<string, unknown>;
  ip_address: string | null;
  created_at: Date;
  hash: string;
  prev_hash: string;
}

export async function queryAuditLogs(
  db: Knex,
  query: AuditLogQuery,
): Promise<{ items: AuditLog[]; total: number }> {
  const filtered = db(`${TABLE} as a`).modify((q) => {
    if (query.adminId) q.where('a.admin_id', query.adminId);
    if (query.action) q.where('a.action', query.action);
    if (query.targetType) q.where('a.target_type', query.targetType);
    if (query.targetId) q.where('a.target_id', query.targetId);
    if (query.from) q.where('a.created_at', '>=', query.from);
    if (query.to) q.where('a.created_at', '<=', query.to);
  });
  const { items: rows, total } = await pageOf<ListedRow>(
    filtered
      .clone()
      .leftJoin('users as u', 'u.id', 'a.admin_id')
      .select('a.*', 'u.name as admin_name', 'u.email as admin_email')
      .orderBy([
        { column: 'a.created_at', order: 'desc' },
        { column: 'a.id', order: 'desc' },
      ]),
    query,
    filtered,
  );
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      position: row.seq,
      adminId: row.admin_id,
      adminName: row.admin_name,
      adminEmail: row.admin_email,
      action: row.action,
      targetId: row.target_id,
      targetType: row.target_type,
      details: row.details,
      ipAddress: row.ip_address,
      createdAt: row.created_at.toISOString(),
      hash: row.hash,
      prevHash: row.prev_hash,
    })),
  };
}

/**
 * Everyone the admin filter can name: today's admins and anyone who appears in the log (a demoted admin's
 * actions stay theirs). The log's distinct admins come from a skip scan over the (admin_id, created_at) index.
 */
export async function auditAdmins(db: Knex): Promise<AuditAdmin[]> {
  const { rows } = await db.raw<{ rows: AuditAdmin[] }>(`
    WITH RECURSIVE logged(admin_id) AS (
      (SELECT admin_id FROM audit_logs ORDER BY admin_id LIMIT 1)
      UNION ALL
      SELECT (SELECT admin_id FROM audit_logs WHERE admin_id > logged.admin_id ORDER BY admin_id LIMIT 1)
        FROM logged WHERE logged.admin_id IS NOT NULL
    )
    SELECT id, name, email FROM users WHERE role = 'admin'
    UNION
    SELECT u.id, u.name, u.email FROM logged JOIN users u ON u.id = logged.admin_id
     ORDER BY name, email
     LIMIT 500`);
  return rows;
}
