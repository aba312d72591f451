// What the load scripts share: the address, JSON calls, and seeding their own users and money.
// BASE_URL is the gateway (default http://localhost:8080); ADMIN_EMAIL / ADMIN_PASSWORD an admin account of that
// environment (the seeding approves deposits and creates plans with it).
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { sha256 } from 'k6/crypto';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');
export const ADMIN_EMAIL = __ENV.ADMIN_EMAIL || 'admin@cropvest.example';
export const ADMIN_PASSWORD = __ENV.ADMIN_PASSWORD || 'admin-dev-password';
/** A TRON address in the format the platform accepts, for withdrawals. */
export const WITHDRAWAL_ADDRESS = __ENV.WITHDRAWAL_ADDRESS || 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** The targets every script holds (the error rate and the share of failed checks below 1 %). */
export const COMMON_THRESHOLDS = {
  http_req_failed: ['rate<0.01'],
  checks: ['rate>0.99'],
};

/**
 * Each virtual user looks like its own client address, so the sign-in limits (per address) see many visitors; the
 * gateway reads it only when it trusts one proxy hop and nothing appends after it (TRUSTED_PROXY_HOPS=1, no proxy).
 */
const clientAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export function headers(token, extra = {}) {
  const result = { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress(), ...extra };
  if (token) result.Authorization = `Bearer ${token}`;
  return result;
}

export const get = (path, token, tags) => http.get(`${BASE_URL}${path}`, { headers: headers(token), tags });
export const send = (method, path, token, body, tags, extraHeaders) =>
  http.request(method, `${BASE_URL}${path}`, body === undefined ? null : JSON.stringify(body), {
    headers: headers(token, extraHeaders),
    tags,
  });

/**
 * The device an account signs up and in from (the cv_device cookie): one per account, like a person's own browser,
 * so its sign-ins from ever-new client addresses need no mailed approval (docs/decisions/0100). The same cookie the
 * tests derive (deviceCookieOf in test/support/api.ts), so the suites and the scripts share the stack's admin.
 */
const ownDevice = (email) => ({
  Cookie: `cv_device=${sha256(`device:${email.trim().toLowerCase()}`, 'base64rawurl')}`,
});

/** Signs in; fails the iteration (not silently) when the account cannot. */
export function signIn(email, password) {
  const response = send(
    'POST',
    '/api/auth/login',
    undefined,
    { email, password },
    { name: 'sign in' },
    ownDevice(email),
  );
  if (!check(response, { 'signed in': (r) => r.status === 200 && Boolean(r.json('accessToken')) }))
    fail(`sign-in of ${email}: ${response.status}`);
  return response.json('accessToken');
}

