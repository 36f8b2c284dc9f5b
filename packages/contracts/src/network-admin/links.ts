/**
 * HAL link relations of the network operations' resource types, as data
 * (spread into `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';

export const networkAdminLinkRelations: LinkRelations = {
  label: [
    { rel: 'self', href: '/networks/{networkEID}/labels/{EID}/' },
    { rel: 'labels', href: '/networks/{networkEID}/labels/' },
  ],
  network_features: [
    { rel: 'self', href: '/networks/{networkEID}/features/' },
    { rel: 'network', href: '/networks/{networkEID}/' },
  ],
  network_subscription: [
    { rel: 'self', href: '/networks/{networkEID}/subscription/' },
    { rel: 'network', href: '/networks/{networkEID}/' },
  ],
  email_settings: [{ rel: 'self', href: '/networks/{networkEID}/users/{me}/email-settings/' }],
  terms_of_service: [{ rel: 'self', href: '/networks/{networkEID}/terms/' }],
};
