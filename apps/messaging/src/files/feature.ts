/**
 * Files as message features. Attachments: the files a new message (an app's too) or an edit names,
 * checked before the write and claimed right after it (a file taken meanwhile undoes the post),
 * released when the message is removed, and shown as counts and embedded files. Parent folder: the
 * folder a new message is filed in, in a group the caller may read (asked with the post's access).
 */
import type { MessageFeature } from '../messages/features.js';
import { attachedFilesOf, attachmentResourceFieldsOf } from './attachment-presentation.js';
import {
  attachmentFieldsOf,
  claimAttachments,
  releaseAttachments,
  replaceAttachments,
} from './attachments.js';
import type { FileStore } from './models.js';
import { groupOfParentFolder, parentFolderFieldsOf } from './parent-folder.js';

export function attachmentsFeature(models: FileStore): MessageFeature {
  return {
    name: 'attachments',
    forApps: true,
    create: async ({ caller, body }) => ({
      fields: await attachmentFieldsOf(models, caller, body),
      claim: (message) => claimAttachments(models, caller, message),
    }),
    edit: async ({ caller, message, body }) => ({
      set: await replaceAttachments(models, caller, message, body),
    }),
    // No bytes kept for ever for a message nobody reads (comments have none).
    remove: (caller, message) => releaseAttachments(models, caller.networkEID, String(message._id)),
    async present(caller, docs) {
      const attached = await attachedFilesOf(models, caller, docs);
      return (doc, resource) => ({ ...resource, ...attachmentResourceFieldsOf(doc, attached) });
    },
  };
}

export function parentFolderFeature(models: FileStore): MessageFeature {
  return {
    name: 'parentFolder',
    groupsOfNew: (caller, body) => groupOfParentFolder(models, caller, body),
    create: async ({ caller, access, body }) => ({
      fields: await parentFolderFieldsOf(models, caller, access, body),
    }),
  };
}
