// The service's migrations in the order they run; one file each, named by its number.
import type { Migration } from '@cropvest/service-kit/db';
import { kycSchema } from './001_kyc.ts';
import { adminList } from './002_admin_list.ts';

export const migrations: Migration[] = [kycSchema, adminList];
