/**
 * What a group's structure (relations, users add/merge, widgets) reads and is given: the groups'
 * collections (group widgets among them) and the directory's (profiles, by external id too).
 */
import type { CoreDependencies } from '../core/dependencies.js';
import type { DirectoryStore } from '../directory/dependencies.js';
import type { GroupsStore } from '../groups/dependencies.js';

export interface GroupStructureStore extends GroupsStore, DirectoryStore {}

export type GroupStructureDependencies = CoreDependencies<GroupStructureStore>;
