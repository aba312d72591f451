import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  call,
  eventually,
  freshIp,
  loginAdmin,
  registerInvestor,
  stack,
  type Session,
} from '../../../test/support/api.ts';
import {
  createObjectStore,
  parseObjectPath,
  privateObjectLink,
  signUploadToken,
  verifyUploadToken,
} from '@cropvest/service-kit/uploads';
import { TEST_UPLOAD_TOKEN_SECRETS } from '../../../scripts/stack/services.ts';
import { watchEvents, type EventWatch } from '../../../test/support/bus.ts';
import { KYC_PERSONAL_DETAILS } from '../../../test/support/kyc.ts';
import { PNG, putStreaming, putUpload, requestUpload } from '../../../test/support/uploads.ts';

// The whole stack shares two cores with other suites: leave room for events to travel.
jest.setTimeout(30_000);

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 32)]);
const MB = 1024 * 1024;

let admin: Session;
let events: EventWatch;
beforeAll(async () => {
  admin = await loginAdmin();
  events = await watchEvents('events.kyc.>');
});
afterAll(() => events.close());

const api = (session: Session | undefined, method: string, path: string, body?: unknown) =>
  call(method, path, { token: session?.accessToken, ip: freshIp(), body });

async function upload(session: Session, bytes: Buffer, contentType = 'image/png') {
  const ticket = await requestUpload(session.accessToken, 'kyc-document');
  expect(ticket.uploadURL).toMatch(/^\/api\/uploads\/kyc-documents\//);
  return { ...(await putUpload(ticket.uploadURL, bytes, contentType)), ticket };
}

/** Uploads the four documents (selfie a PNG, the others a PDF and PNGs) and returns a full valid submission. */
async function documents(session: Session) {
  const [front, back, selfie, proof] = await Promise.all([
    upload(session, PNG),
    upload(session, PNG),
    upload(session, PNG),
    upload(session, PDF, 'application/pdf'),
  ]);
  for (const u of [front, back, selfie, proof]) expect(u.status).toBe(200);
  return {
    ...KYC_PERSONAL_DETAILS,
    idDocumentFrontUrl: front.body.objectPath,
    idDocumentBackUrl: back.body.objectPath,
    selfieUrl: selfie.body.objectPath,
    proofOfAddressUrl: proof.body.objectPath,
  };
}

describe('submitting', () => {
  it('starts empty, then stores a pending submission and publishes kyc.submitted', async () => {
    const user = await registerInvestor();
    expect((await api(user, 'GET', '/api/kyc')).body).toEqual({});
    const body = await documents(user);
    const created = await api(user, 'POST', '/api/kyc', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...body,
      userId: user.user.id,
      status: 'pending',
      reviewedBy: null,
      reviewedAt: null,
      rejectionReason: null,
      notes: null,
    });
    expect((await api(user, 'GET', '/api/kyc')).body).toEqual(created.body);
    await events.waitFor(
      (e) => e.type === 'kyc.submitted' && e.data.kycId === created.body.id && e.data.userId === user.user.id,
    );
  });

  it('accepts the upload address in place of the objectPath, and no back side', async () => {
    const user = await registerInvestor();
    const front = await upload(user, PDF, 'application/pdf');
    const selfie = await upload(user, PNG);
    const proof = await upload(user, PNG);
    const created = await api(user, 'POST', '/api/kyc', {
      ...KYC_PERSONAL_DETAILS,
      idDocumentFrontUrl: front.ticket.uploadURL,
      idDocumentBackUrl: '',
      selfieUrl: selfie.body.objectPath,
      proofOfAddressUrl: proof.body.objectPath,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      idDocumentFrontUrl: front.body.objectPath,
      idDocumentBackUrl: null,
    });
  });

  const REQUIRED = [
    'firstName',
    'lastName',
    'dateOfBirth',
    'nationality',
    'address',
    'city',
    'country',
    'postalCode',
    'phoneNumber',
    'idType',
    'idNumber',
    'idDocumentFrontUrl',
    'selfieUrl',
    'proofOfAddressUrl',
  ];

  it('names the first missing field, whether absent, empty or blank, and stores nothing', async () => {
    const user = await registerInvestor();
    const body = await documents(user);
    for (const [index, field] of REQUIRED.entries()) {
      for (const value of [undefined, '', '   ', null]) {
        const later = Object.fromEntries(REQUIRED.slice(index + 1).map((f) => [f, undefined]));
        const result = await api(user, 'POST', '/api/kyc', { ...body, ...later, [field]: value });
        expect(result.status).toBe(400);
        expect(result.body.message).toBe(`Please fill in all required fields. Missing: ${field}`);
      }
    }
    expect((await api(user, 'GET', '/api/kyc')).body).toEqual({});
  });

  it.each([
    [
      'an unknown id type',
      { idType: 'visa' },
      'idType must be one of: passport, national_id, driver_license',
    ],
    [
      'a malformed date of birth',
      { dateOfBirth: '21/04/1990' },
      'dateOfBirth must be a date like 1990-04-21',
    ],
    ['an impossible date', { dateOfBirth: '1990-02-30' }, 'dateOfBirth is not a real date'],
    [
      'a minor',
      { dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-01` },
      'You must be at least 18 years old',
    ],
    ['a huge first name', { firstName: 'x'.repeat(101) }, 'firstName must be at most 100 characters'],
    ['a huge address', { address: 'x'.repeat(100_000) }, 'address must be at most 200 characters'],
    [
      'a phone number with letters',
      { phoneNumber: 'call me maybe' },
      'phoneNumber must be a phone number (digits, spaces, + - ( ) . /)',
    ],
    ['a number as name', { firstName: 42 }, 'firstName must be text'],
    ['a status', { status: 'approved' }, 'Unknown field: status'],
    ["someone else's userId", { userId: randomUUID() }, 'Unknown field: userId'],
  ])('refuses %s and stores nothing', async (_label, change, message) => {
    const user = await registerInvestor();
    const result = await api(user, 'POST', '/api/kyc', {
      ...KYC_PERSONAL_DETAILS,
      idDocumentFrontUrl: '/objects/kyc-documents/x',
      selfieUrl: '/objects/kyc-documents/y',
      proofOfAddressUrl: '/objects/kyc-documents/z',
      ...change,
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect((await api(user, 'GET', '/api/kyc')).body).toEqual({});
  });

  it("refuses documents that are not this user's uploads, a missing file, a PDF selfie and one file used twice", async () => {
    const owner = await registerInvestor();
    const thief = await registerInvestor();
    const body = await documents(owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ...(await documents(thief)), idDocumentFrontUrl: body.idDocumentFrontUrl },
        'INVALID_DOCUMENT',
        'idDocumentFrontUrl must be the objectPath of a document you uploaded through /api/objects/upload (purpose kyc-document)',
      ],
      [
        { ...(await documents(thief)), selfieUrl: 'https://evil.example/selfie.png' },
        'INVALID_DOCUMENT',
        'selfieUrl must be the objectPath of a document you uploaded through /api/objects/upload (purpose kyc-document)',
      ],
      [
        {
          ...(await documents(thief)),
          proofOfAddressUrl: `/objects/kyc-documents/${thief.user.id}/${randomUUID()}`,
        },
        'DOCUMENT_MISSING',
        'The file for proofOfAddressUrl was not uploaded yet; upload it, then submit',
      ],
      [
        {
          ...(await documents(thief)),
          idDocumentBackUrl: '/api/uploads/kyc-documents/forged.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        },
        'INVALID_DOCUMENT',
        'idDocumentBackUrl is not an upload address this platform issued',
      ],
    ];
    const thiefDocs = await documents(thief);
    // KYC signs its own tickets; the same claims signed with another owner's secret (the wallet's) name nothing.
    const own = await upload(thief, PNG);
    const claims = await verifyUploadToken(
      TEST_UPLOAD_TOKEN_SECRETS.kyc,
      own.ticket.uploadURL.split('/').pop() as string,
    );
    cases.push([
      {
        ...thiefDocs,
        idDocumentBackUrl: `/api/uploads/kyc-documents/${await signUploadToken(TEST_UPLOAD_TOKEN_SECRETS.wallet, claims)}`,
      },
      'INVALID_DOCUMENT',
      'idDocumentBackUrl is not an upload address this platform issued',
    ]);
    cases.push([
      { ...thiefDocs, selfieUrl: (await upload(thief, PDF, 'application/pdf')).body.objectPath },
      'DOCUMENT_NOT_IMAGE',
      'selfieUrl must be an image (PNG, JPEG, GIF or WEBP)',
    ]);
    cases.push([
      { ...thiefDocs, selfieUrl: thiefDocs.idDocumentFrontUrl },
      'DUPLICATE_DOCUMENT',
      'Each document must be its own file',
    ]);
    for (const [submission, code, message] of cases) {
      const result = await api(thief, 'POST', '/api/kyc', submission);
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ code, message });
    }
    expect((await api(thief, 'GET', '/api/kyc')).body).toEqual({});
  });

  it('checks uploads by content, not by name or header, and caps them at 10 MB', async () => {
    const user = await registerInvestor();
    const disguised = await upload(
      user,
      Buffer.from('MZ\x90\x00 this is a program, named selfie.png'),
      'image/png',
    );
    expect(disguised.status).toBe(415);
    expect(disguised.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(disguised.ticket.maxBytes).toBe(10 * MB);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * MB)]);
    // Sent to the service itself: when its early refusal races the rest of the body, the gateway's proxy may
    // answer 502 instead of relaying the 413 (reported to the gateway's owner).
    const declared = await putStreaming(
      (await requestUpload(user.accessToken, 'kyc-document')).uploadURL,
      [big],
      { 'content-length': String(big.length) },
      stack().services.kyc,
    );
    expect(declared).toMatchObject({
      status: 413,
      body: { code: 'FILE_TOO_LARGE', message: 'File is too large: at most 10 MB' },
    });
    // Without a declared length the cap is counted as bytes arrive.
    const chunked = await putStreaming(
      (await requestUpload(user.accessToken, 'kyc-document')).uploadURL,
      [PNG, ...Array.from({ length: 11 }, () => Buffer.alloc(MB, 1))],
      { 'transfer-encoding': 'chunked' },
      stack().services.kyc,
    );
    expect(chunked).toMatchObject({ status: 413, body: { code: 'FILE_TOO_LARGE' } });
    // A character inside the signature changed: the last one also carries two unused bits, so changing it can
    // leave the very same signature.
    const url = disguised.ticket.uploadURL;
    const at = url.length - 6;
    const tampered = `${url.slice(0, at)}${url[at] === 'A' ? 'B' : 'A'}${url.slice(at + 1)}`;
    const again = await fetch(`${stack().gatewayUrl}${tampered}`, {
      method: 'PUT',
      body: PNG,
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(again.status).toBe(403);
  });

  it('allows one open submission; a rejected user may submit again; an approved one may not', async () => {
    const user = await registerInvestor();
    const first = await api(user, 'POST', '/api/kyc', await documents(user));
    expect(first.status).toBe(201);
    const second = await api(user, 'POST', '/api/kyc', await documents(user));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'Your KYC submission is under review. You can submit again only if it is rejected.',
    );

    expect(
      (
        await api(admin, 'PUT', `/api/admin/kyc/${first.body.id}/status`, {
          status: 'rejected',
          rejectionReason: 'Blurred photo',
        })
      ).status,
    ).toBe(200);
    const retry = await api(user, 'POST', '/api/kyc', await documents(user));
    expect(retry.status).toBe(201);
    expect((await api(user, 'GET', '/api/kyc')).body.id).toBe(retry.body.id);

    expect(
      (await api(admin, 'PUT', `/api/admin/kyc/${retry.body.id}/status`, { status: 'approved' })).status,
    ).toBe(200);
    const after = await api(user, 'POST', '/api/kyc', await documents(user));
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('Your identity is already verified.');

    // Both submissions stay on record for their owner, newest first, the rejected one with its reason.
    const history = await api(user, 'GET', '/api/kyc/submissions');
    expect(history.status).toBe(200);
    expect(history.headers.get('x-total-count')).toBe('2');
    expect(history.body.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [retry.body.id, 'approved'],
      [first.body.id, 'rejected'],
    ]);
    expect(history.body[1].rejectionReason).toBe('Blurred photo');
    const paged = await api(user, 'GET', '/api/kyc/submissions?page=2&pageSize=1');
    expect(paged.body.map((r: { id: string }) => r.id)).toEqual([first.body.id]);
    expect(paged.headers.get('x-total-count')).toBe('2');
    // Nobody else's: a new user has none, and bad paging is a 400.
    const stranger = await registerInvestor();
    const none = await api(stranger, 'GET', '/api/kyc/submissions');
    expect([none.status, none.body, none.headers.get('x-total-count')]).toEqual([200, [], '0']);
    const bad = await api(user, 'GET', '/api/kyc/submissions?pageSize=0');
    expect(bad.status).toBe(400);
    expect((await api(undefined, 'GET', '/api/kyc/submissions')).status).toBe(401);
  });
});

describe('review', () => {
  it('approves a pending submission: reviewedBy, reviewedAt and notes kept, kyc.reviewed published, audited; then read-only', async () => {
    const user = await registerInvestor({ name: 'Ada Lovelace' });
    const created = await api(user, 'POST', '/api/kyc', await documents(user));
    const listed = await eventually(
      async () => {
        const all = await api(admin, 'GET', '/api/admin/kyc?status=pending');
        const found = (all.body as any[]).find((k) => k.id === created.body.id);
        return found?.user ? found : undefined;
      },
      10_000,
      'the submitter in the projection',
    );
    expect(listed).toMatchObject({
      status: 'pending',
      user: { name: 'Ada Lovelace', email: user.user.email },
    });

    const approved = await api(admin, 'PUT', `/api/admin/kyc/${created.body.id}/status`, {
      status: 'approved',
      notes: 'Passport checked against the selfie.',
      rejectionReason: 'ignored',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      reviewedBy: admin.user.id,
      notes: 'Passport checked against the selfie.',
      rejectionReason: null,
    });
    expect(Date.parse(approved.body.reviewedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api(user, 'GET', '/api/kyc')).body).toMatchObject({ status: 'approved' });
    const event = await events.waitFor((e) => e.type === 'kyc.reviewed' && e.data.kycId === created.body.id);
    expect(event.data).toMatchObject({ userId: user.user.id, status: 'approved', rejectionReason: null });
    await eventually(
      async () => {
        const audit = await api(
          admin,
          'GET',
          `/api/admin/audit-logs?targetId=${created.body.id}&action=kyc_approve`,
        );
        return audit.body.items?.length === 1;
      },
      10_000,
      'the audit row',
    );

    // The notify service tells the user.
    await eventually(
      async () => {
        const list = (await api(user, 'GET', '/api/notifications')).body as any[];
        return list.find((n) => n.userId === user.user.id && n.title === 'Identity verified');
      },
      10_000,
      "the user's notification",
    );

    const again = await api(admin, 'PUT', `/api/admin/kyc/${created.body.id}/status`, {
      status: 'rejected',
      rejectionReason: 'changed my mind',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This submission was already approved; reviewed submissions are read-only.',
    );
  });

  it('rejects only with a non-blank reason, which the user sees', async () => {
    const user = await registerInvestor();
    const created = await api(user, 'POST', '/api/kyc', await documents(user));
    for (const body of [{ status: 'rejected' }, { status: 'rejected', rejectionReason: '   ' }]) {
      const refused = await api(admin, 'PUT', `/api/admin/kyc/${created.body.id}/status`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Please provide a rejection reason.');
    }
    for (const [body, message] of [
      [{ status: 'pending' }, 'status must be one of: approved, rejected'],
      [{}, 'status must be one of: approved, rejected'],
      [{ status: 'approved', reviewedBy: admin.user.id }, 'Unknown field: reviewedBy'],
    ] as const) {
      const refused = await api(admin, 'PUT', `/api/admin/kyc/${created.body.id}/status`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await api(user, 'GET', '/api/kyc')).body.status).toBe('pending');
    const rejected = await api(admin, 'PUT', `/api/admin/kyc/${created.body.id}/status`, {
      status: 'rejected',
      rejectionReason: '  The selfie is blurred.  ',
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'The selfie is blurred.' });
    expect((await api(user, 'GET', '/api/kyc')).body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The selfie is blurred.',
    });
    await events.waitFor(
      (e) =>
        e.type === 'kyc.reviewed' &&
        e.data.kycId === created.body.id &&
        e.data.status === 'rejected' &&
        e.data.rejectionReason === 'The selfie is blurred.',
    );
  });

  it('gives admins short-lived links to each document; the objects are unreachable without a valid link', async () => {
    const user = await registerInvestor();
    const body = await documents(user);
    const created = await api(user, 'POST', '/api/kyc', body);
    const links = await api(admin, 'GET', `/api/admin/kyc/${created.body.id}/documents`);
    expect(links.status).toBe(200);
    expect(links.body.front.contentType).toBe('image/png');
    expect(links.body.proofOfAddress.contentType).toBe('application/pdf');
    expect(Date.parse(links.body.selfie.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    const viaLink = await fetch(links.body.front.url);
    expect(viaLink.status).toBe(200);
    expect(Buffer.from(await viaLink.arrayBuffer()).equals(PNG)).toBe(true);

    // A tampered link and an expired one are refused by the store. (The local S3 server of dev and tests
    // also answers unsigned reads, which MinIO's private buckets refuse; see docs/decisions/0012-kyc.md.)
    const url = new URL(links.body.front.url);
    url.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(url)).status).toBe(403);
    const store = createObjectStore({
      endpoint: stack().s3Endpoint,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
    });
    const parsed = parseObjectPath(body.selfieUrl)!;
    // Five seconds, not one: the signature's time is in whole seconds, so a one-second link could be dead before
    // a busy machine fetched it (a CI run saw 403 on the first read).
    const shortLived = await privateObjectLink(store, parsed.bucket, parsed.key, 5);
    expect((await fetch(shortLived.url)).status).toBe(200);
    // It stops working once its seconds have passed.
    await eventually(async () => (await fetch(shortLived.url)).status === 403, 15_000, 'the link to expire');
    // The gateway has no route to the bucket: an object path there never yields the document.
    const throughGateway = await fetch(`${stack().gatewayUrl}${body.idDocumentFrontUrl}`);
    expect(Buffer.from(await throughGateway.arrayBuffer()).equals(PNG)).toBe(false);
    expect(
      (await fetch(`${stack().gatewayUrl}/api${body.idDocumentFrontUrl}`)).status,
    ).toBeGreaterThanOrEqual(400);
  }, 60_000);
});

describe('identity', () => {
  const kycStatus = async (user: Session) =>
    (await api(user, 'GET', '/api/auth/me')).body.kycStatus as string;
  const settlesAt = (user: Session, status: string) =>
    eventually(async () => (await kycStatus(user)) === status, 10_000, `kycStatus ${status}`);

  it('follows the submission and its review in GET /api/auth/me: incomplete, pending, rejected, pending again, approved', async () => {
    const user = await registerInvestor();
    expect(await kycStatus(user)).toBe('incomplete');
    const first = await api(user, 'POST', '/api/kyc', await documents(user));
    expect(first.status).toBe(201);
    await settlesAt(user, 'pending');
    await api(admin, 'PUT', `/api/admin/kyc/${first.body.id}/status`, {
      status: 'rejected',
      rejectionReason: 'Blurred photo',
    });
    await settlesAt(user, 'rejected');
    const second = await api(user, 'POST', '/api/kyc', await documents(user));
    await settlesAt(user, 'pending');
    await api(admin, 'PUT', `/api/admin/kyc/${second.body.id}/status`, { status: 'approved' });
    await settlesAt(user, 'approved');
    const listed = (await api(admin, 'GET', `/api/admin/users/${user.user.id}`)).body;
    expect(listed.kycStatus).toBe('approved');
  });
});

describe('privacy', () => {
  it('a user only ever reads their own record', async () => {
    const alice = await registerInvestor();
    const bob = await registerInvestor();
    const created = await api(alice, 'POST', '/api/kyc', await documents(alice));
    expect((await api(bob, 'GET', '/api/kyc')).body).toEqual({});
    for (const path of [`/api/kyc/${created.body.id}`, `/api/kyc?id=${created.body.id}`]) {
      const guessed = await api(bob, 'GET', path);
      expect(JSON.stringify(guessed.body)).not.toContain('Lovelace');
    }
  });

  it('an investor token is refused on every admin route, by the gateway and by the service itself', async () => {
    const investor = await registerInvestor();
    const created = await api(investor, 'POST', '/api/kyc', await documents(investor));
    for (const [method, path, body] of [
      ['GET', '/api/admin/kyc', undefined],
      ['GET', `/api/admin/kyc/${created.body.id}/documents`, undefined],
      ['PUT', `/api/admin/kyc/${created.body.id}/status`, { status: 'approved' }],
    ] as const) {
      const viaGateway = await api(investor, method, path, body);
      expect(viaGateway.status).toBe(403);
      expect(viaGateway.body.message).toBe('Admin access required');
      const direct = await call(method, path, {
        token: investor.accessToken,
        body,
        base: stack().services.kyc,
      });
      expect(direct.status).toBe(403);
      expect((await call(method, path, { body, base: stack().services.kyc })).status).toBe(401);
    }
    expect((await api(investor, 'GET', '/api/kyc')).body.status).toBe('pending');
  });

  it('answers unknown and malformed ids clearly', async () => {
    expect(
      (await api(admin, 'PUT', `/api/admin/kyc/${randomUUID()}/status`, { status: 'approved' })).status,
    ).toBe(404);
    expect((await api(admin, 'GET', `/api/admin/kyc/${randomUUID()}/documents`)).status).toBe(404);
    const malformed = await api(admin, 'PUT', '/api/admin/kyc/nope/status', { status: 'approved' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('id must be a valid id');
  });
});
