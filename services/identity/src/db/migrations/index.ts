// The service's migrations in the order they run; one file each, named by its number.
import type { Migration } from '@cropvest/service-kit/db';
import { identitySchema } from './001_identity.ts';
import { kycProjection } from './002_kyc_projection.ts';
import { balanceVersion } from './003_balance_version.ts';
import { sessions } from './004_sessions.ts';
import { twoFactor } from './005_two_factor.ts';
import { emailChangeAndLoginAlerts } from './006_email_change_and_login_alerts.ts';
import { auditChain } from './007_audit_chain.ts';
import { testimonials } from './008_testimonials.ts';
import { adminUserList } from './009_admin_user_list.ts';
import { adminUserOrders } from './010_admin_user_orders.ts';
import { antiPhishingCode } from './011_anti_phishing_code.ts';
import { deviceApprovalAndFreeze } from './012_device_approval_and_freeze.ts';

export const migrations: Migration[] = [
  identitySchema,
  kycProjection,
  balanceVersion,
  sessions,
  twoFactor,
  emailChangeAndLoginAlerts,
  auditChain,
  testimonials,
  adminUserList,
  adminUserOrders,
  antiPhishingCode,
  deviceApprovalAndFreeze,
];
