import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import {
  adminSession,
  approveAsAdmin,
  eventually,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import type { Caller, RawAnswer } from '../../../test/support/client.ts';
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

const client = stackClient();
let admin: Session;
let events: EventWatch;
beforeAll(async () => {
  admin = await adminSession();
  events = await watchEvents('events.kyc.>');
});
afterAll(() => events.close());

/** The caller's submission: any object, since the contract's body is a record its rules then check. */
const submit = (session: Session, body: OperationBody<typeof kycOperations.submitKyc>) =>
  client.call(kycOperations.submitKyc, { token: session.accessToken, body });
const myKyc = (session: Session) => client.ok(kycOperations.myKyc, { token: session.accessToken });
type Review = OperationBody<typeof kycOperations.reviewKyc>;
/** The admin's review; notes and a reason left out are sent as none (null), which is how the service reads them. */
const review = (id: string, body: Pick<Review, 'status'> & Partial<Review>) =>
  client.call(kycOperations.reviewKyc, {
    token: admin.accessToken,
    path: { id },
    body: { notes: null, rejectionReason: null, ...body },
  });
/** A review body the contract's type cannot express (a key missing, an unknown one): sent raw on purpose. */
const reviewRaw = (id: string, body: unknown) =>
  client.raw('PUT', kycOperations.reviewKyc.path.replace('{id}', id), { token: admin.accessToken, body });

async function upload(session: Session, bytes: Buffer, contentType = 'image/png') {
  const ticket = await requestUpload(session.accessToken, 'kyc-document');
  expect(ticket.uploadURL).toMatch(/^\/api\/uploads\/kyc-documents\//);
  return { ...(await putUpload(ticket.uploadURL, bytes, contentType)), ticket };
}
/** Where a stored upload is: its answer's objectPath (the PUT to a signed address is raw, so parsed here). */
const objectPath = (stored: RawAnswer): string =>
  kycOperations.uploadKycDocument.response.parse(stored.body).objectPath;

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
    idDocumentFrontUrl: objectPath(front),
    idDocumentBackUrl: objectPath(back),
    selfieUrl: objectPath(selfie),
    proofOfAddressUrl: objectPath(proof),
  };
}

describe('submitting', () => {
  it('starts empty, then stores a pending submission and publishes kyc.submitted', async () => {
    const user = await registerInvestor();
    expect(await myKyc(user)).toEqual({});
    const body = await documents(user);
    const created = succeeded(await submit(user, body), 201);
    expect(created).toMatchObject({
      ...body,
      userId: user.user.id,
      status: 'pending',
      reviewedBy: null,
      reviewedAt: null,
      rejectionReason: null,
      notes: null,
    });
    expect(await myKyc(user)).toEqual(created);
    await events.waitFor(
      (e) => e.type === 'kyc.submitted' && e.data.kycId === created.id && e.data.userId === user.user.id,
    );
  });

  it('accepts the upload address in place of the objectPath, and no back side', async () => {
    const user = await registerInvestor();
    const front = await upload(user, PDF, 'application/pdf');
    const selfie = await upload(user, PNG);
    const proof = await upload(user, PNG);
    const created = await submit(user, {
      ...KYC_PERSONAL_DETAILS,
      idDocumentFrontUrl: front.ticket.uploadURL,
      idDocumentBackUrl: '',
      selfieUrl: objectPath(selfie),
      proofOfAddressUrl: objectPath(proof),
    });
    expect(succeeded(created, 201)).toMatchObject({
      idDocumentFrontUrl: objectPath(front),
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
        const result = await submit(user, { ...body, ...later, [field]: value });
        expect(result).toMatchObject({
          status: 400,
          body: { message: `Please fill in all required fields. Missing: ${field}` },
        });
      }
    }
    expect(await myKyc(user)).toEqual({});
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
    const result = await submit(user, {
      ...KYC_PERSONAL_DETAILS,
      idDocumentFrontUrl: '/objects/kyc-documents/x',
      selfieUrl: '/objects/kyc-documents/y',
      proofOfAddressUrl: '/objects/kyc-documents/z',
      ...change,
    });
    expect(result).toMatchObject({ status: 400, body: { message } });
    expect(await myKyc(user)).toEqual({});
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
      { ...thiefDocs, selfieUrl: objectPath(await upload(thief, PDF, 'application/pdf')) },
      'DOCUMENT_NOT_IMAGE',
      'selfieUrl must be an image (PNG, JPEG, GIF or WEBP)',
    ]);
    cases.push([
      { ...thiefDocs, selfieUrl: thiefDocs.idDocumentFrontUrl },
      'DUPLICATE_DOCUMENT',
      'Each document must be its own file',
    ]);
    for (const [submission, code, message] of cases) {
      const result = await submit(thief, submission);
      expect(result).toMatchObject({ status: 400, body: { code, message } });
    }
    expect(await myKyc(thief)).toEqual({});
  });

  it('checks uploads by content, not by name or header, and caps them at 10 MB', async () => {
    const user = await registerInvestor();
    const disguised = await upload(
      user,
      Buffer.from('MZ\x90\x00 this is a program, named selfie.png'),
      'image/png',
    );
    expect(disguised).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_FILE_TYPE' } });
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
    expect((await putUpload(tampered, PNG)).status).toBe(403);
  });

  it('allows one open submission; a rejected user may submit again; an approved one may not', async () => {
    const user = await registerInvestor();
    const first = succeeded(await submit(user, await documents(user)), 201);
    const second = await submit(user, await documents(user));
    expect(second).toMatchObject({
      status: 409,
      body: { message: 'Your KYC submission is under review. You can submit again only if it is rejected.' },
    });

    expect((await review(first.id, { status: 'rejected', rejectionReason: 'Blurred photo' })).status).toBe(
      200,
    );
    const retry = succeeded(await submit(user, await documents(user)), 201);
    expect(await myKyc(user)).toMatchObject({ id: retry.id });

    expect((await review(retry.id, { status: 'approved' })).status).toBe(200);
    const after = await submit(user, await documents(user));
    expect(after).toMatchObject({ status: 409, body: { message: 'Your identity is already verified.' } });

    // Both submissions stay on record for their owner, newest first, the rejected one with its reason.
    const submissions = (session: Session | undefined, query = {}) =>
      client.call(kycOperations.myKycSubmissions, { token: session?.accessToken, query });
    const history = await submissions(user);
    expect(history.headers.get('x-total-count')).toBe('2');
    const rows = succeeded(history);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [retry.id, 'approved'],
      [first.id, 'rejected'],
    ]);
    expect(rows[1]?.rejectionReason).toBe('Blurred photo');
    const paged = await submissions(user, { page: 2, pageSize: 1 });
    expect(succeeded(paged).map((r) => r.id)).toEqual([first.id]);
    expect(paged.headers.get('x-total-count')).toBe('2');
    // Nobody else's: a new user has none, and bad paging is a 400.
    const stranger = await registerInvestor();
    const none = await submissions(stranger);
    expect([none.status, none.body, none.headers.get('x-total-count')]).toEqual([200, [], '0']);
    const bad = await submissions(user, { pageSize: 0 });
    expect(bad.status).toBe(400);
    expect((await submissions(undefined)).status).toBe(401);
  });
});

