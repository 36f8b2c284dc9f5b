/**
 * HAL link relations of saved items, as data (spread into `linkRelations`, links.ts). A saved item
 * links the thing it names: `message` (a message or comment) or `page` (a knowledge-base page).
 */
import type { LinkRelations } from '../core/links.js';

export const savedLinkRelations: LinkRelations = {
  saved_item: [
    { rel: 'self', href: '/networks/{networkEID}/saved-items/{EID}/' },
    { rel: 'message', href: '/networks/{networkEID}/messages/{message.EID}/' },
    { rel: 'page', href: '/networks/{networkEID}/knowledge-base/pages/{page.EID}/' },
  ],
};
