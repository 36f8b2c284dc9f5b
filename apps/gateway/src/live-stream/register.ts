/**
 * The live stream's part of the gateway: the route `stream.open` runs the request path
 * of every table route (version, token, scope, validation, network membership: 404, the owner's
 * answer), then its responder (`responders/stream.ts`) hands the request here: claim one of the
 * person's slots (429 beyond the gateway's `STREAM_MAX_PER_PERSON`), read what the person may see (auth's
 * `streamAudience`), answer `text/event-stream` whatever media type was asked for, and run the
 * session until it ends. One tail of the event log per instance feeds every session through the
 * router. Sessions still open when the gateway closes end first, so shutdown never waits on a
 * stream.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NatsConnection } from 'nats';
import { Ajv } from 'ajv';
import {
  DomainError,
  EPHEMERAL_SUBJECTS,
  EphemeralEventSchema,
  internalSubjects,
  STREAM_REPLAY_MAX,
  type EphemeralEvent,
  type RequestContext,
  type StreamOpenReply,
} from '@ncs/contracts';
import { ephemeralPublisher, newGauge, subscribeJson, type Logger, type RpcClient } from '@ncs/service-kit';
import {
  AuthenticationError,
  extractToken,
  type TokenAuthenticator,
} from '../authentication/token-authenticator.js';
import type { GatewayConfig } from '../config.js';
import type { RouteAnswer } from '../responders/responder.js';
import { API_VERSION_HEADER } from '../request-path/negotiate.js';
import { eventLogReader } from './log.js';
import { LiveRouter } from './router.js';
import { renderCache, runSession, type LiveSession } from './session.js';
import { StreamSlots } from './slots.js';
import { resumePointOf } from './sse.js';
import type { Standing } from './visibility.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens the live stream of a request whose owner answered (responders/stream.ts). */
    readonly liveStreams: LiveStreams;
  }
}

