/** What user sync reads and is given: the directory's profiles and networks. */
import type { CoreDependencies } from '../core/dependencies.js';
import type { DirectoryStore } from '../directory/dependencies.js';

export type SyncStore = DirectoryStore;

export type SyncDependencies = CoreDependencies<SyncStore>;
