// The service's migrations in the order they run; one file each, named by its number.
import type { Migration } from '@cropvest/service-kit/db';
import { notifySchema } from './001_notify.ts';
import { adminHistory } from './002_admin_history.ts';
import { mailOutboxOrder } from './003_mail_outbox_order.ts';
import { antiPhishingCodes } from './004_anti_phishing_codes.ts';
import { freezeLinks } from './005_freeze_links.ts';

export const migrations: Migration[] = [
  notifySchema,
  adminHistory,
  mailOutboxOrder,
  antiPhishingCodes,
  freezeLinks,
];
