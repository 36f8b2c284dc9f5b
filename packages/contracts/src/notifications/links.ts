/**
 * HAL link relations of the alert resources, as data (spread into `linkRelations`, links.ts). The
 * subject is linked when it is a message (`message`) or a group (`group`).
 */
import type { LinkRelations } from '../core/links.js';

export const notificationsLinkRelations: LinkRelations = {
  alert: [
    { rel: 'message', href: '/networks/{networkEID}/messages/{message.EID}/' },
    { rel: 'group', href: '/networks/{networkEID}/groups/{group.EID}/' },
    { rel: 'alerts', href: '/networks/{networkEID}/alerts/' },
  ],
  alert_markread: [{ rel: 'alerts', href: '/networks/{networkEID}/alerts/' }],
};
