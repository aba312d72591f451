// A reference point for bench/gateway: the least any Node HTTP hop can cost. It forwards every request to one
// target over kept-alive connections and sends the answer back in one write, with no checks, no headers and
// no logging. Run as its own process (like the gateway) by run.ts; never part of the platform.
//   node --import tsx bench/gateway/bare-forwarder.ts <target-url>   (tells its port to the parent over IPC)
import http from 'node:http';

const targetUrl = process.argv[2];
if (!targetUrl) throw new Error('usage: bare-forwarder.ts <target-url>');
const target = new URL(targetUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const server = http.createServer((request, response) => {
  const upstream = http.request(
    {
      hostname: target.hostname,
      port: target.port,
      path: request.url,
      method: request.method,
      headers: request.headers,
      agent,
    },
    (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        response.end(Buffer.concat(chunks));
      });
    },
  );
  upstream.on('error', () => response.writeHead(502).end());
  request.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
