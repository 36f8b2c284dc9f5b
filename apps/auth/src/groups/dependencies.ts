/**
 * What the groups area reads and is given: groups, group memberships, membership requests and
 * group widgets (a group's widgets go when it is deleted; group-structure/ writes them). Of the
 * apps area it uses only a rule (a group's redirect URIs are app URLs), not its collections.
 */
import type { CoreDependencies } from '../core/dependencies.js';
import type { CoreModels } from '../core/models.js';
import type { GroupsModels } from './models.js';
import type { GroupRequestsModels } from './requests/models.js';
import type { GroupWidgetsModels } from './widget-models.js';

export interface GroupsStore extends CoreModels, GroupsModels, GroupRequestsModels, GroupWidgetsModels {}

export type GroupsDependencies = CoreDependencies<GroupsStore>;
