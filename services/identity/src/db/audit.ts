import type { AuditLog, AuditLogQuery, EventData, EventEnvelope } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit';

interface AuditRow {
  id: string;
  admin_id: string;
  action: AuditLog['action'];
  target_id: string | null;
  target_type: string | null;
  details: Record<string, unknown>;
  ip_address: string | null;
  created_at: Date;
}

export async function insertAuditLog(
  trx: Knex.Transaction,
  event: EventEnvelope<EventData<'audit.recorded'>>,
): Promise<void> {
  await trx('audit_logs')
    .insert({
      id: event.id,
      admin_id: event.data.adminId,
      action: event.data.action,
      target_id: event.data.targetId,
      target_type: event.data.targetType,
      details: JSON.stringify(event.data.details),
      ip_address: event.data.ipAddress,
      source: event.source,
      created_at: event.occurredAt,
    })
    .onConflict('id')
    .ignore();
}

export async function queryAuditLogs(
  db: Knex,
  query: AuditLogQuery,
): Promise<{ items: AuditLog[]; total: number }> {
  const filtered = db<AuditRow>('audit_logs').modify((q) => {
    if (query.adminId) q.where('admin_id', query.adminId);
    if (query.action) q.where('action', query.action);
    if (query.targetType) q.where('target_type', query.targetType);
    if (query.targetId) q.where('target_id', query.targetId);
    if (query.from) q.where('created_at', '>=', query.from);
    if (query.to) q.where('created_at', '<=', query.to);
  });
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    filtered
      .clone()
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    filtered.clone().count<{ total: number }[]>({ total: '*' }),
  ]);
  return {
    total: Number(total),
    items: (rows as AuditRow[]).map((row) => ({
      id: row.id,
      adminId: row.admin_id,
      action: row.action,
      targetId: row.target_id,
      targetType: row.target_type,
      details: row.details,
      ipAddress: row.ip_address,
      createdAt: row.created_at.toISOString(),
    })),
  };
}
