/**
 * Handlers of the route table's messaging routes (packages/contracts, `messagesRoutes` and
 * `searchRoutes`), by route
 * id. A constant: the conformance test lists it without a database.
 */
import { eventsRoutes, messagesRoutes, searchRoutes, tasksRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus, type Outbox, type RpcClient } from '@ncs/service-kit';
import { callerOf } from './messages/access.js';
import type { MessagingModels } from './models.js';
import { listReaders, markRead } from './messages/actions.js';
import { editMessage } from './messages/editing.js';
import { moveMessage, shareMessage } from './messages/actions-move.js';
import { removeMessage } from './messages/removal.js';
import { setSubscribed } from './messages/subscriptions.js';
import { getMessage, listComments, listLikers } from './messages/reading.js';
import { likeMessage, postComment, setLocked, unlikeMessage } from './messages/writing.js';
import { postMessageAs } from './messages/app-posting.js';
import { listPrivateMessages } from './messages/private-messages.js';
import { groupTimeline, networkTimeline, networkTimelineReaderOf } from './timelines/reading.js';
import { publishDraft } from './news/writing.js';
import { getDuplication, requestDuplication } from './news/duplication.js';
import { listScheduledItems } from './scheduling/scheduled-items.js';
import { downloadExport, getExport, requestExport } from './news/addressee-export.js';
import { search } from './search/search.js';
// Timelines, threads, bubbling.
import { listMessages } from './timelines/messages-list.js';
import { userTimeline } from './timelines/reading.js';
// Tasks.
import { tasksHandlers } from './tasks/handlers.js';
// Polls.
import { pollsRoutes } from '@ncs/contracts';
import { pollHandlers } from './polls/handlers.js';
// Events.
import { answerEvent, setCanceled } from './events/actions.js';
// Chat and the AI assistant.
import { assistantRoutes, chatPinRoutes, chatRoutes } from '@ncs/contracts';
import { assistantHandlers } from './assistant/handlers.js';
import { chatHandlers } from './chat/handlers.js';
// Journeys.
import { journeysRoutes } from '@ncs/contracts';
import { journeyHandlers } from './journeys/handlers.js';
// Files and folders.
import { filesRoutes } from '@ncs/contracts';
import { fileHandlers } from './files/handlers.js';
// Emoji reactions.
import { reactionHandlers } from './reactions/handlers.js';
// Pins.
import { chatPinHandlers, pinHandlers } from './pins/handlers.js';
// Saved items.
import { savedHandlers } from './saved/handlers.js';
import { savedRoutes } from '@ncs/contracts';
// Hashtags.
import { tagHandlers } from './tags/handlers.js';
// Typing indicators.
import type { TypingDeps } from './typing/signals.js';
import { signalThreadTyping } from './typing/threads.js';
// Edit history.
import { historyHandlers } from './history/handlers.js';
// Files: media.
import { filesMediaRoutes } from '@ncs/contracts';
import { fileMediaHandlers, messageCropHandlers } from './files/media-handlers.js';

/** What the handlers use. */
export interface MessagingDependencies extends TypingDeps {
  readonly models: MessagingModels;
  readonly rpc: RpcClient;
  readonly outbox: Outbox;
}

