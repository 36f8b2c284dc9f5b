// The benchmark's baseline (see bench/README.md): the read behind `GET /networks/{networkEID}/`, done
// by ONE process (Fastify + mongoose) against the same store and the same documents as the auth
// service, without NATS, the gateway or HAL assembly. Started and stopped by scripts/bench.mjs.
//
// Environment: MONGO_URL (required), MONGO_DB (default ncs_auth), MESSAGING_MONGO_DB (default
// ncs_messaging), NETWORK_DOMAIN (auth's, default ncs.example), PORT (default 0: any free port),
// HOST (default 127.0.0.1), TOKEN_CACHE_TTL_MS (default 5000, the gateway's default; 0 disables).
// Prints one line `listening <url>` on stdout once it serves.
//
// Per request, exactly the reads of the real path, BY THE SAME CODE (imported from the built apps,
// so the baseline cannot drift from what the services do; tests/e2e/platform/bench-baseline.test.ts
// compares the two bodies):
// - the principal of the token through the gateway's own TokenAuthenticator (same cache: key
//   SHA-256 of the token, TTL capped at the token's expiry, at most 10,000 entries), whose lookup
//   is auth's `lookupAccessToken` called in-process instead of over NATS;
// - the gateway's `scopeToNetwork` (the membership of the network, else 404);
// - auth's `getNetwork` (the network, the caller's profile, the network's facts) and, for its
//   `numScheduledItems`, auth's per-person cache of messaging's count (ScheduledItemsCounts, same
//   TTL) over messaging's scheduled-items count handler, both in-process on their own databases.
// Only the HAL assembly differs: the answer has `_links.self` alone.
import Fastify from 'fastify';
import mongoose from 'mongoose';
import { DomainError, internalSubjects, routes } from '@ncs/contracts';
import { registerAuthModels } from '../apps/auth/dist/models.js';
import { getNetwork } from '../apps/auth/dist/directory/networks.js';
import { ScheduledItemsCounts } from '../apps/auth/dist/directory/scheduled-items.js';
import { lookupAccessToken } from '../apps/auth/dist/oauth/token-management.js';
import { registerMessagingModels } from '../apps/messaging/dist/models.js';
import { internalHandlers as messagingInternalHandlers } from '../apps/messaging/dist/app.js';
import { TokenAuthenticator } from '../apps/gateway/dist/authentication/token-authenticator.js';
import { scopeToNetwork } from '../apps/gateway/dist/request-path/scope.js';
import { useIdentitySessionTables } from '@ncs/service-kit';

const mongoUrl = process.env.MONGO_URL;
if (!mongoUrl) {
  process.stderr.write('baseline: MONGO_URL is required\n');
  process.exit(2);
}
const ttlMs = Number(process.env.TOKEN_CACHE_TTL_MS ?? 5_000);
const networkDomain = process.env.NETWORK_DOMAIN ?? 'ncs.example';
const version = process.env.BASELINE_VERSION ?? '2026.1.13';

const connect = (dbName) => {
  const connection = mongoose.createConnection(mongoUrl, {
    dbName,
    autoIndex: false, // the services own their collections and indexes
    autoCreate: false,
    serverSelectionTimeoutMS: 10_000,
  });
  // The driver's tables of sessions and cursors, as the services' (service-kit's connectDatabase).
  useIdentitySessionTables(connection.getClient());
  return connection;
};
const authDb = connect(process.env.MONGO_DB ?? 'ncs_auth');
const messagingDb = connect(process.env.MESSAGING_MONGO_DB ?? 'ncs_messaging');
const authModels = registerAuthModels(authDb);
const messagingHandlers = messagingInternalHandlers(registerMessagingModels(messagingDb));

/** The RPCs of the real path, answered in-process by the owners' own handlers. */
const inProcess = {
  async request(subject, payload) {
    if (subject === internalSubjects.tokenLookup) return lookupAccessToken(authModels, payload.body.token);
    if (subject === internalSubjects.scheduledItemsCount)
      return messagingHandlers[subject]({ ...payload, params: {}, query: {}, body: payload.body ?? null });
    throw new Error(`baseline: no in-process answer for ${subject}`);
  },
};
const authenticator = new TokenAuthenticator(inProcess, { ttlMs, maxEntries: 10_000 });
const scheduledItems = new ScheduledItemsCounts(inProcess);
const networkGet = routes.find((route) => route.id === 'network.get');

const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i;
let requests = 0;

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get('/networks/:networkEID/', async (request, reply) => {
  const bearer = BEARER.exec(request.headers.authorization ?? '');
  if (!bearer) return reply.code(401).send({ error: 'invalid_request' });
  const base = { version, requestId: `baseline-${(requests += 1)}` };
  let token;
  try {
    token = await authenticator.authenticate(bearer[1], base);
  } catch {
    return reply.code(401).send({ error: 'invalid_token' });
  }
  try {
    const ctx = scopeToNetwork(networkGet, base, token, {
      params: request.params,
      query: {},
      body: undefined,
    });
    const network = await getNetwork(authModels, ctx, networkDomain, scheduledItems);
    return {
      ...network,
      _links: { self: { href: `${request.protocol}://${request.host}/networks/${network.EID}/` } },
    };
  } catch (error) {
    if (error instanceof DomainError) return reply.code(404).send({ error: 'not_found' });
    throw error;
  }
});

let closing = false;
async function close(code) {
  if (closing) return;
  closing = true;
  await app.close().catch(() => undefined);
  await Promise.all([authDb.close(), messagingDb.close()]).catch(() => undefined);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void close(0));

try {
  await Promise.all([authDb.asPromise(), messagingDb.asPromise()]);
  const url = await app.listen({
    port: Number(process.env.PORT ?? 0),
    host: process.env.HOST ?? '127.0.0.1',
  });
  process.stdout.write(`listening ${url}\n`);
} catch (error) {
  process.stderr.write(`baseline: ${error instanceof Error ? error.message : String(error)}\n`);
  await close(1);
}
