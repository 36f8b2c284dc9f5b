/**
 * Hashtags: the `#words` of a message, the tag resource (the messages the caller may read with a
 * tag, newest first) and following a tag. Rules where the spec is silent: docs/decisions.md,
 * "Messaging: hashtags".
 */
import { Type } from '@sinclair/typebox';
import { halCollection, halResource } from '../core/schemas.js';
import { MessageResource } from './resources.js';
import { tagAlertCategories } from './tag-fields.js';

export * from './tag-fields.js';

export const TagResource = halResource(
  'tag',
  {
    name: Type.String({ description: 'The tag folded (NFKC, lower case), without `#`' }),
    _user: Type.Object({
      following: Type.Boolean({ description: 'The caller follows the tag' }),
      alertCategory: Type.Optional(
        Type.Union(
          tagAlertCategories.map((c) => Type.Literal(c)),
          { description: 'How the caller is alerted of new messages with the tag (while following)' },
        ),
      ),
    }),
  },
  'A hashtag: links the messages the caller may read with it and the follow/unfollow actions',
);

export const TagFollowBody = Type.Object(
  {
    alertCategory: Type.Optional(
      Type.Union(
        tagAlertCategories.map((c) => Type.Literal(c)),
        {
          default: 'none',
          description:
            '`none`: new messages with the tag reach the live stream only; `activity`: they make an alert of the activity category too',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const TagMessageCollection = halCollection(
  'messages',
  MessageResource,
  'The messages with the tag the caller may read, newest first',
);