export const messagingHandlers = defineHandlers<MessagingDependencies>()(
  // The routes messaging owns, by area.
  [
    ...messagesRoutes,
    ...searchRoutes,
    ...tasksRoutes,
    ...pollsRoutes,
    ...eventsRoutes,
    // Chat and the AI assistant.
    ...chatRoutes,
    ...chatPinRoutes,
    ...assistantRoutes,
    // Journeys.
    ...journeysRoutes,
    // Files and folders.
    ...filesRoutes,
    // Files: media.
    ...filesMediaRoutes,
    // Saved items.
    ...savedRoutes,
  ],
  {
    // Types, fields and app posting: an app token posts an app_update (messages/app-posting.ts).
    'message.create': ({ ctx, body }, deps) => postMessageAs(deps, ctx, body),
    'message.get': ({ ctx, params }, { models, rpc }) =>
      getMessage(models, rpc, callerOf(ctx), params.messageEID),
    'timeline.network': ({ ctx, query }, { models, rpc }) =>
      networkTimeline(models, rpc, networkTimelineReaderOf(ctx), query),
    'timeline.group': ({ ctx, params, query }, { models, rpc }) =>
      groupTimeline(models, rpc, callerOf(ctx), params.groupEID, query),
    'comment.create': ({ ctx, params, body }, deps) =>
      postComment(deps, callerOf(ctx), params.messageEID, body),
    'comment.list': ({ ctx, params, query }, { models, rpc }) =>
      listComments(models, rpc, callerOf(ctx), params.messageEID, query),
    'liker.list': ({ ctx, params, query }, { models, rpc }) =>
      listLikers(models, rpc, callerOf(ctx), params.messageEID, query),
    'message.like': ({ ctx, params }, deps) => likeMessage(deps, callerOf(ctx), params.messageEID),
    'message.unlike': ({ ctx, params }, deps) => unlikeMessage(deps, callerOf(ctx), params.messageEID),
    'message.lock': ({ ctx, params }, deps) => setLocked(deps, callerOf(ctx), params.messageEID, true),
    'message.unlock': ({ ctx, params }, deps) => setLocked(deps, callerOf(ctx), params.messageEID, false),
    // News and scheduled items.
    'news.publish': ({ ctx, params }, deps) => publishDraft(deps, callerOf(ctx), params.messageEID),
    'news.duplicate': ({ ctx, params }, deps) => requestDuplication(deps, callerOf(ctx), params.messageEID),
    'news.duplicatePlural': ({ ctx, params }, deps) =>
      requestDuplication(deps, callerOf(ctx), params.messageEID),
    'newsDuplication.get': ({ ctx, params }, { models }) =>
      getDuplication(models, callerOf(ctx), params.jobEID),
    'newsExport.create': ({ ctx, params }, deps) => requestExport(deps, callerOf(ctx), params.messageEID),
    'newsExport.get': ({ ctx, params }, { models }) => getExport(models, callerOf(ctx), params.exportEID),
    'newsExport.download': ({ ctx, params }, { models }) =>
      downloadExport(models, callerOf(ctx), params.exportEID),
    'scheduledItems.list': ({ ctx, query }, { models }) => listScheduledItems(models, callerOf(ctx), query),
    // Search and idempotent posting.
    'search.list': ({ ctx, query }, { models, rpc }) => search(models, rpc, callerOf(ctx), query),
    // Message actions.
    'message.read': ({ ctx, params }, deps) => markRead(deps, callerOf(ctx), params.messageEID),
    // Types, fields and app posting.
    'privateMessage.list': ({ ctx, query }, { models, rpc }) =>
      listPrivateMessages(models, rpc, callerOf(ctx), query),
    'reader.list': ({ ctx, params, query }, { models, rpc }) =>
      listReaders(models, rpc, callerOf(ctx), params.messageEID, query),
    'message.edit': ({ ctx, params, body }, deps) =>
      editMessage(deps, callerOf(ctx), params.messageEID, body),
    'message.remove': async ({ ctx, params }, deps) => {
      await removeMessage(deps, callerOf(ctx), params.messageEID);
      return withStatus(204, null);
    },
    'message.subscribe': ({ ctx, params }, deps) =>
      setSubscribed(deps, callerOf(ctx), params.messageEID, true),
    'message.unsubscribe': ({ ctx, params }, deps) =>
      setSubscribed(deps, callerOf(ctx), params.messageEID, false),
    'message.move': ({ ctx, params, body }, deps) =>
      moveMessage(deps, callerOf(ctx), params.messageEID, body),
    'message.share': ({ ctx, params, body }, deps) =>
      shareMessage(deps, callerOf(ctx), params.messageEID, body),
    // Typing indicators: typing in a message's comments.
    'message.typing': async ({ ctx, params }, deps) => {
      await signalThreadTyping(deps, callerOf(ctx), params.messageEID);
      return withStatus(204, null);
    },
    // Timelines, threads, bubbling.
    'messages.list': ({ ctx, query }, { models, rpc }) => listMessages(models, rpc, callerOf(ctx), query),
    'messages.listPlural': ({ ctx, query }, { models, rpc }) =>
      listMessages(models, rpc, callerOf(ctx), query),
    'timeline.user': ({ ctx, params, query }, { models, rpc }) =>
      userTimeline(models, rpc, callerOf(ctx), params.profileEID, query),
    // Tasks: complete, reopen, the caller's tasks, recipients, progress.
    ...tasksHandlers,
    // Polls.
    ...pollHandlers,
    ...reactionHandlers,
    ...pinHandlers,
    ...chatPinHandlers,
    // Saved items.
    ...savedHandlers,
    // Hashtags.
    ...tagHandlers,
    // Events.
    'event.rsvp': ({ ctx, params, body }, deps) =>
      answerEvent(deps, callerOf(ctx), params.messageEID, body.rsvp),
    'event.cancel': ({ ctx, params }, deps) => setCanceled(deps, callerOf(ctx), params.messageEID, true),
    'event.reinstate': ({ ctx, params }, deps) => setCanceled(deps, callerOf(ctx), params.messageEID, false),
    // Chat and the AI assistant.
    ...chatHandlers,
    ...assistantHandlers,
    // Journeys.
    ...journeyHandlers,
    // Files and folders.
    ...fileHandlers,
    // Files: media.
    ...fileMediaHandlers,
    // Files: crop, a message action of the files area.
    ...messageCropHandlers,
    // Edit history.
    ...historyHandlers,
  },
);
