// The service's migrations in the order they run; one file each, named by its number.
import type { Migration } from '@cropvest/service-kit/db';
import { supportSchema } from './001_support.ts';
import { faqSchema } from './002_faq.ts';
import { ticketAdminList } from './003_admin_list.ts';

export const migrations: Migration[] = [supportSchema, faqSchema, ticketAdminList];
