/**
 * HAL link relations of tasks: a task message has the relations of an update plus its progress
 * and recipients; a child task (`associated`) links its `parent` through the message's `parent`.
 */
import type { LinkRelation, LinkRelations } from '../core/links.js';
import { actionLink, messagesLinkRelations } from '../messages/links.js';

const TASK = '/networks/{networkEID}/tasks/{EID}';

const taskRelations: readonly LinkRelation[] = [
  ...(messagesLinkRelations.update ?? []),
  { rel: 'progress', href: `${TASK}/progress/` },
  { rel: 'recipients', href: '/network/{networkEID}/tasks/{EID}/recipients/' },
  // Affordances: shown to whoever may complete (or reopen) it now.
  actionLink('complete', '/networks/{networkEID}/messages/{EID}/complete'),
  actionLink('reopen', '/networks/{networkEID}/messages/{EID}/reopen'),
];

export const tasksLinkRelations: LinkRelations = {
  task: taskRelations,
};
