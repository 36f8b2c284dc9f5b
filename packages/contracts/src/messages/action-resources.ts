/**
 * Resources and bodies of the message actions: who read a message,
 * the edit body. Decisions: docs/decisions.md, "Messaging: actions, editing, removal,
 * subscriptions, mentions, apps".
 */
import { Type } from '@sinclair/typebox';
import { Eid, halCollection, Ref } from '../core/schemas.js';
import { Name, Text } from '../core/text-hygiene.js';
import { HTML_BODY_MAX_LENGTH, messagePersonResource } from './resources.js';
import { NEWS_TITLE_MAX_LENGTH } from './news-resources.js';
import { MentionsField } from './mention-resources.js';
import { RECIPIENTS_MAX_ITEMS } from './type-fields.js';
// Events.
import { EventEditFields } from './event-fields.js';
// Files: attachments.
import { AttachmentWriteFields } from './attachment-fields.js';

export const ReaderResource = messagePersonResource(
  'reader',
  'One person who marked a message read, and when.',
);
export const ReaderCollection = halCollection(
  'readers',
  ReaderResource,
  'Who marked a message read, most recent first.',
);

/** `PUT …/messages/{messageEID}/`: the author's new text (and a news item's title). */
export const MessageEditBody = Type.Object(
  {
    htmlBody: Type.Optional(
      Text({
        minLength: 1,
        maxLength: HTML_BODY_MAX_LENGTH,
        description:
          'Rich text (HTML); sanitised with an allow-list, the stored text is what is read. Left out: the body stays as it is',
      }),
    ),
    title: Type.Optional(
      Name({ minLength: 1, maxLength: NEWS_TITLE_MAX_LENGTH, description: 'News only: the headline' }),
    ),
    mentions: Type.Optional(MentionsField),
    // Private-message recipients on edit (write context only).
    addedRecipients: Type.Optional(
      Type.Array(Ref('user'), {
        minItems: 1,
        maxItems: RECIPIENTS_MAX_ITEMS,
        description: 'private_message only: profiles it is now also sent to (its author edits)',
      }),
    ),
    removedRecipients: Type.Optional(
      Type.Array(Ref('user'), {
        minItems: 1,
        maxItems: RECIPIENTS_MAX_ITEMS,
        description: 'private_message only: recipients who may no longer read it (its author edits)',
      }),
    ),
    // Events: the event object's fields to change.
    ...EventEditFields,
    // Files (attachments): the lists replace the message's.
    ...AttachmentWriteFields,
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: 'A partial edit: what it names changes, the rest stays (at least one field)',
  },
);

/**
 * Files: crop (`POST …/messages/{messageEID}/crop`): a rectangle of an image attached to the
 * message, in the image's own pixels (as shown: EXIF orientation applied). Whether it lies inside
 * the image depends on the stored image, so that is the service's check (400 -477), not the schema's.
 */
export const MessageCropBody = Type.Object(
  {
    file: Type.Object(
      { type: Type.Literal('file'), EID: Eid },
      {
        additionalProperties: false,
        description: 'An image attached to the message (kind `image`, in any of its lists)',
      },
    ),
    x: Type.Integer({ minimum: 0, description: 'Left edge of the rectangle, pixels from the left' }),
    y: Type.Integer({ minimum: 0, description: 'Top edge of the rectangle, pixels from the top' }),
    width: Type.Integer({ minimum: 1, description: 'Pixels; x + width is at most the image width' }),
    height: Type.Integer({ minimum: 1, description: 'Pixels; y + height is at most the image height' }),
  },
  { additionalProperties: false },
);

/** `POST …/messages/{messageEID}/move`: to a group's timeline, or the network's with `group: null`. */
export const MessageMoveBody = Type.Object(
  {
    group: Type.Union([Ref('group'), Type.Null()], {
      description: 'The group to move the message to; null for the network timeline',
    }),
  },
  { additionalProperties: false },
);

/** `POST …/messages/{messageEID}/share`: the caller's new update referencing the message. */
export const MessageShareBody = Type.Object(
  {
    htmlBody: Text({
      minLength: 1,
      maxLength: HTML_BODY_MAX_LENGTH,
      description: 'The sharer’s words (HTML, sanitised with an allow-list)',
    }),
    group: Type.Optional(Ref('group')),
  },
  { additionalProperties: false },
);
