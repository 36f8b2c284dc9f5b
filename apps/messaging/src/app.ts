/**
 * The messaging service as a module: its models and its handlers by NATS subject. `main.ts` hosts
 * it; the conformance test keeps `messagingHandlers` (handlers.ts) in step with the route table.
 */
import { DomainError, internalSubjects, routesOf, type RequestContext } from '@ncs/contracts';
import {
  bindRoutes,
  ephemeralPublisher,
  internalHandler,
  internalHandlerMap,
  type RpcClient,
  type RpcHandler,
  type ServiceModule,
  type ServiceRuntime,
} from '@ncs/service-kit';
import { messagingHandlers } from './handlers.js';
import { ensureIdempotencyExpiry, registerIdempotencyModel } from './idempotency/models.js';
import { withIdempotency } from './idempotency/replay.js';
import { registerMessagingModels, type MessagingModels } from './models.js';
import { countScheduledItems } from './scheduling/scheduled-items.js';
import { withScheduledItemsNotices } from './scheduling/notices.js';
import { backgroundWork } from './scheduling/worker.js';
import { commentersPage } from './timelines/commenters.js';
// Polls.
import { pollInternalHandlers } from './polls/handlers.js';
// Events.
import { countUnrespondedEvents } from './events/badge.js';
// Chat and the AI assistant.
import { assistantProfileOf } from './assistant/handlers.js';
import { startWelcomeConsumer } from './assistant/activation-consumer.js';
import { startTaskJoinersConsumer } from './tasks/joiners.js';
import type { EventConsumer } from '@ncs/service-kit';
// Files and folders.
import { fileInternalHandlers } from './files/handlers.js';
// Saved items: the knowledge base asks which of its pages the caller saved.
import { savedInternalHandlers } from './saved/handlers.js';
// Files (media): the video poller.
import { runVideoJobs } from './files/video.js';
import { poller } from './messages/lease.js';
// Files: attachments and temporary uploads.
import { fileSweep, type SweepOptions } from './files/sweep.js';
// Typing indicators.
import { TypingSignals } from './typing/signals.js';

/** Internal requests are always about one network (set by the gateway or the asking service). */
function requireNetwork(ctx: RequestContext): string {
  if (!ctx.networkEID) throw new DomainError('BAD_REQUEST', 'The request names no network.');
  return ctx.networkEID;
}

/** Handlers of internal subjects (not HTTP routes), by subject. */
export function internalHandlers(models?: MessagingModels, rpc?: RpcClient): Record<string, RpcHandler> {
  return {
    ...internalHandlerMap([
      // The gateway's part of `badgeCounters.get`: the caller's scheduled items (news and scheduled
      // items); no events are stored yet (events issue).
      internalHandler(internalSubjects.messagingBadgeCounters, async ({ ctx }) => {
        const networkEID = requireNetwork(ctx);
        const profileEID = ctx.principal?.profileEID;
        const numScheduledItems =
          models && profileEID ? await countScheduledItems(models, networkEID, profileEID) : 0;
        // Events: the caller's open invitations without an answer (events/badge.ts).
        const numUnrespondedEvents =
          models && profileEID ? await countUnrespondedEvents(models, networkEID, profileEID) : 0;
        return { numScheduledItems, numUnrespondedEvents };
      }),
      // Auth's network resource: the caller's scheduled items only (`_user.numScheduledItems`).
      internalHandler(internalSubjects.scheduledItemsCount, async ({ ctx }) => {
        const networkEID = requireNetwork(ctx);
        const profileEID = ctx.principal?.profileEID;
        const numScheduledItems =
          models && profileEID ? await countScheduledItems(models, networkEID, profileEID) : 0;
        return { numScheduledItems };
      }),
      // Auth's lobby asks for the network's AI assistant.
      internalHandler(internalSubjects.aiAssistantProfile, ({ ctx }) =>
        models
          ? assistantProfileOf(models, requireNetwork(ctx))
          : Promise.reject(new DomainError('SERVICE_UNAVAILABLE')),
      ),
      // Timelines. Auth's users filter `commented`: who commented on a message (keyset).
      internalHandler(internalSubjects.commenters, ({ ctx, body }) =>
        models && rpc
          ? commentersPage(models, rpc, ctx, body)
          : Promise.reject(new DomainError('SERVICE_UNAVAILABLE')),
      ),
    ]),
    // Polls: the gateway's question for `/polls/{pollEID}/…` (the poll's network).
    ...(models ? pollInternalHandlers(models) : {}),
    // Files and folders: the gateway's streamed upload and download.
    ...(models ? fileInternalHandlers(models, rpc) : {}),
    // Saved items.
    ...(models ? savedInternalHandlers(models) : {}),
  };
}

export function buildMessagingService(
  runtime: ServiceRuntime,
  options: {
    readonly schedulerIntervalMs?: number;
    /** Files: the sweep of temporary files and idle uploads (defaults: a day, an hour, a minute). */
    readonly fileSweep?: SweepOptions;
  } = {},
): ServiceModule & { models: MessagingModels } {
  const models = registerMessagingModels(runtime.db, runtime.rpc);
  // Auth caches each person's number of scheduled items: the writes that change it tell it.
  const outbox = withScheduledItemsNotices(runtime.outbox, runtime.nats, runtime.logger);
  const handlers = bindRoutes(routesOf('messaging'), messagingHandlers, {
    models,
    rpc: runtime.rpc,
    outbox,
    // Typing indicators: published on core NATS, throttled per instance (typing/signals.ts).
    typing: new TypingSignals(ephemeralPublisher(runtime.nats, runtime.logger)),
  });
  // Idempotent posting: replays of message.create, comment.create and message.like (idempotency/).
  const idempotencyKeys = registerIdempotencyModel(runtime.db);
  withIdempotency(handlers, routesOf('messaging'), idempotencyKeys);
  for (const [subject, handler] of Object.entries(internalHandlers(models, runtime.rpc))) {
    handlers.set(subject, handler);
  }
  // News and scheduled items: background work claimed with leases (scheduling/worker.ts).
  const work = backgroundWork(
    models,
    outbox,
    runtime.rpc,
    runtime.logger,
    options.schedulerIntervalMs ?? 1_000,
  );
  // The AI assistant: auto-sent welcome messages on membership activation.
  let welcomeConsumer: EventConsumer | undefined;
  // Tasks: a group's open tasks reach its later members.
  let joinersConsumer: EventConsumer | undefined;
  // Files (media): videos processed in the background (files/video.ts).
  const videoWork = poller(
    'messaging-video',
    options.schedulerIntervalMs ?? 1_000,
    async () => void (await runVideoJobs(models, outbox, runtime.logger)),
    runtime.logger,
  );
  // Files: attachments and temporary uploads: temporary files and idle uploads swept.
  const sweep = fileSweep(
    models,
    options.fileSweep ?? { temporaryTtlMs: 86_400_000, uploadIdleMs: 3_600_000, intervalMs: 60_000 },
    runtime.logger,
  );
  return {
    models,
    handlers,
    start: async () => {
      await ensureIdempotencyExpiry(idempotencyKeys, runtime.logger);
      work.start();
      welcomeConsumer = startWelcomeConsumer(runtime, models, outbox);
      joinersConsumer = startTaskJoinersConsumer(runtime, models);
      videoWork.start();
      sweep.start(); // Files
    },
    stop: async () => {
      await welcomeConsumer?.stop();
      await joinersConsumer?.stop();
      await work.stop();
      await videoWork.stop();
      await sweep.stop(); // Files
    },
  };
}
