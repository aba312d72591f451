// Investors request deposits while an admin approves them: both sides of the money path into the platform.
import { check } from 'k6';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  COMMON_THRESHOLDS,
  registerInvestor,
  send,
  signIn,
} from './lib/cropvest.js';

const INVESTORS = Number(__ENV.INVESTORS || 20);

export const options = {
  scenarios: {
    deposits: {
      executor: 'constant-arrival-rate',
      rate: 10,
      timeUnit: '1s',
      duration: '3m',
      preAllocatedVUs: 30,
    },
  },
  thresholds: {
    ...COMMON_THRESHOLDS,
    'http_req_duration{name:deposit request}': ['p(95)<500'],
    'http_req_duration{name:deposit approval}': ['p(95)<500'],
  },
};

export function setup() {
  return {
    admin: signIn(ADMIN_EMAIL, ADMIN_PASSWORD),
    investors: Array.from({ length: INVESTORS }, (_, n) => registerInvestor('deposit', n)),
  };
}

export default function (data) {
  const { token } = data.investors[Math.floor(Math.random() * data.investors.length)];
  const deposit = send(
    'POST',
    '/api/deposits',
    token,
    // No transaction id: the admin's approval path, without sending the chain after transactions no chain has.
    { amount: '25.5' },
    { name: 'deposit request' },
  );
  if (!check(deposit, { 'deposit requested': (r) => r.status === 201 && r.json('status') === 'pending' }))
    return;
  const approval = send(
    'PUT',
    `/api/admin/deposits/${deposit.json('id')}/status`,
    data.admin,
    { status: 'approved' },
    { name: 'deposit approval' },
  );
  check(approval, { 'deposit approved': (r) => r.status === 200 && r.json('status') === 'approved' });
}