export interface LiveStreams {
  open(answer: RouteAnswer, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export interface LiveStreamDeps {
  readonly nats: NatsConnection;
  readonly rpc: RpcClient;
  readonly logger: Logger;
  readonly config: GatewayConfig;
  readonly authenticator: TokenAuthenticator;
}

/** Every router of this process (one per gateway app), read when the metrics are scraped. */
const routers = new Set<LiveRouter<LiveSession>>();
newGauge({
  name: 'ncs_live_streams_open',
  help: 'Live streams open on this gateway.',
  labelNames: [],
  read: () => [[{}, [...routers].reduce((sum, router) => sum + router.size, 0)] as const],
});

/** Typing and presence events as producers publish them, checked before any is routed. */
const isEphemeralEvent = new Ajv({ strict: false }).compile<EphemeralEvent>(EphemeralEventSchema);

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  connection: 'keep-alive',
  // Proxies (nginx) pass each event on at once.
  'x-accel-buffering': 'no',
};

export function registerLiveStreams(app: FastifyInstance, deps: LiveStreamDeps): void {
  const { config } = deps;
  const slots = new StreamSlots(deps.nats, deps.logger, {
    max: config.STREAM_MAX_PER_PERSON,
    leaseMs: 3 * config.STREAM_HEARTBEAT_MS,
    timeoutMs: config.READY_TIMEOUT_MS,
  });
  const open = new Set<LiveSession>();
  const log = eventLogReader(deps.nats, deps.logger);
  const router = new LiveRouter<LiveSession>();
  routers.add(router);
  const standingOf = async (ctx: RequestContext, profileEID: string): Promise<Standing> => {
    const reply = await deps.rpc.request(internalSubjects.streamAudience, { ctx, body: { profileEID } });
    return {
      profileEID,
      admin: reply.admin,
      showPresence: reply.showPresence,
      groups: new Map(reply.groups.map((group) => [group.EID, { admin: group.admin }])),
    };
  };
  const ephemeral = subscribeJson(deps.nats, EPHEMERAL_SUBJECTS, deps.logger, 'ephemeral event', (event) => {
    if (!isEphemeralEvent(event)) return false;
    router.routeEphemeral(event);
  });
  /**
   * The presence a person's streams imply: `online` when their first stream opens, `away` when
   * their last closes, over every gateway (the slots count them). Shown to the network only when
   * the person shows their presence; else to their own other devices.
   */
  const publish = ephemeralPublisher(deps.nats, deps.logger);
  const publishPresence = (session: LiveSession, standing: Standing, status: 'online' | 'away') => {
    publish({
      type: 'presence',
      networkEID: session.networkEID,
      audience: standing.showPresence
        ? { kind: 'network' }
        : { kind: 'people', profileEIDs: [session.profileEID] },
      data: { user: { type: 'user', EID: session.profileEID }, status, source: 'stream' },
    });
  };
  const sessionDeps = {
    rpc: deps.rpc,
    logger: deps.logger,
    log,
    heartbeatMs: config.STREAM_HEARTBEAT_MS,
    tokenCheckMs: config.STREAM_TOKEN_CHECK_MS,
    replayMax: STREAM_REPLAY_MAX,
    rendered: renderCache(),
    standingOf,
  };
  // Tailing from the start, so that a stream opened "from now" misses nothing written after it.
  log.start((event) => router.route(event));

  const liveStreams: LiveStreams = {
    async open({ ctx, data }, request, reply) {
      const profileEID = ctx.principal?.profileEID;
      const networkEID = ctx.networkEID;
      // The owner refuses an app token first; this only narrows the types.
      if (!profileEID || !networkEID) throw new DomainError('NOTIFICATIONS_ERR_STREAM_FOR_USERS');
      const slot = await slots.claim(ctx.principal?.accountId ?? profileEID);
      if (slot === null)
        throw new DomainError(
          'NOTIFICATIONS_ERR_STREAM_LIMIT',
          `You have ${config.STREAM_MAX_PER_PERSON} live streams open, the most one person may hold; close one first.`,
        );
      const query = request.query as { closeAfter?: string; lastEventId?: unknown; access_token?: unknown };
      const token = extractToken(request.headers.authorization, query.access_token);
      const resumeFrom = resumePointOf(request.headers['last-event-id'], query.lastEventId);
      const opened = data as StreamOpenReply;
      const standing = await standingOf(ctx, profileEID).catch(async (error: unknown) => {
        await slot.release();
        throw error;
      });
      await log.ready(config.READY_TIMEOUT_MS).catch(async (error: unknown) => {
        await slot.release();
        throw error;
      });
      reply.hijack();
      // A hijacked reply skips the onSend hooks: the version header every answer carries is set here.
      reply.header(API_VERSION_HEADER, ctx.version);
      // The headers set so far (request id, rate limits) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, SSE_HEADERS);
      const person = ctx.principal?.accountId ?? profileEID;
      const session = runSession(
        sessionDeps,
        {
          ctx: { ...ctx, networkEID },
          profileEID,
          halCtx: { baseUrl: request.apiBaseUrl, version: ctx.version, networkEID, profileEID },
          raw: reply.raw,
          slot,
          standing,
          resumeFrom,
          counters: opened.counters,
          closeAfterMs: query.closeAfter === undefined ? undefined : Number(query.closeAfter) * 1000,
          tokenValid: () =>
            deps.authenticator.authenticate(token, ctx).then(
              () => true,
              (error: unknown) => {
                if (error instanceof AuthenticationError) return false;
                throw error;
              },
            ),
        },
        router,
      );
      open.add(session);
      void slots.countHeld(person).then((held) => held === 1 && publishPresence(session, standing, 'online'));
      void session.ended.then(async () => {
        open.delete(session);
        // The slot is released as the session ends: none held is the person's last stream gone.
        if ((await slots.countHeld(person)) === 0) publishPresence(session, standing, 'away');
      });
      return reply;
    },
  };
  app.decorate('liveStreams', liveStreams);
  app.addHook('preClose', (done) => {
    for (const session of open) session.end('closed');
    done();
  });
  app.addHook('onClose', async () => {
    ephemeral.unsubscribe();
    router.close();
    routers.delete(router);
    await log.stop();
  });
}
