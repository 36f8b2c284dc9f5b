/**
 * Writing news and scheduled items: the fields a new message takes from the news part of the create
 * body (status, title, concatenated news, `scheduledAt`), and publishing a draft.
 */
import { DomainError, type CallerGroupAccess } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, presentOne } from '../messages/presentation.js';
import { findReadableMessage } from '../messages/reading.js';
import { timelineKeyOf } from '../messages/rules.js';
import type { WriteDeps } from '../messages/deps.js';
import { requireNewsPoster } from './rules.js';
import { messageAudience } from '../messages/audience.js';
import type { NewsStore } from './jobs-model.js';

type CreateBody = RequestOf<'message.create'>['body'];

/** `scheduledAt` as a date: a future time, never on a draft (400 naming it otherwise). */
function scheduledAtOf(body: CreateBody, now: Date): Date | null {
  if (body.scheduledAt === undefined) return null;
  const at = new Date(body.scheduledAt);
  if (Number.isNaN(at.getTime()) || at <= now || body.status === 'draft') {
    throw new DomainError('MESSAGING_ERR_SCHEDULED_AT_INVALID', undefined, [
      { pointer: '/body/scheduledAt', message: 'must be a future time, not on a draft' },
    ]);
  }
  return at;
}

/** The concatenated items must be published news of the network (one query). */
async function checkConcatenated(models: NewsStore, caller: Caller, EIDs: readonly string[]) {
  const found = await models.Message.countDocuments({
    _id: { $in: EIDs },
    networkEID: caller.networkEID,
    type: 'news',
    status: 'published',
  });
  if (found !== EIDs.length) {
    throw new DomainError('MESSAGING_ERR_CONCATENATED_NOT_NEWS', undefined, [
      { pointer: '/body/concatenatedFrom', message: 'names a message that is not published news here' },
    ]);
  }
}

/**
 * The stored fields a new message takes from the news part of the body. A draft or a scheduled
 * item is on no timeline (`timelineKey: null`) until it is published.
 */
export async function newsFieldsOf(
  models: NewsStore,
  caller: Caller,
  access: CallerGroupAccess,
  body: CreateBody,
) {
  const now = new Date();
  // The news fields on another type were refused with the other fields (messages/types.ts).
  if (body.type === 'news') {
    requireNewsPoster(access, body.group?.EID ?? null);
    if (body.concatenatedFrom) await checkConcatenated(models, caller, body.concatenatedFrom);
  }
  const scheduledAt = scheduledAtOf(body, now);
  const status: 'published' | 'draft' | 'scheduled' = scheduledAt
    ? 'scheduled'
    : (body.status ?? 'published');
  return {
    status,
    title: body.title ?? null,
    ...(body.concatenatedFrom ? { concatenatedFrom: [...body.concatenatedFrom] } : {}),
    scheduledAt,
    ...(status === 'published' ? {} : { timelineKey: null }),
  };
}

/**
 * Publishes a draft (its author or a network administrator, the only ones who see it): it joins
 * its timeline now. A compare-and-set on `status`: publishing twice is a 409.
 */
export async function publishDraft(
  { models, rpc, outbox }: WriteDeps<NewsStore>,
  caller: Caller,
  messageEID: string,
) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  const now = new Date();
  const published =
    message.status === 'draft'
      ? await models.Message.findOneAndUpdate(
          { _id: message._id, networkEID: caller.networkEID, status: 'draft' },
          {
            $set: {
              status: 'published',
              timelineKey: timelineKeyOf(message.groupEID ?? null, message.profileEID ?? null),
              timelineAt: now,
            },
          },
          { returnDocument: 'after' },
        ).lean<MessageDoc>()
      : null;
  if (!published) throw new DomainError('MESSAGING_ERR_NOT_A_DRAFT');
  await outbox.record('messaging.message.published', {
    networkEID: caller.networkEID,
    actor: { type: 'user', EID: caller.profileEID },
    audience: messageAudience(published),
    data: { message: messageSummary(published) },
  });
  return presentOne(models, caller, published);
}
