// Field reports (decision 0093): publishing with photos, the public timeline, notices and mail, corrections, and the
// verification that finds an altered photo or text.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody, OperationQuery } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fieldReportOperations } from '@cropvest/contracts/plans/field-reports-api';
import { createObjectStore } from '@cropvest/service-kit/uploads';
import { adminSession, eventually, registerInvestor, stack, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { waitForMail } from '../../../test/support/mail.ts';
import { PNG, putUpload, requestUpload } from '../../../test/support/uploads.ts';
import { createPlan, heldSlot, plansDb } from './support.ts';

jest.setTimeout(90_000);
afterAll(closeConnections);

const client = stackClient();

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * A JPEG whose only content is an EXIF block (TIFF, little-endian): IFD0 points to an Exif IFD holding
 * DateTimeOriginal `taken` and, when given, OffsetTimeOriginal `offset`.
 */
function jpegTakenAt(taken: string, offset?: string): Buffer {
  const tags: [number, string][] = [[0x9003, `${taken}\0`]];
  if (offset) tags.push([0x9011, `${offset}\0`]);
  const exifIfd = 26;
  let data = exifIfd + 2 + tags.length * 12 + 4;
  const tiff = Buffer.alloc(data + tags.reduce((sum, [, value]) => sum + value.length, 0));
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: one entry, the Exif IFD pointer (0x8769, LONG).
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x8769, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(exifIfd, 18);
  tiff.writeUInt32LE(0, 22);
  // The Exif IFD: ASCII entries whose text follows the directory.
  tiff.writeUInt16LE(tags.length, exifIfd);
  tags.forEach(([tag, value], index) => {
    const entry = exifIfd + 2 + index * 12;
    tiff.writeUInt16LE(tag, entry);
    tiff.writeUInt16LE(2, entry + 2);
    tiff.writeUInt32LE(value.length, entry + 4);
    tiff.writeUInt32LE(data, entry + 8);
    tiff.write(value, data, 'latin1');
    data += value.length;
  });
  const app1 = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(app1.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), length, app1, Buffer.from([0xff, 0xd9])]);
}

async function uploadedPhoto(bytes: Buffer, contentType: string): Promise<string> {
  const ticket = await requestUpload((await adminSession()).accessToken);
  const put = await putUpload(ticket.uploadURL, bytes, contentType);
  expect(put.status).toBe(200);
  return ticket.objectPath;
}

const publish = async (
  planId: string,
  body: OperationBody<typeof fieldReportOperations.publishFieldReport>,
) =>
  client.call(fieldReportOperations.publishFieldReport, {
    token: (await adminSession()).accessToken,
    path: { id: planId },
    body,
  });

const verification = async (reportId: string) =>
  client.call(fieldReportOperations.fieldReportVerification, {
    token: (await adminSession()).accessToken,
    path: { id: reportId },
  });

/** A plan's timeline, as `token` (or anyone signed out) sees it. */
const timelineOf = (
  planId: string,
  query: OperationQuery<typeof fieldReportOperations.fieldReports> = {},
  token?: string,
) => client.call(fieldReportOperations.fieldReports, { token, path: { id: planId }, query });

/** The verdict once the audit entry has reached identity's log (it travels over the bus). */
const settledVerification = (reportId: string) =>
  eventually(
    async () => {
      const answer = await verification(reportId);
      return answer.status === 200 && answer.ok && answer.body.status !== 'audit_pending'
        ? answer.body
        : undefined;
    },
    30_000,
    'the report to reach the audit log',
  );

