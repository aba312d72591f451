// Uploads as an attacker would race them, and as an oversize client would send them (issue 15): one ticket stores
// at most one object however many PUTs race for it, and one byte over a bucket's cap is a 413 with the JSON error,
// on every bucket, with a declared length or chunked, never a 502 or a reset.
import { afterAll, describe, expect, it } from '@jest/globals';
import type { UploadPurpose } from '@cropvest/contracts';
import { createObjectStore } from '@cropvest/service-kit/uploads';
import { adminSession, freshIp, parseBody, registerInvestor, stack } from '../support/api.ts';
import { closeConnections, serviceDb } from '../support/connections.ts';
import { PNG, requestUpload } from '../support/uploads.ts';

afterAll(closeConnections);

const MB = 1024 * 1024;
/** Who may ask for each purpose's ticket, which service's schema keeps its claims, and the spec's size cap. */
const PURPOSES: Record<UploadPurpose, { admin: boolean; schema: string; cap: number }> = {
  'deposit-proof': { admin: false, schema: 'wallet', cap: 5 * MB },
  'plan-image': { admin: true, schema: 'plans', cap: 5 * MB },
  'kyc-document': { admin: false, schema: 'kyc', cap: 10 * MB },
};

async function ticketFor(purpose: UploadPurpose) {
  const session = PURPOSES[purpose].admin ? await adminSession() : await registerInvestor();
  return requestUpload(session.accessToken, purpose);
}

/** A PNG of exactly `size` bytes whose filler byte tells one upload from another. */
const png = (size: number, filler = 7) => Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(size - 8, filler)]);

/** A PUT as a browser's fetch sends it: the whole body first, then the answer (a reset fails the call). */
async function put(uploadURL: string, body: Buffer | ReadableStream<Uint8Array>) {
  const response = await fetch(`${stack().gatewayUrl}${uploadURL}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', 'x-forwarded-for': freshIp() },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: parseBody(await response.text()) as { code?: string; message?: string; objectPath?: string },
  };
}

/** The same bytes sent chunked, with no Content-Length, in 64 KiB pieces. */
const chunked = (bytes: Buffer): ReadableStream<Uint8Array> => {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 65536));
      offset += 65536;
    },
  });
};

const store = () =>
  createObjectStore({ endpoint: stack().s3Endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER' });

async function storedBytes(objectPath: string): Promise<Buffer> {
  const [, , bucket, ...key] = objectPath.split('/');
  const stream = await store().getObject(bucket as string, key.join('/'));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(Object.keys(PURPOSES) as UploadPurpose[])('%s uploads', (purpose) => {
  const { cap } = PURPOSES[purpose];

  it('ten concurrent PUTs of one ticket: exactly one 200, nine 409 with the JSON error, one object, never replaced', async () => {
    const ticket = await ticketFor(purpose);
    const files = Array.from({ length: 10 }, (_, i) => png(4096, i + 1));
    const answers = await Promise.all(files.map((file) => put(ticket.uploadURL, file)));
    const statuses = answers.map((a) => a.status).sort();
    process.stdout.write(`${purpose}: 10 concurrent PUTs of one ticket answered ${statuses.join(' ')}\n`);
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.type).toMatch(/^application\/json/);
      expect(refused.body).toMatchObject({ code: 'UPLOAD_TOKEN_USED' });
    }
    const winner = answers.findIndex((a) => a.status === 200);
    expect(answers[winner]?.body.objectPath).toBe(ticket.objectPath);
    // The one object holds the winner's bytes: no loser wrote after it.
    expect((await storedBytes(ticket.objectPath)).equals(files[winner] as Buffer)).toBe(true);
    const [, , bucket, ...key] = ticket.objectPath.split('/');
    const claims = await serviceDb(PURPOSES[purpose].schema)('upload_claims').where({
      bucket,
      object_key: key.join('/'),
    });
    expect(claims).toHaveLength(1);
    // A later PUT is refused the same way.
    expect((await put(ticket.uploadURL, png(100))).status).toBe(409);
  });

  it(`one byte over the cap is 413 with the JSON error, declared or chunked; the ticket still works afterwards`, async () => {
    const ticket = await ticketFor(purpose);
    expect(ticket.maxBytes).toBe(cap);
    const over = png(cap + 1);
    for (const attempt of [1, 2, 3]) {
      for (const [how, body] of [
        ['declared', over],
        ['chunked', chunked(over)],
      ] as const) {
        const answer = await put(ticket.uploadURL, body);
        expect([purpose, how, attempt, answer.status, answer.type]).toEqual([
          purpose,
          how,
          attempt,
          413,
          'application/json; charset=utf-8',
        ]);
        expect(answer.body).toMatchObject({ code: 'FILE_TOO_LARGE' });
      }
    }
    // A refused upload gives its claim back: the same ticket now takes a file of exactly the cap.
    const exact = png(cap);
    expect(await put(ticket.uploadURL, exact)).toMatchObject({
      status: 200,
      body: { objectPath: ticket.objectPath },
    });
    expect((await storedBytes(ticket.objectPath)).length).toBe(cap);
  });
});
