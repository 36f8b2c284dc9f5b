/**
 * Tasks factories: posting a task over HTTP, completing and reopening it, the paths of
 * the tasks list, recipients and progress, and people with chosen names (for the name order).
 */
import { call, type ApiResponse } from '../api.js';
import { setProfileFields } from './directory.js';
import type { TestNetwork } from './core.js';
import { addMember } from './groups.js';
import { messagesPath, type MessageBody } from './messages.js';

export const tasksPath = (networkEID: string, query = '') => `/networks/${networkEID}/tasks/${query}`;
export const progressPath = (networkEID: string, taskEID: string, query = '') =>
  `/networks/${networkEID}/tasks/${taskEID}/progress/${query}`;
export const recipientsPath = (networkEID: string, taskEID: string, query = '') =>
  `/network/${networkEID}/tasks/${taskEID}/recipients/${query}`;

export interface TaskObject {
  kind: string;
  dueDate: string | null;
  completed: boolean;
  completedAt: string | null;
  completedBy: { type: string; EID: string } | null;
  numAssignees: number;
  numCompleted: number;
  assignees: { type: string; EID: string }[];
  groups: { type: string; EID: string }[];
  _user: { assigned: boolean; completed: boolean };
}
export type TaskBody = MessageBody & { task: TaskObject };

export const userRef = (EID: string) => ({ type: 'user', EID });
export const groupRef = (EID: string) => ({ type: 'group', EID });

/** `POST …/messages/` of a task with `task` as `token` (whatever the answer). */
export function postTask(
  networkEID: string,
  token: string,
  task: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<ApiResponse<TaskBody>> {
  return call<TaskBody>(messagesPath(networkEID), {
    token,
    json: { type: 'task', htmlBody: '<p>Do it</p>', task, ...extra },
  });
}

/** Posts a task; fails unless 201. */
export async function newTask(
  networkEID: string,
  token: string,
  task: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<TaskBody> {
  const answer = await postTask(networkEID, token, task, extra);
  if (answer.status !== 201) throw new Error(`task: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** `POST …/messages/{taskEID}/complete` or `/reopen` as `token`. */
export function setCompleted(networkEID: string, taskEID: string, token: string, done = true) {
  return call<TaskBody>(messagesPath(networkEID, `${taskEID}/${done ? 'complete' : 'reopen'}`), {
    method: 'POST',
    token,
  });
}

export interface NamedPerson {
  readonly profileEID: string;
  readonly token: string;
  readonly fullName: string;
}

/** New members named `firstName lastName` (in the order given), each joined to `groupEID` when given. */
export async function namedMembers(
  network: TestNetwork,
  names: readonly (readonly [string, string])[],
  group?: { readonly EID: string; readonly adminToken: string },
): Promise<NamedPerson[]> {
  return Promise.all(
    names.map(async ([firstName, lastName]) => {
      const person = await network.newMember();
      await setProfileFields(person.profileEID, { firstName, lastName });
      if (group) await addMember(network.networkEID, group.EID, group.adminToken, person.profileEID);
      return {
        profileEID: person.profileEID,
        token: await person.token(),
        fullName: `${firstName} ${lastName}`,
      };
    }),
  );
}
