// Funded investors asking for withdrawals, each approved by the admin (the amount is held from the request and
// paid out at the approval; below the second-approval threshold one admin suffices).
import { check } from 'k6';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  COMMON_THRESHOLDS,
  WITHDRAWAL_ADDRESS,
  fund,
  registerInvestor,
  send,
  signIn,
  verify,
  walletKnowsKyc,
} from './lib/cropvest.js';

const INVESTORS = Number(__ENV.INVESTORS || 20);

export const options = {
  scenarios: {
    withdrawals: {
      executor: 'constant-arrival-rate',
      rate: 5,
      timeUnit: '1s',
      duration: '3m',
      preAllocatedVUs: 20,
    },
  },
  thresholds: {
    ...COMMON_THRESHOLDS,
    'http_req_duration{name:withdrawal request}': ['p(95)<500'],
    'http_req_duration{name:withdrawal approval}': ['p(95)<500'],
  },
};

export function setup() {
  const admin = signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    admin,
    investors: Array.from({ length: INVESTORS }, (_, n) => {
      const investor = registerInvestor('withdrawal', n);
      // Two deposits below the four-eyes threshold (10,000): one admin approves each.
      fund(investor.token, admin, '5000');
      fund(investor.token, admin, '5000');
      verify(investor, admin, walletKnowsKyc(investor.token));
      return investor;
    }),
  };
}

export default function (data) {
  const { token } = data.investors[Math.floor(Math.random() * data.investors.length)];
  const withdrawal = send(
    'POST',
    '/api/withdrawals',
    token,
    { amount: '10', walletAddress: WITHDRAWAL_ADDRESS },
    { name: 'withdrawal request' },
  );
  if (
    !check(withdrawal, { 'withdrawal requested': (r) => r.status === 201 && r.json('status') === 'pending' })
  )
    return;
  const approval = send(
    'PUT',
    `/api/admin/withdrawals/${withdrawal.json('id')}/status`,
    data.admin,
    { status: 'approved' },
    { name: 'withdrawal approval' },
  );
  check(approval, { 'withdrawal approved': (r) => r.status === 200 && r.json('status') === 'approved' });
}
