// One new plan bought by many investors at the same moment: slots must never be oversold, every purchase is
// answered, and the plan's remaining slots end where the purchases say.
import { check } from 'k6';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  COMMON_THRESHOLDS,
  createPlan,
  fund,
  get,
  plansKnowKyc,
  registerInvestor,
  send,
  signIn,
  verify,
} from './lib/cropvest.js';

const INVESTORS = Number(__ENV.INVESTORS || 50);

export const options = {
  scenarios: { rush: { executor: 'per-vu-iterations', vus: INVESTORS, iterations: 1, maxDuration: '2m' } },
  thresholds: { ...COMMON_THRESHOLDS, 'http_req_duration{name:buy slots}': ['p(95)<1000'] },
};

export function setup() {
  const admin = signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const planId = createPlan(admin, { title: `Hot plan ${Date.now()}`, totalSlots: INVESTORS * 2 });
  const investors = Array.from({ length: INVESTORS }, (_, n) => {
    const investor = registerInvestor('hot-plan', n);
    fund(investor.token, admin, '100');
    verify(investor, admin, plansKnowKyc(investor.token, planId));
    return investor;
  });
  return { admin, investors, planId };
}

export default function (data) {
  const investor = data.investors[(__VU - 1) % data.investors.length];
  const bought = send(
    'POST',
    '/api/investments',
    investor.token,
    { planId: data.planId, slotsPurchased: 1 },
    { name: 'buy slots' },
  );
  check(bought, { 'purchase accepted': (r) => r.status === 201 });
}

export function teardown(data) {
  const plans = get('/api/plans', data.admin);
  const plan = (plans.json() || []).find((p) => p.id === data.planId);
  // Each investor buys one slot of twice as many: slots were sold, and never more than there were buyers.
  check(plan, {
    'slots sold': (p) => Boolean(p) && p.availableSlots < INVESTORS * 2,
    'never oversold': (p) => Boolean(p) && p.availableSlots >= INVESTORS,
  });
}
