/**
 * What auth answers for messaging's chat (chat partners, the AI assistant's bot) reads: the
 * directory's profiles (the `scope=chat` filter) and the settings' features.
 */
import type { DirectoryStore } from '../directory/dependencies.js';

export type ChatStore = DirectoryStore;
