/** What a write needs: the models, the RPC client to ask other services, and the outbox. */
import type { Outbox, RpcClient } from '@ncs/service-kit';
import type { MessagingModels } from './models.js';

export interface WriteDeps {
  readonly models: MessagingModels;
  readonly rpc: RpcClient;
  readonly outbox: Outbox;
}
