/**
 * Files: media: the handlers of the thumbnail route (contracts `filesMediaRoutes`) and of
 * the crop of a message's image (contracts `messageCropRoutes`), which share the render queue.
 */
import { filesMediaRoutes, messageCropRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { RenderQueue, THUMBNAIL_RENDER_LIMITS } from './render-queue.js';
import { thumbnailOf } from './thumbnails.js';
// Files: crop.
import { cropAttachedImage } from './crop.js';
import type { FileStore } from './models.js';

// One per process: the renders of this messaging instance share its thread pool.
const renders = new RenderQueue(THUMBNAIL_RENDER_LIMITS);

export const fileMediaHandlers = defineHandlers<WriteDeps<FileStore>>()(filesMediaRoutes, {
  'file.thumbnail': ({ ctx, params }, { models, rpc }) =>
    thumbnailOf(models, rpc, callerOf(ctx), params.fileEID, params.size, renders),
});

// Files: crop: a message action, rendered in the same queue as thumbnails.
export const messageCropHandlers = defineHandlers<WriteDeps<FileStore>>()(messageCropRoutes, {
  'message.crop': ({ ctx, params, body }, deps) =>
    cropAttachedImage(deps, callerOf(ctx), params.messageEID, body, renders),
});
