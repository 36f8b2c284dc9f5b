/** Hashtags: handlers of the tag resource, its messages and the follow actions (contracts `tagRoutes`). */
import { tagRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { followTag, getTag, unfollowTag } from './follows.js';
import { listTagMessages } from './listing.js';
import type { TagStore } from './models.js';

export const tagHandlers = defineHandlers<WriteDeps<TagStore>>()(tagRoutes, {
  'tag.get': ({ ctx, params }, { models, rpc }) => getTag(models, rpc, callerOf(ctx), params.tag),
  'tag.messages': ({ ctx, params, query }, { models, rpc }) =>
    listTagMessages(models, rpc, callerOf(ctx), params.tag, { limit: query.limit, offset: query.offset }),
  'tag.follow': ({ ctx, params, body }, deps) =>
    followTag(deps, callerOf(ctx), params.tag, body?.alertCategory),
  'tag.unfollow': ({ ctx, params }, deps) => unfollowTag(deps, callerOf(ctx), params.tag),
});
