/**
 * Errors of chat and the AI assistant: codes -440 … -459. Spread into the catalogue
 * (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const assistantErrors = {
  MESSAGING_ERR_AI_ASSISTANT_DISABLED: {
    status: 403,
    code: -450,
    title: 'Forbidden',
    message:
      'The network does not have the feature ai_assistant_settings: a network administrator turns it on with PUT /networks/{networkEID}/features/ and the body {"ai_assistant_settings": true}.',
  },
  MESSAGING_ERR_AI_ASSISTANT_ADMIN_ONLY: {
    status: 403,
    code: -451,
    title: 'Forbidden',
    message: 'Only network administrators change the AI assistant.',
  },
  MESSAGING_ERR_AI_ASSISTANT_EXISTS: {
    status: 409,
    code: -452,
    title: 'Conflict',
    message: 'The network already has an AI assistant.',
  },
  MESSAGING_ERR_AI_ASSISTANT_MISSING: {
    status: 409,
    code: -453,
    title: 'Conflict',
    message: 'The network has no AI assistant yet: create it first.',
  },
} as const satisfies Record<string, ErrorDefinition>;
