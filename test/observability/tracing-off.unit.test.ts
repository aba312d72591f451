// With OTEL_EXPORTER_OTLP_ENDPOINT unset nothing is registered: spans do not record, no context travels, and
// the `traceparent` kept with events and audit rows is what the caller sent.
import { expect, test } from '@jest/globals';
import {
  currentTraceparent,
  inSpan,
  insideRecordingSpan,
  SpanKind,
  startTracing,
} from '@cropvest/service-kit/runtime';

const CALLER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

test('tracing is off without an OTLP endpoint: no exporter, no recording spans, the caller’s traceparent kept', async () => {
  expect(startTracing('test', {})).toBeNull();
  await inSpan('work', { kind: SpanKind.SERVER }, async (span) => {
    expect(span.isRecording()).toBe(false);
    expect(insideRecordingSpan()).toBe(false);
    expect(currentTraceparent(CALLER)).toBe(CALLER);
    expect(currentTraceparent(null)).toBeNull();
  });
});
