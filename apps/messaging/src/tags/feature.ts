/**
 * Hashtags as a message feature: the tags of a new message or comment and of an edited text are
 * read from its sanitised text and stored on it (`tags`, `tagNames`) in the same write; a new
 * published one is pushed to its tags' followers after its event; a page shows `tags` from the
 * message itself (no query). App posts take no tags (an `app_update` is the app's own content).
 */
import { sanitizeRichText } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { HookDeps, MessageFeature } from '../messages/features.js';
import type { MessageDoc } from '../messages/models.js';
import { tagFieldsOf } from './extraction.js';
import { pushToFollowers } from './follows.js';
import type { TagStore } from './models.js';

/** A message without tags stores none (the field stays absent: most messages have none). */
function storedTags(htmlBody: string) {
  const fields = tagFieldsOf(htmlBody);
  return fields.tags.length > 0 ? fields : undefined;
}

export function tagsFeature(models: TagStore): MessageFeature {
  const newPart = (deps: HookDeps, caller: Caller, htmlBody: string) => {
    // The core sanitises the body for its own write a moment later; tags are read from the same
    // allow-listed form, so a tag hidden in a stripped attribute is never stored.
    const fields = storedTags(sanitizeRichText(htmlBody));
    if (!fields) return undefined;
    return { fields, after: (message: MessageDoc) => pushToFollowers(models, deps, caller, message) };
  };
  return {
    name: 'tags',
    create: ({ deps, caller, body }) => newPart(deps, caller, body.htmlBody),
    comment: ({ deps, caller, body }) => newPart(deps, caller, body.htmlBody),
    // An edit re-reads the tags of the text it stores; it pushes nothing (the message is not new).
    edit: ({ body, htmlBody }) => {
      if (body.htmlBody === undefined) return undefined;
      const fields = tagFieldsOf(htmlBody);
      return {
        set: fields.tags.length > 0 ? fields : { tags: [], tagNames: [] },
      };
    },
    present: () => (doc, resource) => {
      const keys = doc.tags;
      if (!keys?.length || doc.status === 'removed') return resource;
      return { ...resource, tags: keys.map((key, i) => ({ name: doc.tagNames?.[i] ?? key, key })) };
    },
  };
}
