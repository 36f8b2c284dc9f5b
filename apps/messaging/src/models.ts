/**
 * The messaging collections, registered once on the service's own connection (STYLE.md §3): the
 * core's, then each area's own, with the message features bound to the areas' collections. Areas
 * never take this union: each takes its own store type (`TaskStore`, `FileStore`, …).
 */
import type { Connection } from 'mongoose';
import { registerAssistantModels } from './assistant/models.js';
import type { AssistantStore } from './assistant/models.js';
import { registerChatModels } from './chat/models.js';
import { registerEventResponseModel } from './events/models.js';
import { messageFeaturesOf, type FeatureStores } from './features.js';
import { registerFileModels } from './files/models.js';
import { registerMessageVersionModel } from './history/models.js';
import { registerJourneyModels, type JourneyStore } from './journeys/models.js';
import type { MessageFeature } from './messages/features.js';
import { registerCoreCollections } from './messages/models.js';
import { registerNewsJobModel } from './news/jobs-model.js';
import { registerPollVoteModel } from './polls/model.js';
import { registerReactionModel } from './reactions/models.js';
import { registerPinModel } from './pins/models.js';
// Saved items.
import { registerSavedItemModel } from './saved/models.js';
import { registerTagFollowModel } from './tags/models.js';
import type { RpcClient } from '@ncs/service-kit';
import { registerAssignmentModel } from './tasks/models.js';
import { registerCommenterModel } from './timelines/commenters-model.js';

export interface MessagingModels extends FeatureStores, AssistantStore, JourneyStore {}

/** `rpc`: the service's client, for features that ask while presenting (absent in tools and tests). */
export function registerMessagingModels(connection: Connection, rpc?: RpcClient): MessagingModels {
  const features: MessageFeature[] = [];
  const models: MessagingModels = {
    ...registerCoreCollections(connection),
    features,
    NewsJob: registerNewsJobModel(connection),
    Commenter: registerCommenterModel(connection),
    TaskAssignment: registerAssignmentModel(connection),
    PollVote: registerPollVoteModel(connection),
    Reaction: registerReactionModel(connection),
    Pin: registerPinModel(connection),
    // Hashtags.
    TagFollow: registerTagFollowModel(connection),
    EventResponse: registerEventResponseModel(connection),
    assistant: registerAssistantModels(connection),
    chat: registerChatModels(connection),
    ...registerJourneyModels(connection),
    files: registerFileModels(connection),
    // Edit history.
    MessageVersion: registerMessageVersionModel(connection),
    // Saved items.
    SavedItem: registerSavedItemModel(connection),
  };
  // Bound after the collections exist: each feature works with its own area's.
  features.push(...messageFeaturesOf(models, rpc));
  return models;
}
