/**
 * The catalogue of internal request subjects (ARCHITECTURE §6): every `rpc.<service>.<resource>.<action>`
 * subject that is not an HTTP route, with the schemas of its request body and of its reply, each
 * defined in the area its schemas belong to. `internalSubjects.x` is the subject string, typed with
 * its body and reply: callers (`rpc.request`) and handlers (service-kit's `internalHandler`) take
 * their types from it.
 */
import type { InternalSubjectDefinition } from './core/internal-subject.js';
import { subjectsOf } from './core/internal-subject.js';
import { coreInternalSubjects } from './core/internal-subjects.js';
import { assistantInternalSubjects } from './assistant/internal-subjects.js';
import { chatInternalSubjects } from './chat/internal-subjects.js';
import { filesInternalSubjects } from './files/internal-subjects.js';
import { messagesInternalSubjects } from './messages/internal-subjects.js';
import { notificationsInternalSubjects } from './notifications/internal-subjects.js';
import { pollsInternalSubjects } from './polls/internal-subjects.js';
import { searchInternalSubjects } from './search/internal-subjects.js';
// Saved items.
import { savedInternalSubjects } from './saved/internal-subjects.js';
import { settingsInternalSubjects } from './settings/internal-subjects.js';
import { webhooksInternalSubjects } from './webhooks/subjects.js';

export const internalSubjectCatalogue = {
  ...coreInternalSubjects,
  ...settingsInternalSubjects,
  ...messagesInternalSubjects,
  ...assistantInternalSubjects,
  ...searchInternalSubjects,
  ...pollsInternalSubjects,
  ...notificationsInternalSubjects,
  ...chatInternalSubjects,
  ...filesInternalSubjects,
  ...webhooksInternalSubjects,
  ...savedInternalSubjects,
} as const;

export type InternalSubjectName = keyof typeof internalSubjectCatalogue;

/** Every internal subject by name: `rpc.request(internalSubjects.groupAccess, { ctx, body })`. */
export const internalSubjects = subjectsOf(internalSubjectCatalogue);

const bySubject: ReadonlyMap<string, InternalSubjectDefinition> = new Map(
  Object.values(internalSubjectCatalogue).map((definition) => [definition.subject, definition]),
);

/** The definition of an internal subject, by its subject string (undefined: not internal). */
export function internalSubjectDefinition(subject: string): InternalSubjectDefinition | undefined {
  return bySubject.get(subject);
}