describe('field reports', () => {
  it('publishes a report with photos: hashes and capture times recorded and audited, investors told, timeline public', async () => {
    const { planId, holder } = await heldSlot(0);
    const jpeg = jpegTakenAt('2026:06:01 07:30:00');
    const [withExif, withoutExif] = [
      await uploadedPhoto(jpeg, 'image/jpeg'),
      await uploadedPhoto(PNG, 'image/png'),
    ];
    const published = await publish(planId, {
      stage: 'planted',
      text: '  Seed drilled on all 120 ha; soil moisture good.  ',
      photos: [withExif, withoutExif],
    });
    expect(published.status).toBe(201);
    const report = succeeded(published, 201);
    expect(report).toMatchObject({
      planId,
      stage: 'planted',
      adverse: false,
      text: 'Seed drilled on all 120 ha; soil moisture good.',
      textSha256: sha256('Seed drilled on all 120 ha; soil moisture good.'),
      correctsReportId: null,
      correctedByReportId: null,
    });
    expect(report.photos).toHaveLength(2);
    expect(report.photos[0]).toMatchObject({
      contentType: 'image/jpeg',
      size: jpeg.length,
      sha256: sha256(jpeg),
      capturedAt: '2026-06-01T07:30:00.000Z',
      capturedAtSource: 'exif',
    });
    expect(report.photos[1]).toMatchObject({
      contentType: 'image/png',
      sha256: sha256(PNG),
      capturedAtSource: 'upload',
    });
    // The short-lived link gives the very bytes hashed.
    const viaLink = Buffer.from(await (await fetch(report.photos[0]!.url)).arrayBuffer());
    expect(sha256(viaLink)).toBe(sha256(jpeg));
    // The upload is the report's now: no public image address serves it, and it cannot be published again.
    expect(
      (await fetch(`${stack().gatewayUrl}${withExif.replace('/objects/plan-images/', '/api/plan-images/')}`))
        .status,
    ).toBe(404);
    expect(await publish(planId, { stage: 'growing', text: 'Again', photos: [withoutExif] })).toMatchObject({
      status: 409,
      body: { code: 'PHOTO_ALREADY_PUBLISHED' },
    });

    // Anyone reads the timeline of an active plan, newest first, paged.
    const second = await publish(planId, { stage: 'growing', text: 'Tillering has started.' });
    expect(second.status).toBe(201);
    const timeline = await timelineOf(planId, { pageSize: 1 });
    expect(timeline.status).toBe(200);
    expect(timeline.headers.get('x-total-count')).toBe('2');
    expect(succeeded(timeline).map((r) => r.id)).toEqual([succeeded(second, 201).id]);
    const page2 = await timelineOf(planId, { pageSize: 1, page: 2 });
    expect(succeeded(page2)[0]).toMatchObject({
      id: report.id,
      photos: [{ sha256: sha256(jpeg) }, { sha256: sha256(PNG) }],
    });

    // The audit entry records the report, and the verification finds everything as recorded.
    const verdict = await settledVerification(report.id);
    expect(verdict).toMatchObject({
      reportId: report.id,
      status: 'intact',
      auditEntry: { found: true, intact: true },
      stageMatches: true,
      planMatches: true,
      text: { matches: true, recorded: report.textSha256 },
      photos: [
        { id: report.photos[0]!.id, recorded: sha256(jpeg), computed: sha256(jpeg), matches: true },
        { id: report.photos[1]!.id, recorded: sha256(PNG), computed: sha256(PNG), matches: true },
      ],
    });
    const audit = await client.ok(identityOperations.auditLogs, {
      token: (await adminSession()).accessToken,
      query: { targetType: 'field_report', targetId: report.id },
    });
    expect(audit.items[0]).toMatchObject({
      action: 'field_report_publish',
      details: {
        planId,
        stage: 'planted',
        textSha256: report.textSha256,
        photos: [
          { id: report.photos[0]!.id, sha256: sha256(jpeg), capturedAtSource: 'exif' },
          { id: report.photos[1]!.id, sha256: sha256(PNG), capturedAtSource: 'upload' },
        ],
      },
    });

    // The plan's investor is told in the app, once per report.
    const notices = await eventually(
      async () => {
        const list = await client.ok(notificationOperations.myNotifications, {
          token: holder.accessToken,
          query: { pageSize: 50 },
        });
        const found = list.filter((n) => n.title.startsWith('Field report:'));
        return found.length === 2 ? found : undefined;
      },
      30_000,
      'two field-report notices',
    );
    expect(notices[0]!.message).toContain('Winter wheat');
  });

  it("takes a capture time from EXIF with the camera's offset, and never one in the future", async () => {
    const plan = await createPlan();
    const withOffset = await uploadedPhoto(jpegTakenAt('2026:06:01 09:30:00', '+02:00'), 'image/jpeg');
    const fromTheFuture = await uploadedPhoto(jpegTakenAt('2099:01:01 00:00:00'), 'image/jpeg');
    const published = await publish(plan.id, {
      stage: 'growing',
      text: 'Two photos.',
      photos: [withOffset, fromTheFuture],
    });
    expect(published.status).toBe(201);
    const [offset, future] = succeeded(published, 201).photos;
    expect(offset).toMatchObject({
      capturedAt: '2026-06-01T07:30:00.000Z',
      capturedAtSource: 'exif',
    });
    expect(future!.capturedAtSource).toBe('upload');
    expect(Date.parse(future!.capturedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('highlights an adverse event and mails it to the investors', async () => {
    const { planId, holder } = await heldSlot(0);
    const mine = async () =>
      (await client.ok(plansOperations.myInvestments, { token: holder.accessToken })).find(
        (i) => i.planId === planId,
      );
    expect((await mine())?.latestFieldReport).toBeNull();
    const answer = await publish(planId, {
      stage: 'adverse_event',
      text: 'Hail on 40 ha of the eastern plots; damage is being assessed.',
    });
    expect(answer.status).toBe(201);
    const published = succeeded(answer, 201);
    expect(published).toMatchObject({ stage: 'adverse_event', adverse: true });
    // My Investments shows it as the plan's newest report.
    expect((await mine())?.latestFieldReport).toEqual({
      id: published.id,
      stage: 'adverse_event',
      adverse: true,
      publishedAt: published.publishedAt,
    });
    const mail = await waitForMail(holder.user.email, /Adverse event reported/);
    expect(mail.body).toContain('adverse event');
  });

  it('keeps a published report as it was: a correction is a new report naming it', async () => {
    const plan = await createPlan();
    const first = succeeded(
      await publish(plan.id, { stage: 'flowering', text: 'Flowering on 80 % of the area.' }),
      201,
    );
    const answer = await publish(plan.id, {
      stage: 'flowering',
      text: 'Correction: flowering on 60 % of the area.',
      correctsReportId: first.id,
    });
    expect(answer.status).toBe(201);
    const correction = succeeded(answer, 201);
    expect(correction.correctsReportId).toBe(first.id);
    const timeline = await client.ok(fieldReportOperations.fieldReports, { path: { id: plan.id } });
    expect(timeline[1]).toMatchObject({
      id: first.id,
      text: 'Flowering on 80 % of the area.',
      correctedByReportId: correction.id,
    });
    // The database refuses any change to a published report.
    await expect(
      plansDb()('field_reports').where({ id: first.id }).update({ text: 'Flowering everywhere.' }),
    ).rejects.toThrow(/cannot be changed/);
    await expect(plansDb()('field_reports').where({ id: first.id }).delete()).rejects.toThrow(
      /cannot be changed/,
    );

    // A correction must name a report of the same plan.
    const other = await createPlan();
    expect(
      await publish(other.id, { stage: 'growing', text: 'Wrong plan', correctsReportId: first.id }),
    ).toMatchObject({ status: 404, body: { code: 'FIELD_REPORT_NOT_FOUND' } });
  });

  it('detects a photo altered in the store and a text altered in the database', async () => {
    const plan = await createPlan();
    const photo = await uploadedPhoto(PNG, 'image/png');
    const report = succeeded(
      await publish(plan.id, { stage: 'pre_harvest', text: 'Grain filling well.', photos: [photo] }),
      201,
    );
    expect((await settledVerification(report.id)).status).toBe('intact');

    // Someone with access to the bucket swaps the photo's bytes.
    const store = createObjectStore({
      endpoint: stack().s3Endpoint,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
    });
    const forged = Buffer.concat([PNG, Buffer.from('retouched')]);
    await store.putObject(
      'plan-images',
      `field-reports/${report.id}/${report.photos[0]!.id}`,
      forged,
      forged.length,
      {
        'Content-Type': 'image/png',
      },
    );
    expect((await verification(report.id)).body).toMatchObject({
      status: 'altered',
      auditEntry: { intact: true },
      text: { matches: true },
      photos: [{ recorded: sha256(PNG), computed: sha256(forged), matches: false }],
    });

    // Someone with the database owner's rights rewrites the text (and its stored hash) past the trigger.
    await plansDb().transaction(async (trx) => {
      await trx.raw('ALTER TABLE field_reports DISABLE TRIGGER field_reports_immutable');
      await trx('field_reports')
        .where({ id: report.id })
        .update({ text: 'Grain filling poorly.', text_sha256: sha256('Grain filling poorly.') });
      await trx.raw('ALTER TABLE field_reports ENABLE TRIGGER field_reports_immutable');
    });
    expect((await verification(report.id)).body).toMatchObject({
      status: 'altered',
      text: {
        recorded: sha256('Grain filling well.'),
        computed: sha256('Grain filling poorly.'),
        matches: false,
      },
    });
  });

  it('refuses bad input, unknown plans and reports, and hides an inactive plan from those who cannot see it', async () => {
    const plan = await createPlan();
    const admin = (await adminSession()).accessToken;
    // Raw: a stage the contract does not have.
    const { method, path } = fieldReportOperations.publishFieldReport;
    const unknownStage = await client.raw(method.toUpperCase(), path.replace('{id}', plan.id), {
      token: admin,
      body: { stage: 'sprouting', text: 'x' },
    });
    expect(unknownStage).toMatchObject({ status: 400 });
    expect(await publish(plan.id, { stage: 'growing', text: '   ' })).toMatchObject({ status: 400 });
    expect(await publish(plan.id, { stage: 'growing', text: 'x'.repeat(5001) })).toMatchObject({
      status: 400,
    });
    expect(await publish(plan.id, { stage: 'growing', text: 'x', photos: ['/etc/passwd'] })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'photos.0' }] },
    });
    // Only the admin's plan-image uploads: an investor's deposit proof (another bucket) is no photo.
    const investor = await registerInvestor();
    const proof = await requestUpload(investor.accessToken, 'deposit-proof');
    expect((await putUpload(proof.uploadURL, PNG)).status).toBe(200);
    expect(await publish(plan.id, { stage: 'growing', text: 'x', photos: [proof.objectPath] })).toMatchObject(
      {
        status: 400,
        body: { issues: [{ path: 'photos.0' }] },
      },
    );
    const photo = await uploadedPhoto(PNG, 'image/png');
    expect(await publish(plan.id, { stage: 'growing', text: 'x', photos: [photo, photo] })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'photos.1' }] },
    });
    expect(
      await publish(plan.id, {
        stage: 'growing',
        text: 'x',
        photos: Array.from({ length: 11 }, () => photo),
      }),
    ).toMatchObject({ status: 400 });
    expect(await publish(randomUUID(), { stage: 'growing', text: 'x' })).toMatchObject({ status: 404 });
    expect((await verification(randomUUID())).status).toBe(404);
    expect((await timelineOf(randomUUID())).status).toBe(404);
    expect((await timelineOf(plan.id, { pageSize: 0 })).status).toBe(400);

    // An inactive plan's timeline: admins and its investors, nobody else.
    const { planId, holder } = await heldSlot(0);
    await publish(planId, { stage: 'growing', text: 'Before the plan closed.' });
    await serviceDb('plans')('plans').where({ id: planId }).update({ is_active: false });
    expect((await timelineOf(planId)).status).toBe(404);
    const stranger = await registerInvestor();
    expect((await timelineOf(planId, {}, stranger.accessToken)).status).toBe(404);
    expect((await timelineOf(planId, {}, holder.accessToken)).body).toHaveLength(1);
    expect((await timelineOf(planId, {}, admin)).body).toHaveLength(1);
    expect((await timelineOf(planId, {}, 'not-a-token')).status).toBe(401);
  });
});
