/**
 * Tasks as a message feature: a new task's plan (kind, assignees, addressed groups, checked with
 * the post's one access request), what follows its creation (assignments, child tasks, its event),
 * and what a task shows and offers the caller.
 */
import { withActions, type MessageFeature } from '../messages/features.js';
import type { TaskStore } from './models.js';
import { taskActionsOf } from './affordances.js';
import { recordTaskPosted, taskFieldsOf, taskPlanOf } from './posting.js';
import { taskResourceFieldsOf, taskViewsOf } from './presentation.js';

export function tasksFeature(models: TaskStore): MessageFeature {
  return {
    name: 'tasks',
    groupsOfNew: (_caller, body) =>
      body.type === 'task' ? (body.task?.groups ?? []).map((group) => group.EID) : [],
    async create({ deps, caller, access, body }) {
      const plan = await taskPlanOf(deps.rpc, caller, access, body);
      if (plan === null) return undefined;
      return {
        fields: taskFieldsOf(plan),
        after: (message) => recordTaskPosted({ ...deps, models }, caller, message, plan),
      };
    },
    async present(caller, docs) {
      const views = await taskViewsOf(models, caller, docs);
      return (doc, resource) =>
        withActions(
          { ...resource, ...taskResourceFieldsOf(doc, views) }, // and a child task's `parent`
          taskActionsOf(doc, caller, views.own.get(String(doc._id))),
        );
    },
  };
}
