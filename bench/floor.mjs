// The floor of the gateway's hop (bench/README.md, "The floor of the hop"; `BENCH_FLOOR=1 npm run
// bench`): the least a process can do to answer HTTP over NATS request/reply on this machine. Two
// roles, started and stopped by scripts/bench.mjs:
// - FLOOR_ROLE=proxy: node:http (no Fastify, no token check, no validation, no HAL); each request
//   is one NATS request to the responder, whose reply bytes are the HTTP answer as they came;
// - FLOOR_ROLE=responder: answers every request at once with a fixed body of FLOOR_REPLY_BYTES.
// Both connect as the services do (service-kit's connectNats: one socket write per turn of the
// event loop, no async stack traces). Environment: NATS_URL (required), PORT (proxy, default 0),
// FLOOR_REPLY_BYTES (responder, default 1,300: about auth's reply for the network). Prints one line,
// `ready` (responder) or `listening <url>` (proxy), once it serves.
import http from 'node:http';
import { connectNats, drainOrClose } from '../packages/service-kit/dist/index.js';

const SUBJECT = 'bench.floor.echo';
const role = process.env.FLOOR_ROLE;
const natsUrl = process.env.NATS_URL;
if (!natsUrl || (role !== 'proxy' && role !== 'responder')) {
  process.stderr.write('floor: NATS_URL and FLOOR_ROLE (proxy or responder) are required\n');
  process.exit(2);
}

const quiet = { info() {} };
const nc = await connectNats({ url: natsUrl, name: `bench-floor-${role}`, logger: quiet });
const encoder = new TextEncoder();
let server;

if (role === 'responder') {
  const bytes = Number(process.env.FLOOR_REPLY_BYTES ?? 1_300);
  const reply = encoder.encode(JSON.stringify({ ok: true, data: { filler: 'x'.repeat(bytes) } }));
  nc.subscribe(SUBJECT, { callback: (_error, msg) => msg.respond(reply) });
  await nc.flush();
  process.stdout.write('ready\n');
} else {
  // About the envelope the gateway sends for the network (ARCHITECTURE §6).
  const envelope = encoder.encode(
    JSON.stringify({
      ctx: { requestId: 'floor', version: '2026.1.13', networkEID: 'f'.repeat(24), principal: {} },
      params: {},
      query: {},
      body: null,
    }),
  );
  server = http.createServer((request, response) => {
    request.resume();
    nc.request(SUBJECT, envelope, { timeout: 5_000 }).then(
      (msg) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(msg.data);
      },
      () => {
        response.writeHead(503);
        response.end();
      },
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', resolve));
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}\n`);
}

const close = async () => {
  server?.close();
  await drainOrClose(nc);
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void close());
