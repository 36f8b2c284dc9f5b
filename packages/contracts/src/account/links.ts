/**
 * HAL link relations of the account resource types, as data (spread into
 * `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';

export const accountLinkRelations: LinkRelations = {
  user_settings: [{ rel: 'self', href: '/networks/{networkEID}/users/{me}/settings/' }],
  new_features: [{ rel: 'self', href: '/networks/{networkEID}/users/{me}/new-features/' }],
  host_info: [
    { rel: 'self', href: '/networks/{networkEID}/host-info/' },
    { rel: 'network', href: '/networks/{networkEID}/' },
  ],
  presence: [
    { rel: 'self', href: '/networks/{networkEID}/users/{user.EID}/presence/' },
    { rel: 'user', href: '/networks/{networkEID}/users/{user.EID}/' },
  ],
  session: [{ rel: 'self', href: '/sessions/{EID}/' }],
  token_status: [{ rel: 'self', href: '/token-status/' }],
};
