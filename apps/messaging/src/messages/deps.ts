/**
 * What a write needs: the collections it works with (the core's, or an area's own beside them), the
 * RPC client to ask other services, and the outbox.
 */
import type { Outbox, RpcClient } from '@ncs/service-kit';
import type { CoreStore } from './features.js';

export interface WriteDeps<M extends CoreStore = CoreStore> {
  readonly models: M;
  readonly rpc: RpcClient;
  readonly outbox: Outbox;
}
