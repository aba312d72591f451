// Many investors with the notification stream open (server-sent events), as every signed-in tab keeps one.
// Each request holds its stream for STREAM_SECONDS; k6 counts it as one long request.
import { check } from 'k6';
import http from 'k6/http';
import { BASE_URL, COMMON_THRESHOLDS, headers, registerInvestor } from './lib/cropvest.js';

const INVESTORS = Number(__ENV.INVESTORS || 50);
const STREAM_SECONDS = Number(__ENV.STREAM_SECONDS || 60);

export const options = {
  scenarios: { streams: { executor: 'constant-vus', vus: 500, duration: '5m' } },
  thresholds: { ...COMMON_THRESHOLDS, 'http_req_waiting{name:stream}': ['p(95)<500'] },
};

export function setup() {
  return { investors: Array.from({ length: INVESTORS }, (_, n) => registerInvestor('stream', n)) };
}

export default function (data) {
  const { token } = data.investors[Math.floor(Math.random() * data.investors.length)];
  // The stream never ends by itself: the timeout closes it, and k6 then reports no status.
  const stream = http.get(`${BASE_URL}/api/notifications/stream`, {
    headers: { ...headers(token), Accept: 'text/event-stream' },
    timeout: `${STREAM_SECONDS}s`,
    tags: { name: 'stream' },
    responseCallback: http.expectedStatuses(0, 200),
  });
  // Held open until the timeout (k6's error 1050), or ended by the server with a 200.
  check(stream, { 'stream held open': (r) => r.status === 200 || r.error_code === 1050 });
}
