/** What search reads: the directory's profiles and the groups (the directory's store holds both). */
import type { DirectoryStore } from '../directory/dependencies.js';

export type SearchStore = DirectoryStore;
