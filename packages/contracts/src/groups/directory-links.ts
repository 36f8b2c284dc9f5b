/**
 * HAL link relations of the group operations' resource types, part 3 (relations, users
 * add/merge, widgets), as data (spread into `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';

const GROUPS = '/networks/{networkEID}/groups';

export const groupDirectoryLinkRelations: LinkRelations = {
  group_relation: [
    { rel: 'self', href: `${GROUPS}/{parent.EID}/relations/{subgroup.EID}/` },
    { rel: 'parentGroup', href: `${GROUPS}/{parent.EID}/` },
    { rel: 'subgroup', href: `${GROUPS}/{subgroup.EID}/` },
  ],
  group_users_result: [
    { rel: 'group', href: `${GROUPS}/{data.group.EID}/` },
    { rel: 'members', href: `${GROUPS}/{data.group.EID}/members/` },
  ],
  group_widget: [
    { rel: 'self', href: `${GROUPS}/{group.EID}/widgets/{EID}/` },
    { rel: 'group', href: `${GROUPS}/{group.EID}/` },
    { rel: 'widgets', href: `${GROUPS}/{group.EID}/widgets/` },
  ],
};