describe('review', () => {
  it('approves a pending submission: reviewedBy, reviewedAt and notes kept, kyc.reviewed published, audited; then read-only', async () => {
    const user = await registerInvestor({ name: 'Ada Lovelace' });
    const created = succeeded(await submit(user, await documents(user)), 201);
    const listed = await eventually(
      async () => {
        const all = await client.ok(kycOperations.adminKyc, {
          token: admin.accessToken,
          query: { status: 'pending' },
        });
        const found = all.find((k) => k.id === created.id);
        return found?.user ? found : undefined;
      },
      10_000,
      'the submitter in the projection',
    );
    expect(listed).toMatchObject({
      status: 'pending',
      user: { name: 'Ada Lovelace', email: user.user.email },
    });

    const approved = succeeded(
      await review(created.id, {
        status: 'approved',
        notes: 'Passport checked against the selfie.',
        rejectionReason: 'ignored',
      }),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      reviewedBy: admin.user.id,
      notes: 'Passport checked against the selfie.',
      rejectionReason: null,
    });
    expect(Date.parse(approved.reviewedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await myKyc(user)).toMatchObject({ status: 'approved' });
    const event = await events.waitFor((e) => e.type === 'kyc.reviewed' && e.data.kycId === created.id);
    expect(event.data).toMatchObject({ userId: user.user.id, status: 'approved', rejectionReason: null });
    await eventually(
      async () => {
        const audit = await client.call(identityOperations.auditLogs, {
          token: admin.accessToken,
          query: { targetId: created.id, action: 'kyc_approve' },
        });
        return audit.ok && audit.body.items.length === 1;
      },
      10_000,
      'the audit row',
    );

    // The notify service tells the user.
    await eventually(
      async () => {
        const list = await client.ok(notificationOperations.myNotifications, { token: user.accessToken });
        return list.find((n) => n.userId === user.user.id && n.title === 'Identity verified');
      },
      10_000,
      "the user's notification",
    );

    const again = await review(created.id, { status: 'rejected', rejectionReason: 'changed my mind' });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This submission was already approved; reviewed submissions are read-only.' },
    });
  });

  it('rejects only with a non-blank reason, which the user sees', async () => {
    const user = await registerInvestor();
    const created = succeeded(await submit(user, await documents(user)), 201);
    // Without a reason at all the body lacks a key the contract's type requires: sent raw on purpose.
    for (const refused of [
      await reviewRaw(created.id, { status: 'rejected' }),
      await review(created.id, { status: 'rejected', rejectionReason: '   ' }),
    ]) {
      expect(refused).toMatchObject({ status: 400, body: { message: 'Please provide a rejection reason.' } });
    }
    for (const [body, message] of [
      [{ status: 'pending' }, 'status must be one of: approved, rejected'],
      [{}, 'status must be one of: approved, rejected'],
      [{ status: 'approved', reviewedBy: admin.user.id }, 'Unknown field: reviewedBy'],
    ] as const) {
      // A status the contract does not know, none, or a field it does not have: only a raw call sends them.
      const refused = await reviewRaw(created.id, body);
      expect(refused).toMatchObject({ status: 400, body: { message } });
    }
    expect(await myKyc(user)).toMatchObject({ status: 'pending' });
    const rejected = await review(created.id, {
      status: 'rejected',
      rejectionReason: '  The selfie is blurred.  ',
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'The selfie is blurred.' });
    expect(await myKyc(user)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The selfie is blurred.',
    });
    await events.waitFor(
      (e) =>
        e.type === 'kyc.reviewed' &&
        e.data.kycId === created.id &&
        e.data.status === 'rejected' &&
        e.data.rejectionReason === 'The selfie is blurred.',
    );
  });

  it('gives admins short-lived links to each document; the objects are unreachable without a valid link', async () => {
    const user = await registerInvestor();
    const body = await documents(user);
    const created = succeeded(await submit(user, body), 201);
    const links = succeeded(
      await client.call(kycOperations.kycDocuments, { token: admin.accessToken, path: { id: created.id } }),
    );
    expect(links.front.contentType).toBe('image/png');
    expect(links.proofOfAddress.contentType).toBe('application/pdf');
    expect(Date.parse(links.selfie.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    const viaLink = await fetch(links.front.url);
    expect(viaLink.status).toBe(200);
    expect(Buffer.from(await viaLink.arrayBuffer()).equals(PNG)).toBe(true);

    // A tampered link and an expired one are refused by the store. (The local S3 server of dev and tests
    // also answers unsigned reads, which MinIO's private buckets refuse; see docs/decisions/0012-kyc.md.)
    const url = new URL(links.front.url);
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
    (await client.ok(identityOperations.me, { token: user.accessToken })).kycStatus;
  const settlesAt = (user: Session, status: string) =>
    eventually(async () => (await kycStatus(user)) === status, 10_000, `kycStatus ${status}`);

  it('follows the submission and its review in GET /api/auth/me: incomplete, pending, rejected, pending again, approved', async () => {
    const user = await registerInvestor();
    expect(await kycStatus(user)).toBe('incomplete');
    const first = succeeded(await submit(user, await documents(user)), 201);
    await settlesAt(user, 'pending');
    await review(first.id, { status: 'rejected', rejectionReason: 'Blurred photo' });
    await settlesAt(user, 'rejected');
    const second = succeeded(await submit(user, await documents(user)), 201);
    await settlesAt(user, 'pending');
    await approveAsAdmin({ kyc: second.id });
    await settlesAt(user, 'approved');
    const listed = await client.ok(identityOperations.adminUser, {
      token: admin.accessToken,
      path: { id: user.user.id },
    });
    expect(listed.kycStatus).toBe('approved');
  });
});

describe('privacy', () => {
  it('a user only ever reads their own record', async () => {
    const alice = await registerInvestor();
    const bob = await registerInvestor();
    const created = succeeded(await submit(alice, await documents(alice)), 201);
    expect(await myKyc(bob)).toEqual({});
    // Guessed addresses the contract does not declare (an id in the path or the query): raw on purpose.
    const { path } = kycOperations.myKyc;
    for (const guess of [`${path}/${created.id}`, `${path}?id=${created.id}`]) {
      const guessed = await client.raw('GET', guess, { token: bob.accessToken });
      expect(JSON.stringify(guessed.body)).not.toContain('Lovelace');
    }
  });

  it('an investor token is refused on every admin route, by the gateway and by the service itself', async () => {
    const investor = await registerInvestor();
    const created = succeeded(await submit(investor, await documents(investor)), 201);
    const path = { id: created.id };
    const adminCalls = [
      (caller: Caller) => client.call(kycOperations.adminKyc, caller),
      (caller: Caller) => client.call(kycOperations.kycDocuments, { ...caller, path }),
      (caller: Caller) =>
        client.call(kycOperations.reviewKyc, {
          ...caller,
          path,
          body: { status: 'approved', notes: null, rejectionReason: null },
        }),
    ];
    for (const adminCall of adminCalls) {
      const viaGateway = await adminCall({ token: investor.accessToken });
      expect(viaGateway).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
      const direct = await adminCall({ token: investor.accessToken, base: stack().services.kyc });
      expect(direct.status).toBe(403);
      expect((await adminCall({ base: stack().services.kyc })).status).toBe(401);
    }
    expect(await myKyc(investor)).toMatchObject({ status: 'pending' });
  });

  it('answers unknown and malformed ids clearly', async () => {
    expect((await review(randomUUID(), { status: 'approved' })).status).toBe(404);
    expect(
      (
        await client.call(kycOperations.kycDocuments, {
          token: admin.accessToken,
          path: { id: randomUUID() },
        })
      ).status,
    ).toBe(404);
    const malformed = await review('nope', { status: 'approved' });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'id must be a valid id' } });
  });
});
