/** Chat: who the caller may chat with, decided by auth (the `scope=chat` rule of the users collection). */
import { defineInternalSubject } from '../core/internal-subject.js';
import { EidsBatchRequest } from '../core/internal-subjects.js';
import { ChatPartnersReplySchema } from './resources.js';

export const chatInternalSubjects = {
  chatPartners: defineInternalSubject({
    service: 'auth',
    resource: 'chat',
    action: 'partners',
    description:
      'Messaging → auth: which of `EIDs` the caller may chat with in `ctx.networkEID` (active, bots too, and with `allowChatCustomSettings` only those with chat on). A caller who is not an active member is 404.',
    request: EidsBatchRequest,
    reply: ChatPartnersReplySchema,
  }),
} as const;
