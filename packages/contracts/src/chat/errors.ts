/**
 * Errors of chat: codes -440 … -449 of the range -440 … -459 shared with the AI
 * assistant. Spread into the catalogue (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const chatErrors = {
  MESSAGING_ERR_CONVERSATION_NOT_FOUND: {
    status: 404,
    code: -440,
    title: 'Not Found',
    message: 'The conversation does not exist.',
  },
  MESSAGING_ERR_CHAT_NOT_ALLOWED: {
    status: 400,
    code: -441,
    title: 'Bad Request',
    message: 'You may not chat with this person.',
  },
  MESSAGING_ERR_CHAT_MESSAGE_NOT_FOUND: {
    status: 404,
    code: -442,
    title: 'Not Found',
    message: 'The chat message does not exist.',
  },
  MESSAGING_ERR_CHAT_DELETE_FORBIDDEN: {
    status: 403,
    code: -443,
    title: 'Forbidden',
    message: 'A chat message is deleted by its author or a network administrator.',
  },
} as const satisfies Record<string, ErrorDefinition>;
