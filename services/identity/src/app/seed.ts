import { randomUUID } from 'node:crypto';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { type Logger } from '@cropvest/service-kit/runtime';
import { hashPassword } from '../domain/passwords.ts';
import type { Role } from '@cropvest/contracts';

/** Creates an account once; an existing account (and its password) is never touched. */
async function ensureAccount(
  events: ServiceEvents,
  db: Knex,
  logger: Logger,
  account: { name: string; email: string; password: string; role: Role },
): Promise<void> {
  const email = account.email.trim().toLowerCase();
  const exists = await db('users').where({ email }).first('id');
  if (exists) return;
  const passwordHash = await hashPassword(account.password);
  const created = await db.transaction(async (trx) => {
    const [row] = await trx('users')
      .insert({
        id: randomUUID(),
        name: account.name,
        email,
        password_hash: passwordHash,
        role: account.role,
      })
      .onConflict('email')
      .ignore()
      .returning<{ id: string }[]>('id');
    // Other services know users from this event (names in admin lists, notification recipients).
    if (row)
      await events.emit(
        trx,
        'user.registered',
        { userId: row.id, name: account.name, email, role: account.role },
        { actorId: null, subjectId: row.id },
      );
    return Boolean(row);
  });
  if (created) logger.info({ email, role: account.role }, 'seeded account');
}

export async function seedAccounts(
  events: ServiceEvents,
  db: Knex,
  logger: Logger,
  config: {
    ADMIN_NAME: string;
    ADMIN_EMAIL: string;
    ADMIN_PASSWORD: string;
    SEED_DEMO_INVESTOR: boolean;
    DEMO_INVESTOR_EMAIL: string;
    DEMO_INVESTOR_PASSWORD: string;
  },
) {
  await ensureAccount(events, db, logger, {
    name: config.ADMIN_NAME,
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    role: 'admin',
  });
  if (config.SEED_DEMO_INVESTOR) {
    await ensureAccount(events, db, logger, {
      name: 'Demo Investor',
      email: config.DEMO_INVESTOR_EMAIL,
      password: config.DEMO_INVESTOR_PASSWORD,
      role: 'investor',
    });
  }
}
