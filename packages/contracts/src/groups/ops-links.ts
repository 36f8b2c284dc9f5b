/**
 * HAL link relations of the group operations' resource types, as data (spread into
 * `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';

const GROUPS = '/networks/{networkEID}/groups';

export const groupOpsLinkRelations: LinkRelations = {
  group_membership_request: [
    { rel: 'self', href: `${GROUPS}/{group.EID}/membership-requests/{user.EID}/` },
    { rel: 'group', href: `${GROUPS}/{group.EID}/` },
    { rel: 'user', href: '/networks/{networkEID}/users/{user.EID}/' },
  ],
};
