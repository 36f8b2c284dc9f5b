/**
 * `Idempotency-Key` on the routes that declare `idempotencyKey` (message.create, comment.create,
 * message.like): the first request with a key claims it by a unique insert, runs, and stores its
 * answer; a later request with the same key from the same caller in the same network within 24
 * hours gets that answer (status and body) without running again, on any instance. Rules:
 * docs/decisions.md, "Search and idempotent posting".
 */
import { DomainError, type RouteDefinition, type RpcRequest } from '@ncs/contracts';
import { isDuplicateKeyError, withStatus, WithStatus, type RpcHandler } from '@ncs/service-kit';
import type { Model } from 'mongoose';
import { checkedKey, keyAlive, requestHashOf } from './keys.js';
import type { IdempotencyDoc } from './models.js';

/** A claim whose request has run this long without an answer (its instance died) may be taken over. */
const PENDING_LEASE_MS = 30_000;
/**
 * A replay arriving while the first request runs waits this long for its answer, then is a 409:
 * well below the gateway's RPC timeout (`RPC_TIMEOUT_MS`, 5 s by default), never a 504.
 */
const WAIT_FOR_FIRST_MS = 2_000;
const POLL_MS = 50;

type Keys = Model<IdempotencyDoc>;

/** Wraps the handlers of the idempotent routes among `routes`; the others are left as they are. */
export function withIdempotency(
  handlers: Map<string, RpcHandler>,
  routes: readonly RouteDefinition[],
  keys: Keys,
): Map<string, RpcHandler> {
  for (const route of routes) {
    const handler = handlers.get(route.subject);
    if (!route.idempotencyKey || !handler) continue;
    handlers.set(route.subject, (request, handlerContext) => {
      const key = request.ctx.idempotencyKey;
      if (key === undefined) return handler(request, handlerContext);
      return runOnce(keys, route, request, checkedKey(key), () => handler(request, handlerContext));
    });
  }
  return handlers;
}

async function runOnce(
  keys: Keys,
  route: RouteDefinition,
  request: RpcRequest,
  key: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const principal = request.ctx.principal;
  const callerEID = principal?.profileEID ?? principal?.appEID;
  // Without a caller in a network the handler answers its own error; nothing is stored.
  if (!request.ctx.networkEID || !callerEID) return run();
  const id = { networkEID: request.ctx.networkEID, callerEID, key };
  const requestHash = requestHashOf(route.id, request.params, request.body);
  const claimed = await claimKey(keys, id, requestHash);
  if (claimed === 'answer') return answerOf(await waitForAnswer(keys, id, requestHash));
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    // A failed first request wrote nothing: the key is released, a retry with it runs anew.
    await keys.deleteOne({ _id: claimed._id, state: 'pending' });
    throw error;
  }
  const status = result instanceof WithStatus ? result.status : route.reply.status;
  const data: unknown = result instanceof WithStatus ? result.data : result;
  await keys.updateOne(
    { _id: claimed._id },
    { $set: { state: 'done', status, body: JSON.stringify(data ?? null) } },
  );
  return result;
}

type Id = Pick<IdempotencyDoc, 'networkEID' | 'callerEID' | 'key'>;

/** The caller's own claim (a new or taken-over document), or `answer` when another request holds the key. */
async function claimKey(keys: Keys, id: Id, requestHash: string): Promise<IdempotencyDoc | 'answer'> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    try {
      const doc = await keys.create({
        ...id,
        requestHash,
        state: 'pending',
        until: new Date(now.getTime() + PENDING_LEASE_MS),
        status: null,
        body: null,
        created: now,
      });
      return doc.toObject<IdempotencyDoc>();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const held = await keys.findOne(id).lean<IdempotencyDoc>();
    if (!held) continue; // released or expired meanwhile: claim again
    if (!keyAlive(held.created, now)) {
      // Older than 24 hours (a store without TTL indexes keeps it): forgotten, then claimed anew.
      await keys.deleteOne({ _id: held._id, created: held.created });
      continue;
    }
    if (held.requestHash !== requestHash) throw new DomainError('MESSAGING_ERR_IDEM_KEY_REUSED');
    if (held.state === 'pending' && held.until.getTime() <= now.getTime()) {
      const until = new Date(now.getTime() + PENDING_LEASE_MS);
      const taken = await keys.updateOne(
        { _id: held._id, state: 'pending', until: held.until },
        { $set: { until } },
      );
      if (taken.modifiedCount === 1) return { ...held, until };
    }
    return 'answer';
  }
  throw new DomainError('MESSAGING_ERR_IDEM_KEY_BUSY');
}

/** The stored answer of the key, waiting a little while the first request still runs. */
async function waitForAnswer(keys: Keys, id: Id, requestHash: string): Promise<IdempotencyDoc> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const held = await keys.findOne(id).lean<IdempotencyDoc>();
    if (held && held.requestHash !== requestHash) throw new DomainError('MESSAGING_ERR_IDEM_KEY_REUSED');
    if (held?.state === 'done') return held;
    // Released (the first request failed) or still running past the wait: the client retries.
    if (!held || Date.now() >= deadline) throw new DomainError('MESSAGING_ERR_IDEM_KEY_BUSY');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function answerOf(doc: IdempotencyDoc): WithStatus {
  return withStatus(doc.status ?? 200, JSON.parse(doc.body ?? 'null') as unknown);
}
