/**
 * Edit history as a message feature: an edit that changes the text keeps the version it replaces
 * (after the edit is stored, so a refused or lost edit keeps none), and a removal takes the
 * versions with it.
 */
import type { MessageFeature } from '../messages/features.js';
import type { HistoryStore } from './models.js';
import { recordVersion, removeHistory } from './recording.js';
import { changesText } from './rules.js';

export function historyFeature(models: HistoryStore): MessageFeature {
  return {
    name: 'history',
    edit({ caller, message, body, htmlBody, now }) {
      if (!changesText(message, body, htmlBody)) return undefined;
      return { after: () => recordVersion(models, message, caller.profileEID, now) };
    },
    remove: (_caller, message) => removeHistory(models, message),
  };
}
