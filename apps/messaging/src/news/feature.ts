/**
 * News and scheduled items as a message feature: a new message's status, title, concatenated news
 * and `scheduledAt` (a draft or scheduled item is on no timeline until published), an edit's
 * `title` (news only), who may move news to the network, and what every message shows of it.
 */
import type { MessageFeature } from '../messages/features.js';
import type { NewsStore } from './jobs-model.js';
import { newsFieldsOf as presentedNewsFieldsOf } from './presentation.js';
import { requireNewsPoster } from './rules.js';
import { newsFieldsOf } from './writing.js';

export function newsFeature(models: NewsStore): MessageFeature {
  return {
    name: 'news',
    create: async ({ caller, access, body }) => ({
      fields: await newsFieldsOf(models, caller, access, body),
    }),
    // The core refuses `title` on anything but news (messages/types.ts).
    edit: ({ body }) => (body.title === undefined ? undefined : { set: { title: body.title } }),
    move({ message, access, target }) {
      if (message.type === 'news') requireNewsPoster(access, target);
    },
    present: () => (doc, resource) => ({ ...resource, ...presentedNewsFieldsOf(doc) }),
  };
}
