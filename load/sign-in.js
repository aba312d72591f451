// Investors signing in: setup() registers the accounts this run uses, each iteration signs one in and reads who
// it is. Sign-in checks a password hash (argon2id) on purpose: this is the costliest public call.
import { check } from 'k6';
import { COMMON_THRESHOLDS, get, registerInvestor, signIn } from './lib/cropvest.js';

const ACCOUNTS = Number(__ENV.ACCOUNTS || 50);

export const options = {
  scenarios: {
    sign_ins: {
      executor: 'constant-arrival-rate',
      rate: 20,
      timeUnit: '1s',
      duration: '3m',
      preAllocatedVUs: 50,
    },
  },
  thresholds: { ...COMMON_THRESHOLDS, 'http_req_duration{name:sign in}': ['p(95)<500'] },
};

export function setup() {
  return { accounts: Array.from({ length: ACCOUNTS }, (_, n) => registerInvestor('sign-in', n)) };
}

export default function (data) {
  const account = data.accounts[Math.floor(Math.random() * data.accounts.length)];
  const token = signIn(account.email, account.password);
  check(get('/api/auth/me', token), {
    'knows who signed in': (r) => r.status === 200 && r.json('email') === account.email,
  });
}
