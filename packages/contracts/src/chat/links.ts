/** HAL link relations of chat (spread into `linkRelations`, links.ts). */
import type { LinkRelations } from '../core/links.js';
import { actionLink } from '../messages/links.js';

export const chatLinkRelations: LinkRelations = {
  conversation: [
    { rel: 'self', href: '/networks/{networkEID}/conversations/{EID}' },
    { rel: 'messages', href: '/networks/{networkEID}/conversations/{EID}/messages/' },
    // Live content: a POST says the caller is typing here.
    { rel: 'typing', href: '/networks/{networkEID}/conversations/{EID}/typing' },
    // Pins: the messages its participants pinned.
    { rel: 'pinned', href: '/networks/{networkEID}/conversations/{EID}/pinned/' },
  ],
  chat_message: [
    { rel: 'conversation', href: '/networks/{networkEID}/conversations/{conversation.EID}' },
    { rel: 'delete', href: '/networks/{networkEID}/chat/messages/{EID}/delete' },
    // Pins: shown to the participants while the message is not deleted.
    actionLink('pin', '/networks/{networkEID}/chat/messages/{EID}/pin'),
    actionLink('unpin', '/networks/{networkEID}/chat/messages/{EID}/unpin'),
  ],
};
