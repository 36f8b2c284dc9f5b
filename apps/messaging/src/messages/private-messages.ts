/**
 * The caller's private messages, sent and received, newest first: served by the index
 * `{networkEID, type, participantEIDs, timelineAt: -1, _id: -1}` (equality on the network, the
 * type and the caller among the participants, then the sort).
 */
import type { PlainCollection } from '@ncs/contracts';
import { pageOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from './access.js';
import { presentMessages } from './presentation.js';
import type { CoreStore } from './features.js';

export async function listPrivateMessages(
  models: CoreStore,
  rpc: RpcClient,
  caller: Caller,
  page: Page,
): Promise<PlainCollection> {
  // Asked without groups: a member suspended a moment ago is refused at once (404, by auth).
  await accessOf(rpc, caller, []);
  return pageOf(
    models.Message,
    {
      filter: { networkEID: caller.networkEID, type: 'private_message', participantEIDs: caller.profileEID },
      sort: { timelineAt: -1, _id: -1 },
    },
    page,
    { itemType: 'message', rel: 'messages' },
    (docs) => presentMessages(models, caller, docs),
  );
}
