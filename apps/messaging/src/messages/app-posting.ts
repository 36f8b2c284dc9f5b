/**
 * App posting: an app's client-credentials token posts an `app_update` to the network
 * timeline with the application permission `post_updates`, to a group with `post_to_any_group`
 * (hidden groups too). The app is the author (`author` `{type: 'app'}`). Everything else an app
 * token asks of messaging stays 403 -307 (`callerOf`). Its permissions come from auth's store at
 * the time of the request (`groupAccess`, which answers an app caller with `app`).
 */
import { DomainError, internalSubjects, isEid, type RequestContext } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import { callerOf, type Caller } from './access.js';
import type { WriteDeps } from './deps.js';
import type { NewMessagePart } from './features.js';
import { messageSummary, presentOne } from './presentation.js';
import { timelineKeyOf } from './rules.js';
import { commonTypeFieldsOf } from './type-fields.js';
import { checkFieldsOfType, fieldProblem, ownedFields, requireAppPoster } from './types.js';
import { postMessage, sanitisedBody, storeMessage } from './writing.js';
import { searchTokensOf } from './search-tokens.js';
import { latestCreateBody } from './announcement-gate.js';
import { messageAudience } from './audience.js';

type CreateBody = RequestOf<'message.create'>['body'];

/** An app (client-credentials) token: an app, without an account or a profile. */
export function appOf(ctx: RequestContext): { networkEID: string; appEID: string } | null {
  const principal = ctx.principal;
  if (!principal?.appEID || principal.accountId || principal.profileEID) return null;
  if (!isEid(ctx.networkEID)) throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  return { networkEID: ctx.networkEID, appEID: principal.appEID };
}

/** `message.create`: a person's post, or an app's app_update. */
export function postMessageAs(deps: WriteDeps, ctx: RequestContext, versionedBody: CreateBody) {
  const body = latestCreateBody(ctx, versionedBody); // The 1.4.8 gate (`event`).
  const app = appOf(ctx);
  if (!app) return postMessage(deps, callerOf(ctx), body);
  return postAppUpdate(deps, ctx, app, body);
}

async function postAppUpdate(
  { models, rpc, outbox }: WriteDeps,
  ctx: RequestContext,
  app: { networkEID: string; appEID: string },
  body: CreateBody,
) {
  if (body.type !== 'app_update') throw new DomainError('MESSAGING_ERR_USER_CALLER_REQUIRED');
  // The fields other types own (news, tasks, polls, events) are a 400 naming them, never dropped.
  for (const field of ownedFields) {
    if (body[field] !== undefined) throw fieldProblem(field, 'is not taken for type app_update');
  }
  checkFieldsOfType('app_update', body);
  const groupEID = body.group?.EID ?? null;
  const access = await rpc.request(internalSubjects.groupAccess, {
    ctx,
    body: { EIDs: groupEID === null ? [] : [groupEID] },
  });
  requireAppPoster(access, groupEID);
  const htmlBody = sanitisedBody(body.htmlBody);
  // The app is the attacher of its files; only the features that take part in app posts run.
  const asApp: Caller = { networkEID: app.networkEID, profileEID: app.appEID, ctx };
  const input = { deps: { rpc, outbox }, caller: asApp, access, body, now: new Date() };
  const parts: (NewMessagePart | undefined)[] = [];
  for (const feature of models.features) if (feature.forApps) parts.push(await feature.create?.(input));
  const fields = {
    networkEID: app.networkEID,
    type: 'app_update',
    authorEID: app.appEID,
    authorType: 'app',
    htmlBody,
    searchTokens: searchTokensOf(htmlBody),
    groupEID,
    timelineKey: timelineKeyOf(groupEID),
    timelineAt: input.now,
    ...commonTypeFieldsOf(body),
  };
  const message = await storeMessage({ models, rpc, outbox }, fields, parts, async (stored) => {
    await outbox.record('messaging.message.created', {
      networkEID: app.networkEID,
      actor: { type: 'app', EID: app.appEID },
      audience: messageAudience(stored),
      data: { message: messageSummary(stored), mentions: [] },
    });
  });
  // Presented for the app: it likes and reads nothing (`_user` all false).
  return presentOne(models, asApp, message);
}
