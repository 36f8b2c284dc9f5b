/** What whoami reads: the directory's networks and profiles (and, for an app, its installations). */
import type { CoreDependencies } from '../core/dependencies.js';
import type { DirectoryStore } from '../directory/dependencies.js';

export type WhoamiStore = DirectoryStore;

export type WhoamiDependencies = CoreDependencies<WhoamiStore>;
