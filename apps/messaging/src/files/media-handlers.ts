/** Files: media (issue #16): the handler of the thumbnail route (contracts `filesMediaRoutes`). */
import { filesMediaRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { RenderQueue, THUMBNAIL_RENDER_LIMITS } from './render-queue.js';
import { thumbnailOf } from './thumbnails.js';

// One per process: the renders of this messaging instance share its thread pool.
const renders = new RenderQueue(THUMBNAIL_RENDER_LIMITS);

export const fileMediaHandlers = defineHandlers<WriteDeps>()(filesMediaRoutes, {
  'file.thumbnail': ({ ctx, params }, { models, rpc }) =>
    thumbnailOf(models, rpc, callerOf(ctx), params.fileEID, params.size, renders),
});
