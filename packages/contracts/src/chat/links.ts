/** HAL link relations of chat (spread into `linkRelations`, links.ts). */
import type { LinkRelations } from '../core/links.js';

export const chatLinkRelations: LinkRelations = {
  conversation: [
    { rel: 'self', href: '/networks/{networkEID}/conversations/{EID}' },
    { rel: 'messages', href: '/networks/{networkEID}/conversations/{EID}/messages/' },
    // Live content: a POST says the caller is typing here.
    { rel: 'typing', href: '/networks/{networkEID}/conversations/{EID}/typing' },
  ],
  chat_message: [
    { rel: 'conversation', href: '/networks/{networkEID}/conversations/{conversation.EID}' },
    { rel: 'delete', href: '/networks/{networkEID}/chat/messages/{EID}/delete' },
  ],
};