/** A new investor of this run: `load-<label>-<time>-<n>@example.com`. */
export function registerInvestor(label, n) {
  const email = `load-${label}-${Date.now()}-${n}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'load-test-password-1';
  const response = send(
    'POST',
    '/api/auth/register',
    undefined,
    { name: `Load ${label} ${n}`, email, password },
    undefined,
    ownDevice(email),
  );
  if (!check(response, { registered: (r) => r.status === 201 }))
    fail(`register ${email}: ${response.status}`);
  return { email, password, token: response.json('accessToken') };
}

/**
 * Gives an investor `amount` USDT: a deposit request, approved by the admin. Without a transaction id, so the load
 * never sends the chain service after transactions no chain has (keep `amount` below the four-eyes threshold).
 */
export function fund(investorToken, adminToken, amount) {
  const deposit = send('POST', '/api/deposits', investorToken, { amount });
  if (!check(deposit, { 'deposit requested': (r) => r.status === 201 })) fail(`deposit: ${deposit.status}`);
  const approval = send('PUT', `/api/admin/deposits/${deposit.json('id')}/status`, adminToken, {
    status: 'approved',
  });
  if (!check(approval, { 'deposit approved': (r) => r.status === 200 })) fail(`approval: ${approval.status}`);
}

/** A plan open today for `durationDays`, created by the admin; answers its id. */
export function createPlan(adminToken, fields) {
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const plan = send('POST', '/api/admin/plans', adminToken, {
    title: `Load test plan ${Date.now()}`,
    description: 'A plan created by a load test.',
    minSlotPrice: '100',
    dailyInterestRate: '0.05',
    durationDays: 30,
    totalSlots: 10000,
    startDate: day(-1),
    endDate: day(29),
    isActive: true,
    ...fields,
  });
  if (!check(plan, { 'plan created': (r) => r.status === 201 })) fail(`plan: ${plan.status} ${plan.body}`);
  publishKeyInformation(adminToken, plan.json('id'));
  return plan.json('id');
}

/**
 * An operator and a complete key information sheet for the plan (decision 0092), written plainly as load-test data:
 * with the security settings' key information gates on (the default) a plan takes investments only then.
 */
function publishKeyInformation(adminToken, planId) {
  const operator = send('POST', '/api/admin/operators', adminToken, {
    name: `Load test operator ${Date.now()}`,
    country: 'Kenya',
    region: 'Nakuru County',
    contact: 'load-test-operator@example.com',
    pastSeasons: [],
  });
  if (!check(operator, { 'operator created': (r) => r.status === 201 }))
    fail(`operator: ${operator.status} ${operator.body}`);
  const sheet = send('PUT', `/api/admin/plans/${planId}/key-information`, adminToken, {
    operatorId: operator.json('id'),
    location: 'Nakuru County, Kenya (load test)',
    crop: 'Wheat (load test)',
    areaHectares: '10.00',
    expectedYield: '4 tonnes per hectare (load test)',
    expectedPrice: 'USD 300 per tonne (load test)',
    offtakeBuyer: 'None: a load-test plan',
    insurance: 'None: a load-test plan',
    mainRisks: 'A load-test plan: the whole investment may be lost.',
    cropFailure:
      'Payouts are reviewed: reserve, postponement or pro rata settlement; any shortfall is a loss.',
    fees: 'None.',
    platformStake: 'None.',
  });
  if (!check(sheet, { 'key information published': (r) => r.status === 200 }))
    fail(`key information: ${sheet.status} ${sheet.body}`);
}

/** What a purchase carries once its investor acknowledged the plan's current key information sheet. */
export function acknowledgement(planId) {
  const sheet = get(`/api/plans/${planId}/key-information`);
  if (!check(sheet, { 'key information read': (r) => r.status === 200 }))
    fail(`key information: ${sheet.status}`);
  return { keyInformationVersion: sheet.json('version') };
}

/** Answers the suitability questions (decision 0094) with a net worth no load-test purchase comes near. */
export function answerSuitability(investorToken) {
  const saved = send('PUT', '/api/suitability', investorToken, {
    experience: 'experienced',
    purpose: 'growth',
    netWorth: '100000000.00',
  });
  if (!check(saved, { 'suitability answered': (r) => r.status === 200 }))
    fail(`suitability: ${saved.status}`);
}

/** The smallest files the upload checks accept: a PNG signature with some bytes, and a PDF header. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(7)])
  .buffer;
const PDF = `%PDF-1.7\n${' '.repeat(300)}`;

function uploadDocument(token, bytes, contentType) {
  const ticket = send('POST', '/api/objects/upload', token, { purpose: 'kyc-document' });
  if (!check(ticket, { 'upload address issued': (r) => r.status === 200 }))
    fail(`upload address: ${ticket.status}`);
  const stored = http.put(
    ticket.json('uploadURL').startsWith('http')
      ? ticket.json('uploadURL')
      : `${BASE_URL}${ticket.json('uploadURL')}`,
    bytes,
    {
      headers: { 'Content-Type': contentType, 'X-Forwarded-For': clientAddress() },
    },
  );
  if (!check(stored, { 'document stored': (r) => r.status === 200 })) fail(`upload: ${stored.status}`);
  return stored.json('objectPath');
}

/**
 * Verifies an investor as the platform does: four uploaded documents, the submission, the admin's approval; then
 * waits until `ready()` says the services that enforce KYC have the approval (they learn it by event).
 */
export function verify(investor, adminToken, ready) {
  const documents = {
    idDocumentFrontUrl: uploadDocument(investor.token, PNG, 'image/png'),
    idDocumentBackUrl: uploadDocument(investor.token, PNG, 'image/png'),
    selfieUrl: uploadDocument(investor.token, PNG, 'image/png'),
    proofOfAddressUrl: uploadDocument(investor.token, PDF, 'application/pdf'),
  };
  const submitted = send('POST', '/api/kyc', investor.token, {
    firstName: 'Load',
    lastName: 'Tester',
    dateOfBirth: '1990-04-21',
    nationality: 'British',
    address: '12 St James Square',
    city: 'London',
    country: 'United Kingdom',
    postalCode: 'SW1Y 4JH',
    phoneNumber: '+44 20 7946 0958',
    idType: 'passport',
    idNumber: 'P1234567',
    ...documents,
  });
  if (!check(submitted, { 'KYC submitted': (r) => r.status === 201 }))
    fail(`KYC: ${submitted.status} ${submitted.body}`);
  const review = send('PUT', `/api/admin/kyc/${submitted.json('id')}/status`, adminToken, {
    status: 'approved',
  });
  if (!check(review, { 'KYC approved': (r) => r.status === 200 })) fail(`KYC review: ${review.status}`);
  for (let attempt = 0; attempt < 120; attempt++) {
    if (ready()) return;
    sleep(0.25);
  }
  fail(`the KYC approval of ${investor.email} did not reach the services in 30 s`);
}

/**
 * Calls that change nothing yet show whether a service has the investor's KYC approval: more than is possible is
 * refused for the amount (400) once KYC passes, and for KYC (403) before. Not counted as failures.
 */
const probe = { responseCallback: http.expectedStatuses(400, 403) };
export const walletKnowsKyc = (token) => () =>
  http.post(
    `${BASE_URL}/api/withdrawals`,
    JSON.stringify({ amount: '999999999', walletAddress: WITHDRAWAL_ADDRESS }),
    { headers: headers(token), ...probe },
  ).status === 400;
export const plansKnowKyc = (token, planId) => () =>
  http.post(`${BASE_URL}/api/investments`, JSON.stringify({ planId, slotsPurchased: 1000000 }), {
    headers: headers(token),
    ...probe,
  }).status === 400;
