/**
 * The message features of this app, listed once. The order is the order in which their checks of
 * a new message run and their fields are laid on it (a later one wins a field both set: a draft or
 * a private event is on no timeline even when posted to a profile).
 */
import { eventsFeature } from './events/feature.js';
import type { EventStore } from './events/models.js';
import { attachmentsFeature, parentFolderFeature } from './files/feature.js';
import type { FileStore } from './files/models.js';
import { historyFeature } from './history/feature.js';
import type { HistoryStore } from './history/models.js';
// Saved items.
import { savedFeature } from './saved/feature.js';
import type { SavedStore } from './saved/models.js';
import type { MessageFeature } from './messages/features.js';
import { newsFeature } from './news/feature.js';
import type { NewsStore } from './news/jobs-model.js';
import { pollsFeature } from './polls/feature.js';
import { reactionsFeature } from './reactions/feature.js';
import { pinsFeature } from './pins/feature.js';
import type { PinStore } from './pins/models.js';
import type { RpcClient } from '@ncs/service-kit';
import type { ReactionStore } from './reactions/models.js';
import { tagsFeature } from './tags/feature.js';
import type { TagStore } from './tags/models.js';
import type { PollStore } from './polls/model.js';
import { tasksFeature } from './tasks/feature.js';
import type { TaskStore } from './tasks/models.js';
import type { TimelineStore } from './timelines/commenters-model.js';
import { threadsFeature } from './timelines/feature.js';

export type FeatureStores = TimelineStore &
  NewsStore &
  TaskStore &
  PollStore &
  EventStore &
  FileStore &
  ReactionStore &
  PinStore &
  HistoryStore &
  SavedStore &
  TagStore;

/** `rpc`: for the features that ask another service while presenting (pins' administrators). */
export function messageFeaturesOf(models: FeatureStores, rpc?: RpcClient): MessageFeature[] {
  return [
    threadsFeature(models),
    newsFeature(models),
    tasksFeature(models),
    pollsFeature(models),
    eventsFeature(models),
    attachmentsFeature(models),
    parentFolderFeature(models),
    reactionsFeature(models),
    pinsFeature(models, rpc),
    // Hashtags: the text's tags stored with it; followers told of a new one.
    tagsFeature(models),
    // Edit history: keeps the version an edit replaced, after the edit (and the others' parts).
    historyFeature(models),
    // Saved items: the caller's bookmark of each message (`_user.saved`, `save`/`unsave`).
    savedFeature(models),
  ];
}
