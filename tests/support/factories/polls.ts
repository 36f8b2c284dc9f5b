/**
 * Poll factories: a poll posted over HTTP, its network-less `/polls/…` paths, and votes.
 */
import { call, type ApiResponse } from '../api.js';
import { uniqueSuffix } from './core.js';
import { messagesPath, type MessageBody } from './messages.js';

export const pollPath = (pollEID: string, rest = '') => `/polls/${pollEID}/${rest}`;

export interface PollAnswerBody {
  type: string;
  EID: string;
  text: string;
  numVotes: number;
}

export interface PollBody extends MessageBody {
  isAnonymous: boolean;
  poll: { answers: PollAnswerBody[]; endsAt: string; ended: boolean; numVotes: number };
  _user: { liked: boolean; vote: { type: string; EID: string } | null };
}

export interface PollFields {
  answers?: string[];
  /** Milliseconds from now (default an hour). */
  endsInMs?: number;
  isAnonymous?: boolean;
  groupEID?: string;
}

/** The create body of a poll. */
export function pollJson(fields: PollFields = {}): Record<string, unknown> {
  return {
    type: 'poll',
    htmlBody: `<p>Question ${uniqueSuffix()}?</p>`,
    poll: {
      answers: (fields.answers ?? ['Yes', 'No']).map((text) => ({ text })),
      endsAt: new Date(Date.now() + (fields.endsInMs ?? 3_600_000)).toISOString(),
    },
    ...(fields.isAnonymous !== undefined ? { isAnonymous: fields.isAnonymous } : {}),
    ...(fields.groupEID ? { group: { type: 'group', EID: fields.groupEID } } : {}),
  };
}

/** Posts a poll as `token`; throws unless 201. */
export async function newPoll(networkEID: string, token: string, fields: PollFields = {}): Promise<PollBody> {
  const answer = await call<PollBody>(messagesPath(networkEID), { token, json: pollJson(fields) });
  if (answer.status !== 201) throw new Error(`poll: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** `POST /polls/{pollEID}/votes/` as `token` (the answer, whatever it is). */
export function voteFor(pollEID: string, answerEID: string, token: string): Promise<ApiResponse<PollBody>> {
  return call<PollBody>(pollPath(pollEID, 'votes/'), { token, json: { answerEID } });
}

/** `POST /polls/{pollEID}/reactivate` as `token`. */
export function reactivate(pollEID: string, token: string): Promise<ApiResponse<PollBody>> {
  return call<PollBody>(pollPath(pollEID, 'reactivate'), { method: 'POST', token });
}

/** Waits until `endsAt` has passed. */
export async function untilEnded(poll: PollBody): Promise<void> {
  const wait = new Date(poll.poll.endsAt).getTime() - Date.now() + 50;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
