/**
 * HAL link relations of the groups resource types, as data (spread into `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';

const GROUPS = '/networks/{networkEID}/groups';

export const groupsLinkRelations: LinkRelations = {
  group: [
    { rel: 'self', href: `${GROUPS}/{EID}/` },
    { rel: 'parentGroup', href: `${GROUPS}/{parent.EID}/` },
    { rel: 'subgroups', href: `${GROUPS}/{EID}/subgroups/` },
    { rel: 'members', href: `${GROUPS}/{EID}/members/` },
    { rel: 'networkTheme', href: '/networks/{networkEID}/themes/{networkTheme.EID}/' },
  ],
  group_type: [
    { rel: 'self', href: '/networks/{networkEID}/group-types/' },
    { rel: 'groups', href: `${GROUPS}/?type={name}` },
  ],
  group_membership: [
    { rel: 'self', href: `${GROUPS}/{group.EID}/members/{user.EID}/` },
    { rel: 'group', href: `${GROUPS}/{group.EID}/` },
    { rel: 'user', href: '/networks/{networkEID}/users/{user.EID}/' },
  ],
};
