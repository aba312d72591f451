// An admin's approval of a deposit followed as one trace: the gateway's server span, the wallet's server span as
// its child (the proxy sent `traceparent`), the wallet's PostgreSQL queries under it, and notify consuming
// `deposit.approved` as a child of the wallet's span (the outbox relay sent its `traceparent` in the message
// headers) with its own queries under it; and a purchase, whose wallet debit is a NATS request carrying the
// trace. The spans arrive as the processes export them, over OTLP/HTTP JSON.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import http from 'node:http';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { approveAsAdmin, eventually, registerInvestor, stackClient } from '../support/api.ts';
import { closeConnections } from '../support/connections.ts';
import { verifiedInvestor } from '../support/kyc.ts';
import { createPlan } from '../../services/plans/test/support.ts';
import { acknowledgement } from '../support/key-information.ts';

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

// OTLP's span kinds (opentelemetry-proto trace.proto).
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: Omit<ReceivedSpan, 'service'>[] }[];
  }[];
}

const received: ReceivedSpan[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
    for (const { resource, scopeSpans } of body.resourceSpans) {
      const service = resource.attributes.find(({ key }) => key === 'service.name')?.value.stringValue ?? '';
      for (const { spans } of scopeSpans) for (const span of spans) received.push({ ...span, service });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(
  () =>
    new Promise<void>((resolve) => receiver.listen(Number(process.env.TEST_OTLP_PORT), '127.0.0.1', resolve)),
);
// The processes keep their exporters' connections open (keep-alive); close them too, or Jest waits on them.
afterAll(
  () =>
    new Promise<void>((resolve) => {
      receiver.close(() => resolve());
      receiver.closeAllConnections();
    }),
);
afterAll(closeConnections);

test('one approval runs as one trace from the gateway through the wallet and NATS into notify and PostgreSQL', async () => {
  const investor = await registerInvestor();
  const deposit = await stackClient().call(walletOperations.createDeposit, {
    token: investor.accessToken,
    body: { amount: '100' },
  });
  expect(deposit.status).toBe(201);
  if (!deposit.ok) throw new Error(`the deposit was refused: ${deposit.body.message}`);
  await approveAsAdmin({ deposit: deposit.body.id });

  // The only deposit approved on this stack, so the only such consumer span.
  const trace = await eventually(
    async () => {
      const consumed = received.find(
        (span) =>
          span.service === 'notify' && span.kind === CONSUMER && span.name === 'consume deposit.approved',
      );
      if (!consumed) return undefined;
      const spans = received.filter((span) => span.traceId === consumed.traceId);
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      const walletServer = byId.get(consumed.parentSpanId ?? '');
      const gatewayServer = walletServer && byId.get(walletServer.parentSpanId ?? '');
      const walletQuery = spans.find(
        (span) =>
          span.service === 'wallet' && span.kind === CLIENT && span.parentSpanId === walletServer?.spanId,
      );
      const notifyQuery = spans.find(
        (span) => span.service === 'notify' && span.kind === CLIENT && span.parentSpanId === consumed.spanId,
      );
      return gatewayServer && walletQuery && notifyQuery
        ? { consumed, walletServer, gatewayServer, walletQuery, notifyQuery }
        : undefined;
    },
    30_000,
    'the approval trace from the gateway to notify',
  );

  expect(trace.gatewayServer).toMatchObject({ service: 'gateway', kind: SERVER });
  expect(trace.gatewayServer.parentSpanId ?? '').toBe(''); // the trace's root: the test sent no traceparent
  expect(trace.gatewayServer.name).toBe('PUT /api/admin/deposits/:id/status');
  expect(trace.walletServer).toMatchObject({ service: 'wallet', kind: SERVER });
  expect(trace.walletServer.name).toMatch(/^PUT /);
  expect(trace.walletQuery.name).toMatch(/^db /);
  expect(trace.notifyQuery.name).toMatch(/^db /);
});

test("a purchase is one trace across the plans service and the wallet's debit (NATS request and reply)", async () => {
  const plan = await createPlan();
  const investor = await verifiedInvestor('100', 'plans');
  const bought = await stackClient().call(plansOperations.invest, {
    token: investor.accessToken,
    body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 1 },
  });
  expect(bought.status).toBe(201);

  const trace = await eventually(
    async () => {
      const served = received.find(
        (span) => span.service === 'wallet' && span.kind === SERVER && span.name === 'serve cmd.wallet.debit',
      );
      if (!served) return undefined;
      const spans = received.filter((span) => span.traceId === served.traceId);
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      const sent = byId.get(served.parentSpanId ?? '');
      const plansServer = sent && byId.get(sent.parentSpanId ?? '');
      const gatewayServer = plansServer && byId.get(plansServer.parentSpanId ?? '');
      return gatewayServer ? { served, sent, plansServer, gatewayServer } : undefined;
    },
    30_000,
    'the purchase trace from the gateway through plans to the wallet',
  );

  expect(trace.gatewayServer).toMatchObject({
    service: 'gateway',
    kind: SERVER,
    name: 'POST /api/investments',
  });
  expect(trace.plansServer).toMatchObject({ service: 'plans', kind: SERVER });
  expect(trace.sent).toMatchObject({ service: 'plans', kind: CLIENT, name: 'send cmd.wallet.debit' });
});
