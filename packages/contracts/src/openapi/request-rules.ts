/**
 * Rules that refuse a request its schemas accept, said in the operation's description. They stay
 * out of the schemas on purpose: the gateway validates with those same schemas, so a rule moved
 * there would answer the generic schema error (-2) instead of the rule's own code, which clients
 * act on. Each rule is quoted from the error catalogue, so the document cannot drift from it.
 */
import { errorCatalogue, type ErrorName } from '../errors.js';

/** Route id → the errors that refuse a schema-valid request of it for its content alone. */
export const REQUEST_RULES: Readonly<Record<string, readonly ErrorName[]>> = {
  'tasks.list': [
    'TASKS_ERR_DUE_DATE_NONE_COMBINED',
    'INVALID_DATE_RANGE',
    'TASKS_ERR_OFFSET_MESSAGES_UNSUPPORTED',
  ],
  'taskProgress.list': ['TASKS_ERR_GROUP_FILTER_NOT_SPLIT'],
  'message.create': [
    'MESSAGING_ERR_PROFILE_AND_GROUP',
    'MESSAGING_ERR_EMPTY_BODY',
    'MESSAGING_ERR_FIELD_NOT_FOR_TYPE',
    'MESSAGING_ERR_NEWS_ONLY_FIELD',
    'MESSAGING_ERR_SCHEDULED_AT_INVALID',
    'TASKS_ERR_ASSIGNEES_REQUIRED',
    'TASKS_ERR_TOO_MANY_ASSIGNEES',
    'MESSAGING_ERR_POLL_INVALID',
    'EVENTS_ERR_EVENT_REQUIRED',
    'INVALID_DATE_RANGE',
  ],
  'message.edit': [
    'MESSAGING_ERR_EMPTY_BODY',
    'MESSAGING_ERR_FIELD_NOT_FOR_TYPE',
    'MESSAGING_ERR_NEWS_ONLY_FIELD',
    'MESSAGING_ERR_SCHEDULED_AT_INVALID',
    'MESSAGING_ERR_RECIPIENTS_EDIT',
  ],
  'comment.create': ['MESSAGING_ERR_EMPTY_BODY', 'MESSAGING_ERR_COMMENT_ON_COMMENT'],
  'category.create': ['KB_ERR_PARENT_NOT_TOP_LEVEL'],
  'categoryManager.assign': ['KB_ERR_MANAGER_TOP_LEVEL_ONLY', 'KB_ERR_MANAGER_EXTERNAL_PROFILE'],
  'page.create': ['KB_ERR_PUBLISHED_PAGE_EMPTY'],
  'page.update': ['KB_ERR_PUBLISHED_PAGE_EMPTY'],
  'journey.create': ['JOURNEYS_ERR_QUESTION_INVALID', 'JOURNEYS_ERR_TOO_MANY_STEPS'],
  'journey.update': ['JOURNEYS_ERR_QUESTION_INVALID', 'JOURNEYS_ERR_TOO_MANY_STEPS'],
  'journeyQuestion.create': ['JOURNEYS_ERR_QUESTION_INVALID', 'JOURNEYS_ERR_TOO_MANY_STEPS'],
  'journeyQuestion.submit': ['JOURNEYS_ERR_CHOICE_COUNT', 'JOURNEYS_ERR_CHOICE_UNKNOWN'],
  'menu.update': ['SETTINGS_ERR_MENU_LINK_REPEATED'],
  'syncUser.sync': ['SYNC_ERR_SIGN_IN_NAME_REQUIRED'],
};

/** The rules of a route as one sentence each: `Refused (400, -357): due_date_none cannot …`. */
export function requestRulesOf(routeId: string): string[] {
  return (REQUEST_RULES[routeId] ?? []).map((name) => {
    const error = errorCatalogue[name];
    return `Refused (${error.status}, code ${error.code}): ${error.message}`;
  });
}
