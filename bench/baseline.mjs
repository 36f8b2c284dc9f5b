// The benchmark's baseline (see bench/README.md): the read behind `GET /networks/{networkEID}/`, done
// by ONE process (Fastify + mongoose) against the same store and the same documents as the auth
// service, without NATS, the gateway or HAL assembly. Started and stopped by scripts/bench.mjs.
//
// Environment: MONGO_URL (required), MONGO_DB (default ncs_auth), PORT (default 0: any free port),
// HOST (default 127.0.0.1), TOKEN_CACHE_TTL_MS (default 5000, the gateway's default; 0 disables).
// Prints one line `listening <url>` on stdout once it serves.
//
// Per request, exactly the reads of the real path:
// - the principal of the token, cached like the gateway's TokenAuthenticator (key SHA-256 of the
//   token, TTL capped at the token's expiry, at most 10,000 entries); on a miss, as the auth
//   service's token lookup: `tokens` by { hash, kind: 'access', revokedAt: null } with expiresAt
//   checked, then the account's active `profiles`;
// - the membership of the network from that principal (else 404, as the gateway);
// - as the auth service's `network.get`: `networks` by _id and the caller's active profile in
//   parallel, then whether the network has external members.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import mongoose from 'mongoose';

const mongoUrl = process.env.MONGO_URL;
if (!mongoUrl) {
  process.stderr.write('baseline: MONGO_URL is required\n');
  process.exit(2);
}
const ttlMs = Number(process.env.TOKEN_CACHE_TTL_MS ?? 5_000);
const maxEntries = 10_000;

const connection = mongoose.createConnection(mongoUrl, {
  dbName: process.env.MONGO_DB ?? 'ncs_auth',
  autoIndex: false, // the auth service owns the collections and their indexes
  serverSelectionTimeoutMS: 10_000,
});
// Minimal schemas: only reads, of documents the auth service wrote.
const loose = (collection) => new mongoose.Schema({}, { strict: false, collection });
const Token = connection.model('Token', loose('tokens'));
const Profile = connection.model('Profile', loose('profiles'));
const Network = connection.model('Network', loose('networks'));

const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i;
const OBJECT_ID = /^[0-9a-f]{24}$/;
const timestamp = (date) => (date instanceof Date ? date.toISOString().replace('Z', '+00:00') : null);

/** hash → { principal, until } */
const cache = new Map();

async function principalOf(token) {
  const hash = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  const cached = cache.get(hash);
  if (cached && cached.until > now) return cached.principal;
  if (token.length > 512) return null;
  const found = await Token.findOne({ hash, kind: 'access', revokedAt: null }).lean();
  if (!found || (found.expiresAt && found.expiresAt.getTime() <= Date.now())) return null;
  const profiles = found.accountId
    ? await Profile.find({ accountId: found.accountId, userState: 'active' }).lean()
    : [];
  const principal = {
    accountId: found.accountId ?? null,
    memberships: profiles.map((profile) => ({
      networkEID: profile.networkEID,
      profileEID: String(profile._id),
    })),
  };
  if (ttlMs > 0) {
    const expires = found.expiresAt ? found.expiresAt.getTime() : Number.POSITIVE_INFINITY;
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value);
    cache.set(hash, { principal, until: Math.min(now + ttlMs, expires) });
  }
  return principal;
}

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get('/networks/:networkEID/', async (request, reply) => {
  const bearer = BEARER.exec(request.headers.authorization ?? '');
  if (!bearer) return reply.code(401).send({ error: 'invalid_request' });
  const principal = await principalOf(bearer[1]);
  if (!principal) return reply.code(401).send({ error: 'invalid_token' });

  const { networkEID } = request.params;
  const membership = principal.memberships.find((m) => m.networkEID === networkEID);
  if (!membership || !OBJECT_ID.test(networkEID)) return reply.code(404).send({ error: 'not_found' });
  const [network, member] = await Promise.all([
    Network.findById(networkEID).lean(),
    Profile.exists({ _id: membership.profileEID, networkEID, userState: 'active' }),
  ]);
  if (!network || !member) return reply.code(404).send({ error: 'not_found' });
  const hasExternalMembers = Boolean(await Profile.exists({ networkEID, external: true }));

  const EID = String(network._id);
  return {
    type: 'network',
    EID,
    name: network.name,
    subdomain: network.subdomain,
    description: network.description,
    emblemThumbnailUrl: null,
    subscription: {
      type: network.subscription?.type ?? 'free',
      since: timestamp(network.subscription?.since ?? network.created),
    },
    allowChatCustomSettings: network.allowChatCustomSettings,
    language: network.language,
    hasExternalMembers,
    created: timestamp(network.created),
    lastModified: timestamp(network.lastModified),
    _links: { self: { href: `${request.protocol}://${request.host}/networks/${EID}/` } },
  };
});

let closing = false;
async function close(code) {
  if (closing) return;
  closing = true;
  await app.close().catch(() => undefined);
  await connection.close().catch(() => undefined);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void close(0));

try {
  await connection.asPromise();
  const url = await app.listen({
    port: Number(process.env.PORT ?? 0),
    host: process.env.HOST ?? '127.0.0.1',
  });
  process.stdout.write(`listening ${url}\n`);
} catch (error) {
  process.stderr.write(`baseline: ${error instanceof Error ? error.message : String(error)}\n`);
  await close(1);
}
